import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUnsubscribeEmail } from '../api/generated/email/email';
import { AuthCardLayout } from '../components/AuthCardLayout';

/**
 * /unsubscribe?token=…: the unsubscribe link of a mail's footer. It asks first (a mail scanner that
 * opens links must not unsubscribe anyone), then stops that kind of mail without signing in.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(['auth', 'notifications']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeEmail();
  const [kind, setKind] = useState<string | null>(null);
  const [failed, setFailed] = useState(!token);

  const submit = async () => {
    try {
      const response = await unsubscribe.mutateAsync({ params: { signature: token }, data: { 'List-Unsubscribe': 'One-Click' } });
      setKind(response.data.kind);
    } catch {
      setFailed(true);
    }
  };
  const kindName = kind ? t(`notifications:email.kinds.${kind as 'payout_paid'}`) : '';

  return (
    <AuthCardLayout>
      <Typography variant="h5" component="h1">
        {t('auth:unsubscribe.title')}
      </Typography>
      {failed && (
        <Alert severity="error" data-testid="unsubscribe-failed">
          {t('auth:unsubscribe.failed')}
        </Alert>
      )}
      {kind && (
        <Alert severity="success" data-testid="unsubscribe-done">
          {t('auth:unsubscribe.done', { kind: kindName })}
        </Alert>
      )}
      {!failed && !kind && <Typography color="text.secondary">{t('auth:unsubscribe.helpUnknown')}</Typography>}
      <Stack spacing={1.5}>
        {!failed && !kind && (
          <Button variant="contained" color="error" disabled={unsubscribe.isPending} onClick={() => void submit()} data-testid="unsubscribe-submit">
            {t('auth:unsubscribe.submit')}
          </Button>
        )}
        <Button onClick={() => navigate('/')} data-testid="go-to-app">
          {t('auth:unsubscribe.goToApp')}
        </Button>
      </Stack>
    </AuthCardLayout>
  );
}
