import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import { Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useListBrands } from '../../api/generated/brands/brands';
import { getListCampaignsQueryKey, useListCampaigns, useUpdateCampaign } from '../../api/generated/campaigns/campaigns';
import type { Campaign, CampaignStatus } from '../../api/generated/model';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { QueryStatus } from '../../components/QueryStatus';
import { usePaging } from '../../components/usePaging';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { CampaignCard } from './CampaignCard';
import { CampaignDialog } from './CampaignDialog';
import { InviteDialog } from './InviteDialog';

// Campaigns are cards, two to a row on a wide screen: pages of an even size.
const PAGE_SIZES = [12, 24, 48];

/** Brand 'My Offers': the brand's campaigns, the create-campaign dialog, and edit / pause / resume / end. */
export default function BrandOffersPage() {
  const { t } = useTranslation(['campaigns', 'sections', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const paging = usePaging(PAGE_SIZES);
  const campaigns = useListCampaigns(paging.params, { query: { placeholderData: keepPreviousData } });
  // The brand's own record, for the currency new campaigns start in.
  const brands = useListBrands({ limit: 1 });
  const defaultCurrency = brands.data?.data.brands[0]?.default_currency ?? 'RON';
  const [dialog, setDialog] = useState<{ open: boolean; campaign: Campaign | null }>({ open: false, campaign: null });
  const [ending, setEnding] = useState<Campaign | null>(null);
  const [inviting, setInviting] = useState<Campaign | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: getListCampaignsQueryKey() });
  // The list is fetched again before the campaign's buttons come back.
  const update = useUpdateCampaign({ mutation: { onSuccess: reload } });
  const busyId = update.isPending ? update.variables.id : null;

  const changeStatus = async (campaign: Campaign, status: CampaignStatus) => {
    try {
      await update.mutateAsync({ id: campaign.id, data: { status } });
      toast({ severity: 'success', message: t(`toasts.status.${status}`, { name: campaign.name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failedTitle'), message: errorMessage(error, t('toasts.updateFailed')) });
    } finally {
      setEnding(null);
    }
  };

  const list = campaigns.data?.data.campaigns ?? [];
  const openCreate = () => setDialog({ open: true, campaign: null });

  return (
    <>
      <SectionHeader
        title={t('sections:titles.offersBrand')}
        subtitle={t('sections:descriptions.offersBrand')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} data-testid="create-campaign">
            {t('offers.create')}
          </Button>
        }
      />
      <QueryStatus loading={campaigns.isPending} error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      {campaigns.isSuccess && campaigns.data.data.total === 0 && (
        <Card data-testid="campaigns-empty">
          <CardContent>
            <Typography variant="h6">{t('offers.emptyTitle')}</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('offers.emptyBrand')}
            </Typography>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              {t('offers.create')}
            </Button>
          </CardContent>
        </Card>
      )}
      <Grid container spacing={2}>
        {list.map((campaign) => {
          const busy = busyId === campaign.id;
          return (
            <Grid key={campaign.id} size={{ xs: 12, lg: 6 }}>
              <CampaignCard
                campaign={campaign}
                actions={
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => setDialog({ open: true, campaign })}
                      data-testid="campaign-edit"
                    >
                      {t('common:actions.edit')}
                    </Button>
                    {campaign.status === 'active' && (
                      <Button
                        size="small"
                        color="warning"
                        startIcon={<PauseIcon />}
                        disabled={busy}
                        onClick={() => void changeStatus(campaign, 'paused')}
                        data-testid="campaign-pause"
                      >
                        {t('offers.pause')}
                      </Button>
                    )}
                    {campaign.status !== 'active' && (
                      <Button
                        size="small"
                        color="success"
                        startIcon={<PlayIcon />}
                        disabled={busy}
                        onClick={() => void changeStatus(campaign, 'active')}
                        data-testid="campaign-resume"
                      >
                        {campaign.status === 'ended' ? t('offers.reopen') : t('offers.resume')}
                      </Button>
                    )}
                    <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setInviting(campaign)} data-testid="campaign-invite">
                      {t('invite.action')}
                    </Button>
                    {campaign.status !== 'ended' && (
                      <Button
                        size="small"
                        color="error"
                        startIcon={<StopIcon />}
                        disabled={busy}
                        onClick={() => setEnding(campaign)}
                        data-testid="campaign-end"
                      >
                        {t('offers.end')}
                      </Button>
                    )}
                  </Stack>
                }
              />
            </Grid>
          );
        })}
      </Grid>
      {/* The server pages the campaigns, newest first. */}
      {campaigns.isSuccess && campaigns.data.data.total > 0 && <ListPagination {...paging.pagingOf(campaigns.data.data.total)} />}
      {inviting && <InviteDialog campaign={inviting} onClose={() => setInviting(null)} />}
      <CampaignDialog
        open={dialog.open}
        campaign={dialog.campaign}
        defaultCurrency={defaultCurrency}
        onClose={() => setDialog({ open: false, campaign: null })}
        onSaved={(saved, created) => {
          setDialog({ open: false, campaign: null });
          toast({
            severity: 'success',
            title: created ? t('toasts.createdTitle') : t('toasts.updatedTitle'),
            message: t(created ? 'toasts.created' : 'toasts.updated', { name: saved.name }),
          });
          void reload();
        }}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('offers.endTitle')}
        message={t('offers.endConfirm', { name: ending?.name ?? '' })}
        confirmLabel={t('offers.end')}
        busy={busyId !== null}
        onConfirm={() => ending && void changeStatus(ending, 'ended')}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
