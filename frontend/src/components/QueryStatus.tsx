import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';

/** While a list loads: a spinner; when it failed: the reason and a Retry button. */
export function QueryStatus({
  loading,
  error,
  onRetry,
  fallback,
}: {
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  fallback?: string;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} data-testid="list-loading">
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (!error) return null;
  return (
    <Alert
      severity="error"
      data-testid="list-error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )
      }
    >
      {errorMessage(error, fallback ?? t('states.loadFailed'))}
    </Alert>
  );
}
