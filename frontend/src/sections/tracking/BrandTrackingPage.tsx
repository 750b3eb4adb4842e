import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { Box, Button, Card, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useListApplications } from '../../api/generated/campaigns/campaigns';
import type { LinkStatus, TrackingLink } from '../../api/generated/model';
import {
  getListTrackingLinksQueryKey,
  useDeleteTrackingLink,
  useListTrackingLinks,
  useUpdateTrackingLink,
} from '../../api/generated/tracking/tracking';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { actionsColumn, figureColumn, ServerGrid } from '../../components/ServerGrid';
import { usePaging } from '../../components/usePaging';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { ClickCount, CopyableCode, Destination, LinkStatusChip, RefreshButton } from './LinkParts';
import { TrackingLinkDialog } from './TrackingLinkDialog';
import { toggledStatus } from './linkDisplay';

const PAGE_SIZES = [25, 50, 100];

function Action({ title, testId, disabled, onClick, icon }: { title: string; testId: string; disabled: boolean; onClick: () => void; icon: ReactElement }) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={title} data-testid={testId} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

type Pending = { kind: 'archive' | 'delete'; link: TrackingLink } | null;

/** Brand 'Tracking Links': its links with their clicks, the create dialog, and pause / resume / archive / delete. */
export default function BrandTrackingPage() {
  const { t } = useTranslation(['tracking', 'sections', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Counts come from stored clicks: always ask again when the page opens.
  const paging = usePaging(PAGE_SIZES);
  const links = useListTrackingLinks(paging.params, {
    query: { refetchOnMount: 'always', placeholderData: keepPreviousData },
    request: { cache: 'no-store' },
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: getListTrackingLinksQueryKey() });
  // A link's buttons come back once the list is fetched again.
  const update = useUpdateTrackingLink({ mutation: { onSuccess: reload } });
  const remove = useDeleteTrackingLink({ mutation: { onSuccess: reload } });
  const busyId = update.isPending ? update.variables.id : remove.isPending ? remove.variables.id : null;
  const [dialogOpen, setDialogOpen] = useState(false);
  // Whether any affiliate is approved yet (the dialog says so): one row is enough to know.
  const approved = useListApplications({ status: 'approved', limit: 1 }, { query: { enabled: dialogOpen } });
  const [pending, setPending] = useState<Pending>(null);

  const list = links.data?.data.links ?? [];
  const total = links.data?.data.total ?? 0;

  const changeStatus = async (link: TrackingLink, status: LinkStatus) => {
    try {
      await update.mutateAsync({ id: link.id, data: { status } });
      toast({ severity: 'success', message: t(`toasts.status.${status}`, { name: link.name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failedTitle'), message: errorMessage(error, t('toasts.updateFailed')) });
    } finally {
      setPending(null);
    }
  };

  const deleteLink = async (link: TrackingLink) => {
    try {
      await remove.mutateAsync({ id: link.id });
      toast({ severity: 'success', message: t('toasts.deleted', { name: link.name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failedTitle'), message: errorMessage(error, t('toasts.deleteFailed')) });
    } finally {
      setPending(null);
    }
  };

  const columns: GridColDef<TrackingLink>[] = [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ fontWeight: 600, py: 1, overflowWrap: 'anywhere' }} data-testid="link-name">
          {row.name}
        </Box>
      ),
    },
    {
      field: 'short_code',
      headerName: t('columns.shortCode'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <CopyableCode value={row.tracking_url} shown={row.short_code} testId="link-code" />,
    },
    {
      field: 'destination_url',
      headerName: t('columns.destination'),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <Destination url={row.destination_url} maxWidth={180} />,
    },
    { field: 'affiliate_name', headerName: t('columns.affiliate'), flex: 1, minWidth: 120, sortable: false },
    { field: 'campaign_name', headerName: t('columns.campaign'), flex: 1, minWidth: 120, sortable: false },
    {
      field: 'click_count',
      headerName: t('columns.clicks'),
      ...figureColumn,
      width: 90,
      sortable: false,
      renderCell: ({ row }) => <ClickCount count={row.click_count} bots={row.bot_clicks} />,
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => <LinkStatusChip status={row.status} />,
    },
    actionsColumn<TrackingLink>(
      t('columns.actions'),
      (link) => {
        const busy = busyId === link.id;
        return (
          <>
            {link.status === 'archived' ? (
              <Action
                title={t('actions.restore')}
                testId="link-restore"
                disabled={busy}
                icon={<UnarchiveIcon fontSize="small" />}
                onClick={() => void changeStatus(link, 'active')}
              />
            ) : (
              <Action
                title={link.status === 'active' ? t('actions.pause') : t('actions.resume')}
                testId={link.status === 'active' ? 'link-pause' : 'link-resume'}
                disabled={busy}
                icon={link.status === 'active' ? <PauseIcon fontSize="small" /> : <PlayIcon fontSize="small" />}
                onClick={() => void changeStatus(link, toggledStatus(link.status))}
              />
            )}
            {link.status !== 'archived' && (
              <Action
                title={t('actions.archive')}
                testId="link-archive"
                disabled={busy}
                icon={<ArchiveIcon fontSize="small" />}
                onClick={() => setPending({ kind: 'archive', link })}
              />
            )}
            <Action
              title={t('common:actions.delete')}
              testId="link-delete"
              disabled={busy}
              icon={<DeleteIcon fontSize="small" color={busy ? 'disabled' : 'error'} />}
              onClick={() => setPending({ kind: 'delete', link })}
            />
          </>
        );
      },
      120,
    ),
  ];

  const refresh = () => void links.refetch();
  const openCreate = () => setDialogOpen(true);

  return (
    <>
      <SectionHeader
        title={t('sections:titles.tracking')}
        subtitle={t('sections:descriptions.tracking')}
        actions={
          <Stack direction="row" spacing={1}>
            <RefreshButton busy={links.isFetching} onClick={refresh} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} data-testid="create-link">
              {t('brand.create')}
            </Button>
          </Stack>
        }
      />
      <QueryStatus loading={links.isPending} error={links.error} onRetry={refresh} />
      {links.isSuccess && total === 0 && (
        <Card>
          <Box sx={{ p: 3 }} data-testid="links-empty">
            <Typography variant="h6">{t('brand.emptyTitle')}</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('brand.empty')}
            </Typography>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              {t('brand.create')}
            </Button>
          </Box>
        </Card>
      )}
      {links.isSuccess && total > 0 && (
        <Card>
          <ServerGrid
            label={t('sections:titles.tracking')}
            rows={list}
            columns={columns}
            getRowId={(link) => link.id}
            rowTestId="link-row"
            rowMarks={(link) => ({ 'data-code': link.short_code })}
            paging={paging.pagingOf(total)}
            loading={links.isFetching && links.isPlaceholderData}
            empty=""
            emptyTestId="links-page-empty"
            // Where it leads and in which campaign: what gives way on a narrow screen.
            hideFirst={['destination_url', 'campaign_name']}
          />
        </Card>
      )}
      {links.isSuccess && list.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('clicksNote')}
        </Typography>
      )}
      <TrackingLinkDialog
        open={dialogOpen}
        anyApproved={approved.isSuccess ? approved.data.data.total > 0 : undefined}
        onClose={() => setDialogOpen(false)}
        onCreated={(link) => {
          setDialogOpen(false);
          toast({ severity: 'success', message: t('toasts.created', { name: link.name }) });
          void reload();
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? t('confirm.deleteTitle') : t('confirm.archiveTitle')}
        message={t(pending?.kind === 'delete' ? 'confirm.delete' : 'confirm.archive', { name: pending?.link.name ?? '' })}
        confirmLabel={pending?.kind === 'delete' ? t('common:actions.delete') : t('actions.archive')}
        destructive={pending?.kind === 'delete'}
        busy={busyId !== null}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'delete') void deleteLink(pending.link);
          else void changeStatus(pending.link, 'archived');
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
