import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
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

/** What a region needs of its query to show its skeleton or its failure (a React Query result fits). */
export interface QueryState {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** True once the query failed and is not trying again (a Retry shows the skeleton, not the old error). */
export function hasFailed(query: QueryState | undefined): query is QueryState {
  return query !== undefined && Boolean(query.error) && !query.isFetching;
}

/**
 * In place of data not there yet: the reason and a Retry button once its query failed, else the
 * skeleton while it loads. One or the other, never an error box over skeletons.
 */
export function LoadingOrFailed({ query, skeleton, fallback }: { query?: QueryState; skeleton: ReactNode; fallback?: string }) {
  if (!hasFailed(query)) return skeleton;
  return <QueryStatus loading={false} error={query.error} onRetry={() => void query.refetch()} fallback={fallback} />;
}
