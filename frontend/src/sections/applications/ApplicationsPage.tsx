import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { getListAffiliatesQueryKey } from '../../api/generated/affiliates/affiliates';
import {
  getListApplicationsQueryKey,
  getListAvailableCampaignsQueryKey,
  getListCampaignsQueryKey,
  useApproveApplication,
  useListApplications,
  useRejectApplication,
} from '../../api/generated/campaigns/campaigns';
import type { Application, MembershipStatus } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { membershipStatuses } from '../offers/membership';
import { MembershipChip } from '../offers/MembershipChip';
import { SectionHeader } from '../SectionHeader';

type Filter = MembershipStatus | 'all';
const filters: Filter[] = [...membershipStatuses, 'all'];

/** Brand 'Applications': affiliates' applications to its campaigns, pending first, with approve and reject. */
export default function ApplicationsPage() {
  const { t, i18n } = useTranslation(['campaigns', 'sections']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const applications = useListApplications(filter === 'all' ? { limit: 1000 } : { status: filter, limit: 1000 });
  // A decision changes the application, the campaign's and the affiliate's counts, and what is available.
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListApplicationsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListCampaignsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAffiliatesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAvailableCampaignsQueryKey() }),
    ]);
  // The buttons come back once the lists are fetched again.
  const approve = useApproveApplication({ mutation: { onSuccess: reload } });
  const reject = useRejectApplication({ mutation: { onSuccess: reload } });
  const busy = approve.isPending || reject.isPending;

  const decide = async (application: Application, decision: 'approve' | 'reject') => {
    try {
      await (decision === 'approve' ? approve : reject).mutateAsync({ id: application.id });
      toast({
        severity: 'success',
        message: t(decision === 'approve' ? 'applications.approvedToast' : 'applications.rejectedToast', { affiliate: application.affiliate_name, campaign: application.campaign_name }),
      });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failedTitle'), message: errorMessage(error, t('applications.failed')) });
    }
  };

  const list = applications.data?.data.applications ?? [];

  return (
    <>
      <SectionHeader
        title={t('sections:titles.applications')}
        subtitle={t('sections:descriptions.applications')}
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            onChange={(_, next: Filter | null) => next && setFilter(next)}
            aria-label={t('applications.filter')}
          >
            {filters.map((option) => (
              <ToggleButton key={option} value={option} data-testid={`applications-filter-${option}`} sx={{ textTransform: 'none' }}>
                {t(`applications.filters.${option}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      <QueryStatus loading={applications.isPending} error={applications.error} onRetry={() => void applications.refetch()} />
      {applications.isSuccess && (
        <Card>
          {list.length === 0 ? (
            <Box sx={{ p: 3 }} data-testid="applications-empty">
              <Typography color="text.secondary">{t(`applications.empty.${filter}`)}</Typography>
            </Box>
          ) : (
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('applications.columns.affiliate')}</TableCell>
                    <TableCell>{t('applications.columns.campaign')}</TableCell>
                    <TableCell>{t('applications.columns.applied')}</TableCell>
                    <TableCell>{t('applications.columns.decided')}</TableCell>
                    <TableCell>{t('applications.columns.status')}</TableCell>
                    <TableCell align="right">{t('applications.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((application) => (
                    <TableRow key={application.id} data-testid="application-row" hover>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {application.affiliate_name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {application.affiliate_email}
                        </Typography>
                      </TableCell>
                      <TableCell>{application.campaign_name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(application.created_at, i18n.language)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{application.decided_at ? formatDate(application.decided_at, i18n.language) : '—'}</TableCell>
                      <TableCell>
                        <MembershipChip status={application.status} viewer="brand" />
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          {application.status !== 'approved' && (
                            <Button
                              size="small"
                              variant="contained"
                              color="success"
                              startIcon={<CheckIcon />}
                              disabled={busy}
                              onClick={() => void decide(application, 'approve')}
                              data-testid="application-approve"
                            >
                              {t('applications.approve')}
                            </Button>
                          )}
                          {application.status !== 'rejected' && (
                            <Button
                              size="small"
                              variant="outlined"
                              color="error"
                              startIcon={<CloseIcon />}
                              disabled={busy}
                              onClick={() => void decide(application, 'reject')}
                              data-testid="application-reject"
                            >
                              {t('applications.reject')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>
      )}
    </>
  );
}
