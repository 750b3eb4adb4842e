import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { contractLimits } from '../api/contractLimits';
import { errorMessage } from '../api/errors';
import { ApiError } from '../api/fetcher';
import { useResetPassword } from '../api/generated/auth/auth';
import { PasswordField } from '../components/PasswordField';
import { AuthCardLayout } from '../components/AuthCardLayout';
import type { TextKey } from '../i18n/keys';

export const MIN_PASSWORD_LENGTH = 8;
export const REDIRECT_AFTER_RESET_MS = 3_000;

/** The first rule the entered values break, as a translation key, or null. */
export function resetPasswordProblem(token: string, password: string, confirmation: string): TextKey<'auth'> | null {
  if (!token.trim()) return 'reset.missingToken';
  if (password !== confirmation) return 'reset.mismatch';
  if (password.length < MIN_PASSWORD_LENGTH) return 'reset.tooShort';
  return null;
}

function InvalidResetLink() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCardLayout>
      <Typography variant="h5" component="h1">
        {t('reset.invalidTitle')}
      </Typography>
      <Typography color="text.secondary">{t('reset.invalidMessage')}</Typography>
      <Button variant="contained" onClick={() => navigate('/auth')} data-testid="go-to-login">
        {t('reset.goToLogin')}
      </Button>
    </AuthCardLayout>
  );
}

/** /reset-password?token=…: sets a new password with a one-time link (mailed by "Forgot password?", or made by a host). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const reset = useResetPassword();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate('/auth'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (token === null) return <InvalidResetLink />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const problem = resetPasswordProblem(token, password, confirmation);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    try {
      await reset.mutateAsync({ data: { token: token.trim(), newPassword: password } });
      setSuccess(t('reset.success'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 0) {
        const fields = {
          token: { invalid: t('reset.invalidMessage') },
          newPassword: { limits: contractLimits.ResetPasswordRequest.newPassword, invalid: t('reset.tooShort') },
        };
        setError(failure.fromServer ? errorMessage(failure, t('reset.failed'), { fields }) : t('reset.failed'));
      } else {
        setError(t('reset.error'));
      }
    }
  };

  return (
    <AuthCardLayout>
      <Box>
        <Typography variant="h5" component="h1">
          {t('reset.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('reset.subtitle')}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" data-testid="reset-error">
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" data-testid="reset-success">
          {success}
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <PasswordField
          label={t('reset.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={t('reset.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={reset.isPending || success !== null} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
        <Button onClick={() => navigate('/auth')} data-testid="back-to-login">
          {t('reset.backToLogin')}
        </Button>
      </Stack>
    </AuthCardLayout>
  );
}
