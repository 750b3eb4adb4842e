import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  Box,
  Button,
  Card,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useListApplications, useListCampaigns } from '../../api/generated/campaigns/campaigns';
import type { LinkStatus, TrackingLink } from '../../api/generated/model';
import {
  getListTrackingLinksQueryKey,
  useDeleteTrackingLink,
  useListTrackingLinks,
  useUpdateTrackingLink,
} from '../../api/generated/tracking/tracking';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { formatCount } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { ClickCount, CopyableCode, Destination, LinkStatusChip, RefreshButton } from './LinkParts';
import { TrackingLinkDialog } from './TrackingLinkDialog';
import { toggledStatus } from './linkDisplay';
import { approvedAffiliates } from './linkForm';
import { lessImportant, FitTableContainer } from '../../components/FitTable';

/** The page size for tracking links (docs/product.md §1). */
const LINKS_PARAMS = { limit: 100 };

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
  const { t, i18n } = useTranslation(['tracking', 'sections', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Counts come from stored clicks: always ask again when the page opens.
  const links = useListTrackingLinks(LINKS_PARAMS, { query: { refetchOnMount: 'always' }, request: { cache: 'no-store' } });
  const campaigns = useListCampaigns({ limit: 1000 });
  const applications = useListApplications({ status: 'approved', limit: 1000 });
  const reload = () => queryClient.invalidateQueries({ queryKey: getListTrackingLinksQueryKey() });
  // A link's buttons come back once the list is fetched again.
  const update = useUpdateTrackingLink({ mutation: { onSuccess: reload } });
  const remove = useDeleteTrackingLink({ mutation: { onSuccess: reload } });
  const busyId = update.isPending ? update.variables.id : remove.isPending ? remove.variables.id : null;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<Pending>(null);

  const affiliates = useMemo(() => approvedAffiliates(applications.data?.data.applications ?? [], i18n.language), [applications.data, i18n.language]);
  const campaignList = campaigns.data?.data.campaigns ?? [];
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
      {links.isSuccess && (
        <Card>
          {list.length === 0 ? (
            <Box sx={{ p: 3 }} data-testid="links-empty">
              <Typography variant="h6">{t('brand.emptyTitle')}</Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('brand.empty')}
              </Typography>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
                {t('brand.create')}
              </Button>
            </Box>
          ) : (
            <FitTableContainer cards>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('columns.name')}</TableCell>
                    <TableCell>{t('columns.shortCode')}</TableCell>
                    <TableCell className={lessImportant}>{t('columns.destination')}</TableCell>
                    <TableCell>{t('columns.affiliate')}</TableCell>
                    <TableCell className={lessImportant}>{t('columns.campaign')}</TableCell>
                    <TableCell align="right">{t('columns.clicks')}</TableCell>
                    <TableCell>{t('columns.status')}</TableCell>
                    <TableCell align="right">{t('columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((link) => {
                    const busy = busyId === link.id;
                    return (
                      <TableRow key={link.id} hover data-testid="link-row" data-code={link.short_code}>
                        <TableCell sx={{ fontWeight: 600 }} data-testid="link-name" data-label={t('columns.name')}>
                          {link.name}
                        </TableCell>
                        <TableCell data-label={t('columns.shortCode')}>
                          <CopyableCode value={link.tracking_url} shown={link.short_code} testId="link-code" />
                        </TableCell>
                        <TableCell className={lessImportant} data-label={t('columns.destination')}>
                          <Destination url={link.destination_url} maxWidth={180} />
                        </TableCell>
                        <TableCell data-label={t('columns.affiliate')}>{link.affiliate_name}</TableCell>
                        <TableCell className={lessImportant} data-label={t('columns.campaign')}>
                          {link.campaign_name}
                        </TableCell>
                        <TableCell align="right" data-label={t('columns.clicks')}>
                          <ClickCount count={link.click_count} bots={link.bot_clicks} />
                        </TableCell>
                        <TableCell data-label={t('columns.status')}>
                          <LinkStatusChip status={link.status} />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-label={t('columns.actions')}>
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
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </FitTableContainer>
          )}
          {total > list.length && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
              {t('showing', { shown: formatCount(list.length, i18n.language), total: formatCount(total, i18n.language) })}
            </Typography>
          )}
        </Card>
      )}
      {links.isSuccess && list.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('clicksNote')}
        </Typography>
      )}
      <TrackingLinkDialog
        open={dialogOpen}
        affiliates={affiliates}
        affiliatesLoaded={applications.isSuccess}
        campaigns={campaignList}
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
