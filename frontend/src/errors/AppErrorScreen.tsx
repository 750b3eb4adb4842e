import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ErrorSeverity } from './severity';

export const SUPPORT_URL = 'https://github.com/openaffiliate/platform/issues';

const alertSeverity: Record<ErrorSeverity, 'info' | 'warning' | 'error'> = {
  low: 'info',
  medium: 'warning',
  high: 'error',
};

/** 'Something went wrong', with retries left, refresh, home, support and the Error ID. */
export function AppErrorScreen({
  severity,
  errorId,
  retriesLeft,
  onRetry,
}: {
  severity: ErrorSeverity;
  errorId: string;
  retriesLeft: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation('errors');
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }} data-testid="app-error">
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ErrorOutlineIcon color="error" />
              <Typography variant="h5" component="h1">
                {t('app.title')}
              </Typography>
            </Stack>
            <Alert severity={alertSeverity[severity]} data-severity={severity}>
              {t(`app.${severity}`)}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" disabled={retriesLeft <= 0} onClick={onRetry}>
                {retriesLeft > 0 ? t('app.tryAgain', { count: retriesLeft }) : t('app.noRetriesLeft')}
              </Button>
              <Button variant="outlined" onClick={() => window.location.reload()}>
                {t('app.refresh')}
              </Button>
              <Button href="/">{t('app.home')}</Button>
            </Stack>
            <Link href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
              {t('app.contactSupport')}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {t('app.errorId', { id: errorId })}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
