import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contractLimits } from '../api/contractLimits';
import { errorMessage } from '../api/errors';
import { useRequestPasswordReset } from '../api/generated/auth/auth';
import { AuthCardLayout } from '../components/AuthCardLayout';

/** /forgot-password: mails a reset link (email on). The answer is the same whether or not the email has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await request.mutateAsync({ data: { email: email.trim() } });
      setSent(true);
    } catch (failure) {
      const fields = { email: { label: t('forgotPassword.email'), limits: contractLimits.ForgotPasswordRequest.email } };
      setError(errorMessage(failure, t('forgotPassword.failed'), { fields }));
    }
  };

  return (
    <AuthCardLayout>
      <Box>
        <Typography variant="h5" component="h1">
          {t('forgotPassword.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('forgotPassword.help')}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" data-testid="forgot-error">
          {error}
        </Alert>
      )}
      {sent && (
        <Alert severity="success" data-testid="forgot-sent">
          {t('forgotPassword.sent')}
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <TextField
          label={t('forgotPassword.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
        />
        <Button type="submit" variant="contained" disabled={request.isPending || !email.trim()} data-testid="forgot-submit">
          {t('forgotPassword.submit')}
        </Button>
        <Button onClick={() => navigate('/auth')} data-testid="back-to-login">
          {t('forgotPassword.backToLogin')}
        </Button>
      </Stack>
    </AuthCardLayout>
  );
}
