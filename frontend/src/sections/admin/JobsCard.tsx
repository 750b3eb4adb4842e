import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetJobStats } from '../../api/generated/admin/admin';
import type { JobKindStats } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { formatCount, formatDateTime } from '../../preferences/format';

/** The kinds of job the platform runs, by the name the server gives them, with their label's key. */
const kindLabels = {
  'conversions.confirm_held': 'confirmHeld',
  'trackingdomains.recheck': 'recheckDomains',
  'platform.cleanup': 'cleanup',
  'email.send': 'sendMail',
  'email.commission_digest': 'commissionDigest',
  'accounts.password_reset': 'passwordReset',
  'webhooks.deliver': 'deliverWebhook',
} as const;

type KnownKind = keyof typeof kindLabels;

function isKnownKind(kind: string): kind is KnownKind {
  return Object.hasOwn(kindLabels, kind);
}

/** Jobs waiting to run: ready now, at a later time, or held back. */
export function waitingJobs(k: JobKindStats): number {
  return k.available + k.scheduled + k.pending;
}

/**
 * The host's view of the background jobs: per kind, how many wait, run, wait for a retry after a
 * failure, were given up (discarded) or finished, and the latest error any of them recorded.
 */
export function JobsCard() {
  const { t, i18n } = useTranslation('admin');
  const stats = useGetJobStats();
  const kinds = stats.data?.data.kinds;
  const count = (n: number, alarm?: 'warning' | 'error') =>
    alarm && n > 0 ? <Chip size="small" color={alarm} label={formatCount(n, i18n.language)} /> : formatCount(n, i18n.language);

  return (
    <Card sx={{ mt: 3 }} data-testid="admin-jobs">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <div>
            <Typography variant="h6" component="h2">
              {t('jobs.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('jobs.subtitle')}
            </Typography>
          </div>
          <Button
            size="small"
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void stats.refetch()}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            data-testid="admin-jobs-refresh"
          >
            {t('jobs.refresh')}
          </Button>
        </Stack>
        <QueryStatus loading={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()} />
        {kinds && kinds.length === 0 && (
          <Typography color="text.secondary" data-testid="admin-jobs-empty">
            {t('jobs.empty')}
          </Typography>
        )}
        {kinds && kinds.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('jobs.title')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('jobs.columns.kind')}</TableCell>
                  <TableCell align="right">{t('jobs.columns.waiting')}</TableCell>
                  <TableCell align="right">{t('jobs.columns.running')}</TableCell>
                  <TableCell align="right">{t('jobs.columns.retryable')}</TableCell>
                  <TableCell align="right">{t('jobs.columns.discarded')}</TableCell>
                  <TableCell align="right">{t('jobs.columns.completed')}</TableCell>
                  <TableCell>{t('jobs.columns.lastError')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {kinds.map((k) => (
                  <TableRow key={k.kind} data-testid={`admin-job-${k.kind}`}>
                    <TableCell>
                      <Typography variant="body2">{isKnownKind(k.kind) ? t(`jobs.kinds.${kindLabels[k.kind]}`) : k.kind}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {k.kind}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{count(waitingJobs(k))}</TableCell>
                    <TableCell align="right">{count(k.running)}</TableCell>
                    <TableCell align="right" data-testid={`admin-job-retryable-${k.kind}`}>
                      {count(k.retryable, 'warning')}
                    </TableCell>
                    <TableCell align="right" data-testid={`admin-job-discarded-${k.kind}`}>
                      {count(k.discarded + k.cancelled, 'error')}
                    </TableCell>
                    <TableCell align="right">{count(k.completed)}</TableCell>
                    <TableCell data-testid={`admin-job-error-${k.kind}`}>
                      {k.last_error ? (
                        <Tooltip title={k.last_error}>
                          {/* A table cell grows to fit unbroken text; the box around it bounds the error to its ellipsis. */}
                          <Box sx={{ maxWidth: { xs: 160, lg: 360 } }}>
                            <Typography variant="body2" noWrap>
                              {k.last_error}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                              {t('jobs.lastErrorWhen', {
                                attempt: k.last_error_attempt ?? 1,
                                when: k.last_error_at ? formatDateTime(k.last_error_at, i18n.language) : '—',
                              })}
                            </Typography>
                          </Box>
                        </Tooltip>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {t('jobs.noError')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
