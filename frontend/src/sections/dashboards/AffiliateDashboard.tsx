import { Card, CardContent, Grid, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetAffiliateByUser } from '../../api/generated/affiliates/affiliates';
import { useGetAffiliateDashboard, useGetTimeseries } from '../../api/generated/analytics/analytics';
import { useAuth } from '../../auth/AuthProvider';
import { LoadingOrFailed, type QueryState } from '../../components/QueryStatus';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { formatAmount, formatCount, formatDateTime } from '../../preferences/format';
import { menuFor } from '../../shell/menus';
import { FiguresTable } from '../analytics/FiguresTable';
import { PerformanceChart } from '../analytics/PerformanceChart';
import { StatCard, StatCards, StatCardsSkeleton } from '../analytics/StatCards';
import { ConversionStatusChip } from '../conversions/ConversionStatusChip';
import { SectionHeader } from '../SectionHeader';
import { ProfileCard } from './ProfileCard';
import { ShortcutCards } from './ShortcutCards';

export default function AffiliateDashboard() {
  const { t, i18n } = useTranslation(['sections', 'analytics']);
  const { user } = useAuth();
  const { currency } = useCurrency();
  const me = useGetAffiliateByUser(user?.id ?? '', { query: { enabled: Boolean(user?.id) } });
  const affiliateId = me.data?.data.affiliate.id ?? '';
  const stats = useGetAffiliateDashboard(affiliateId, { currency }, { query: { enabled: affiliateId !== '' } });
  const series = useGetTimeseries({ range: '30d', currency });
  const d = stats.data?.data;
  // The figures wait on two queries (who the affiliate is, then its figures): either failing fails them.
  const figures: QueryState = {
    error: me.error ?? stats.error,
    isFetching: me.isFetching || stats.isFetching,
    refetch: () => (me.error ? me.refetch() : stats.refetch()),
  };
  return (
    <>
      <SectionHeader title={t('dashboard.affiliateTitle')} subtitle={t('dashboard.affiliateSubtitle')} />
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          {t('analytics:sinceStart')}
        </Typography>
        {d ? (
          <StatCards totals={d.totals} currency={d.currency} />
        ) : (
          <LoadingOrFailed query={figures} skeleton={<StatCardsSkeleton />} fallback={t('analytics:statsFailed')} />
        )}
        {d && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard
                label={t('analytics:codesUsed')}
                value={formatCount(d.codes_used, i18n.language)}
                detail={t('analytics:codesUsedDetail')}
                testId="stat-codes-used"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard label={t('analytics:lastConversion')} value={d.last_conversion_at ? formatDateTime(d.last_conversion_at, i18n.language) : t('analytics:never')} testId="stat-last-conversion" />
            </Grid>
          </Grid>
        )}
        <PerformanceChart days={series.data?.data.days} currency={currency} loading={series.isPending} status={series} />
        <FiguresTable
          title={t('analytics:campaigns.title')}
          nameLabel={t('analytics:topCampaigns.campaign')}
          detailLabel={t('analytics:topCampaigns.brand')}
          rows={d?.campaigns.map((c) => ({ id: c.campaign_id, name: c.campaign_name, detail: c.brand_name, ...c }))}
          currency={d?.currency ?? currency}
          empty={t('analytics:topCampaigns.empty')}
          loading={!d}
          status={figures}
          testId="affiliate-campaigns"
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card data-testid="recent-conversions" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('analytics:recentConversions.title')}
                </Typography>
                {d && d.recent_conversions.length === 0 && <Typography color="text.secondary">{t('analytics:recentConversions.empty')}</Typography>}
                <List dense>
                  {d?.recent_conversions.map((c) => (
                    <ListItem key={c.id} disableGutters secondaryAction={<ConversionStatusChip conversion={{ status: c.status, flag_reason: "" }} />}>
                      <ListItemText
                        primary={`${c.order_id} · ${formatAmount(c.commission_amount, c.commission_currency)}`}
                        secondary={`${c.campaign_name} · ${formatDateTime(c.converted_at, i18n.language)}`}
                      />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card data-testid="recent-clicks" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('analytics:recentClicks.title')}
                </Typography>
                {d && d.recent_clicks.length === 0 && <Typography color="text.secondary">{t('analytics:recentClicks.empty')}</Typography>}
                <List dense>
                  {d?.recent_clicks.map((c) => (
                    <ListItem key={c.id} disableGutters>
                      <ListItemText primary={`${c.link_code} · ${c.campaign_name}`} secondary={formatDateTime(c.clicked_at, i18n.language)} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
        {user && <ProfileCard user={user} />}
        <ShortcutCards groups={menuFor('affiliate')} />
      </Stack>
    </>
  );
}
