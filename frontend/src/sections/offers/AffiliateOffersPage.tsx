import LoginIcon from '@mui/icons-material/Login';
import { Alert, Button, Card, CardContent, Chip, Grid, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import {
  getListAvailableCampaignsQueryKey,
  getListMyCampaignsQueryKey,
  useJoinCampaign,
  useListAvailableCampaigns,
} from '../../api/generated/campaigns/campaigns';
import type { Campaign } from '../../api/generated/model';
import { ListPagination } from '../../components/ListPagination';
import { QueryStatus } from '../../components/QueryStatus';
import { usePaging } from '../../components/usePaging';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { CampaignCard } from './CampaignCard';
import { MembershipChip } from './MembershipChip';

// Offers are cards, two to a row on a wide screen: pages of an even size.
const PAGE_SIZES = [12, 24, 48];

/** Affiliate 'Available offers': campaigns it may join, with a Join button or the state of its application. */
export default function AffiliateOffersPage() {
  const { t } = useTranslation(['campaigns', 'sections']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const paging = usePaging(PAGE_SIZES);
  const campaigns = useListAvailableCampaigns(paging.params, { query: { placeholderData: keepPreviousData } });
  // The lists are fetched again before the Join buttons come back.
  const joinCampaign = useJoinCampaign({
    mutation: {
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: getListAvailableCampaignsQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getListMyCampaignsQueryKey() }),
        ]),
    },
  });

  const join = async (campaign: Campaign) => {
    try {
      const response = await joinCampaign.mutateAsync({ id: campaign.id });
      const status = response.data.application.status;
      toast({ severity: status === 'rejected' ? 'warning' : 'success', message: t(`toasts.joined.${status}`, { name: campaign.name }) });
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failedTitle'), message: errorMessage(error, t('toasts.joinFailed')) });
    }
  };

  const list = campaigns.data?.data.campaigns ?? [];

  return (
    <>
      <SectionHeader title={t('sections:titles.offersAffiliate')} subtitle={t('sections:descriptions.offersAffiliate')} />
      <QueryStatus loading={campaigns.isPending} error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      {campaigns.isSuccess && campaigns.data.data.total === 0 && (
        <Card data-testid="campaigns-empty">
          <CardContent>
            <Typography variant="h6">{t('offers.emptyTitle')}</Typography>
            <Typography color="text.secondary">{t('offers.emptyAffiliate')}</Typography>
          </CardContent>
        </Card>
      )}
      {list.some((campaign) => campaign.membership_status === 'pending') && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('offers.pendingHelp')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {list.map((campaign) => (
          <Grid key={campaign.id} size={{ xs: 12, lg: 6 }}>
            <CampaignCard
              campaign={campaign}
              showBrand
              badge={
                campaign.membership_status ? (
                  <MembershipChip status={campaign.membership_status} />
                ) : (
                  campaign.invited && <Chip size="small" color="info" label={t('invite.chip')} data-testid="campaign-invited" />
                )
              }
              actions={
                campaign.membership_status ? undefined : (
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={<LoginIcon />}
                    disabled={joinCampaign.isPending || campaign.status !== 'active'}
                    onClick={() => void join(campaign)}
                    data-testid="campaign-join"
                  >
                    {t('offers.join')}
                  </Button>
                )
              }
            />
          </Grid>
        ))}
      </Grid>
      {/* The server pages the offers, newest first. */}
      {campaigns.isSuccess && campaigns.data.data.total > 0 && <ListPagination {...paging.pagingOf(campaigns.data.data.total)} />}
    </>
  );
}
