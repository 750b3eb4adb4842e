import { Alert, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirmEmail } from '../api/generated/auth/auth';
import { AuthCardLayout } from '../components/AuthCardLayout';

/** /confirm-email?token=…: the link of the confirmation mail; confirms the address on opening, signed in or not. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // once, also under StrictMode's double effects: a token works once
    confirm.mutateAsync({ data: { token } }).then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [token, confirm]);

  return (
    <AuthCardLayout>
      <Typography variant="h5" component="h1">
        {t('confirmEmail.title')}
      </Typography>
      {state === 'working' && <Typography color="text.secondary">{t('confirmEmail.working')}</Typography>}
      {state === 'done' && (
        <Alert severity="success" data-testid="confirm-done">
          {t('confirmEmail.done')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert severity="error" data-testid="confirm-failed">
          {t('confirmEmail.failed')}
        </Alert>
      )}
      <Button variant="contained" onClick={() => navigate('/')} data-testid="go-to-app">
        {t('confirmEmail.goToApp')}
      </Button>
    </AuthCardLayout>
  );
}
