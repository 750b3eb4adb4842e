import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Card, CardActions, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../api/generated/model';
import { formatAmount } from '../../preferences/format';
import { commissionAmount, dateRange, recurringText, statusColor } from './campaignText';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 6, sm: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

/** One campaign (offer): its terms at a glance, with the actions of the viewer below. */
export function CampaignCard({
  campaign,
  showBrand = false,
  badge,
  actions,
}: {
  campaign: Campaign;
  showBrand?: boolean;
  /** Shown next to the title (the application state for affiliates). */
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const { start, end } = dateRange(campaign, i18n.language);
  const commission =
    campaign.commission_type === 'percentage'
      ? t('card.percentageOfOrder', { value: commissionAmount(campaign, i18n.language) })
      : t('card.fixedPerConversion', { value: commissionAmount(campaign, i18n.language) });
  const recurring = recurringText(campaign);
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="campaign-card" data-campaign-id={campaign.id}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }} data-testid="campaign-name">
              {campaign.name}
            </Typography>
            {showBrand && (
              <Typography variant="body2" color="text.secondary">
                {campaign.brand_name}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            {badge}
            <Chip
              size="small"
              label={t(`status.${campaign.status}`)}
              color={statusColor[campaign.status]}
              variant={campaign.status === 'active' ? 'filled' : 'outlined'}
              data-testid="campaign-status"
            />
          </Stack>
        </Stack>
        {campaign.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
            {campaign.description}
          </Typography>
        )}
        <Grid container spacing={1.5}>
          <Fact label={t('card.commission')} testId="campaign-commission">
            {commission}
          </Fact>
          <Fact label={t('card.recurring')} testId="campaign-recurring">
            {recurring.count === undefined ? t(recurring.key) : t(recurring.key, { count: recurring.count })}
          </Fact>
          {(campaign.product_rates.length > 0 || campaign.tiers.length > 0) && (
            <Fact label={t('card.rules')} testId="campaign-rules">
              {[
                campaign.product_rates.length > 0 && t('card.productRates', { count: campaign.product_rates.length }),
                campaign.tiers.length > 0 && t('card.tiers', { count: campaign.tiers.length }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Fact>
          )}
          <Fact label={t('card.dates')}>
            {start || end ? `${start || '…'} – ${end || '…'}` : t('card.noDates')}
          </Fact>
          <Fact label={t('card.attributionWindow')}>{t('card.days', { count: campaign.attribution_window_days })}</Fact>
          <Fact label={t('card.budget')}>
            {campaign.budget
              ? t('card.budgetRemaining', {
                  budget: formatAmount(campaign.budget, campaign.currency),
                  remaining: formatAmount(campaign.remaining ?? campaign.budget, campaign.currency),
                })
              : t('card.noBudget')}
          </Fact>
          <Fact label={t('card.joinRule')}>
            {t(`visibility.${campaign.visibility}`)} · {t(`approval.${campaign.approval_mode}`)}
          </Fact>
          <Fact label={t('card.affiliates')}>{campaign.affiliates_count}</Fact>
        </Grid>
        {campaign.homepage_url && (
          <Link
            href={campaign.homepage_url}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1.5, wordBreak: 'break-all' }}
          >
            {campaign.homepage_url}
            <OpenInNewIcon sx={{ fontSize: 14 }} />
          </Link>
        )}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>{actions}</CardActions>}
    </Card>
  );
}
