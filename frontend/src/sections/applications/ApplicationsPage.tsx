import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
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
import { actionsColumn, ServerGrid } from '../../components/ServerGrid';
import { useDebounced } from '../../components/useDebounced';
import { usePaging } from '../../components/usePaging';
import { formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { membershipStatuses } from '../offers/membership';
import { MembershipChip } from '../offers/MembershipChip';
import { SectionHeader } from '../SectionHeader';

type Filter = MembershipStatus | 'all';
const filters: Filter[] = [...membershipStatuses, 'all'];
const PAGE_SIZES = [25, 50, 100];

/** Brand 'Applications': affiliates' applications to its campaigns, pending first, with approve and reject. */
export default function ApplicationsPage() {
  const { t, i18n } = useTranslation(['campaigns', 'sections']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const paging = usePaging(PAGE_SIZES, `${filter} ${query}`);
  const searched = { ...(query ? { query } : {}), ...paging.params };
  const applications = useListApplications(filter === 'all' ? searched : { status: filter, ...searched }, {
    query: { placeholderData: keepPreviousData },
  });
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

  const rows = applications.data?.data.applications ?? [];
  const total = applications.data?.data.total ?? 0;
  const date = (field: 'created_at' | 'decided_at', headerName: string): GridColDef<Application> => ({
    field,
    headerName,
    minWidth: 110,
    sortable: false,
    renderCell: ({ row }) => <Box sx={{ whiteSpace: 'nowrap' }}>{row[field] ? formatDate(row[field], i18n.language) : '—'}</Box>,
  });
  const columns: GridColDef<Application>[] = [
    {
      field: 'affiliate_name',
      headerName: t('applications.columns.affiliate'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.affiliate_name}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.affiliate_email}
          </Typography>
        </Box>
      ),
    },
    { field: 'campaign_name', headerName: t('applications.columns.campaign'), flex: 1, minWidth: 130, sortable: false },
    date('created_at', t('applications.columns.applied')),
    date('decided_at', t('applications.columns.decided')),
    {
      field: 'status',
      headerName: t('applications.columns.status'),
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <MembershipChip status={row.status} viewer="brand" />,
    },
    actionsColumn<Application>(
      t('applications.columns.actions'),
      (application) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
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
        </Box>
      ),
      220,
    ),
  ];

  return (
    <>
      <SectionHeader
        title={t('sections:titles.applications')}
        subtitle={t('sections:descriptions.applications')}
        actions={
          // Side by side only on a wide screen: beside the title, the two take a narrow one's room.
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: { lg: 'center' } }}>
            <TextField
              size="small"
              type="search"
              placeholder={t('applications.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('applications.search'), 'data-testid': 'applications-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
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
          </Stack>
        }
      />
      <QueryStatus loading={applications.isPending} error={applications.error} onRetry={() => void applications.refetch()} />
      {applications.isSuccess && (
        <Card>
          <ServerGrid
            label={t('sections:titles.applications')}
            rows={rows}
            columns={columns}
            getRowId={(row) => row.id}
            rowTestId="application-row"
            paging={paging.pagingOf(total)}
            loading={applications.isFetching && applications.isPlaceholderData}
            empty={
              <Typography color="text.secondary">{query ? t('applications.noMatches', { query }) : t(`applications.empty.${filter}`)}</Typography>
            }
            emptyTestId="applications-empty"
            // When it was applied for and decided: what gives way on a narrow screen.
            hideFirst={['decided_at', 'created_at']}
          />
        </Card>
      )}
    </>
  );
}
