import { Grid, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetAnalytics, useGetBrandDashboard, useGetTimeseries, useGetTopAffiliates } from '../../api/generated/analytics/analytics';
import type { CurrencyCode } from '../../api/generated/model';
import { useAuth } from '../../auth/AuthProvider';
import { LoadingOrFailed } from '../../components/QueryStatus';
import { WhenSeen } from '../../components/WhenSeen';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { formatCount } from '../../preferences/format';
import { menuFor } from '../../shell/menus';
import { FiguresTable } from '../analytics/FiguresTable';
import { PerformanceChart } from '../analytics/PerformanceChart';
import { RecentActivityCard } from '../analytics/RecentActivityCard';
import { StatCard, StatCards, StatCardsSkeleton } from '../analytics/StatCards';
import { SectionHeader } from '../SectionHeader';
import { ProfileCard } from './ProfileCard';
import { ShortcutCards } from './ShortcutCards';

/** The brand's last 30 days, day by day. */
function BrandChart({ currency }: { currency: CurrencyCode }) {
  const series = useGetTimeseries({ range: '30d', currency });
  return <PerformanceChart days={series.data?.data.days} currency={currency} loading={series.isPending} status={series} />;
}

/** The brand's top affiliates and campaigns of the last 30 days. */
function BrandTopLists({ currency }: { currency: CurrencyCode }) {
  const { t } = useTranslation('analytics');
  const analytics = useGetAnalytics({ range: '30d', currency });
  const top = useGetTopAffiliates({ limit: 10, range: '30d', currency });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, xl: 6 }}>
        <FiguresTable
          title={t('topAffiliates.title')}
          nameLabel={t('topAffiliates.affiliate')}
          rows={top.data?.data.affiliates.map((a) => ({ id: a.affiliate_id, name: a.affiliate_name, ...a }))}
          currency={top.data?.data.currency ?? currency}
          empty={t('topAffiliates.empty')}
          loading={top.isPending}
          status={top}
          testId="top-affiliates"
        />
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <FiguresTable
          title={t('topCampaigns.title')}
          nameLabel={t('topCampaigns.campaign')}
          rows={analytics.data?.data.top_campaigns.map((c) => ({ id: c.campaign_id, name: c.campaign_name, ...c }))}
          currency={analytics.data?.data.currency ?? currency}
          empty={t('topCampaigns.empty')}
          loading={analytics.isPending}
          status={analytics}
          testId="top-campaigns"
        />
      </Grid>
    </Grid>
  );
}

/**
 * The brand's dashboard: its last 30 days against the 30 before and what waits for it first; the
 * chart, the top lists and the rest load once they come near the viewport (below a phone's fold).
 */
export default function BrandDashboard() {
  const { t, i18n } = useTranslation(['sections', 'analytics']);
  const { user } = useAuth();
  const { currency } = useCurrency();
  const dashboard = useGetBrandDashboard({ currency });
  const d = dashboard.data?.data;
  const counts = d && [
    { key: 'activeCampaigns' as const, value: d.active_campaigns },
    { key: 'affiliates' as const, value: d.affiliates },
    { key: 'pendingApplications' as const, value: d.pending_applications },
    { key: 'pendingConversions' as const, value: d.pending_conversions },
  ];
  return (
    <>
      <SectionHeader title={t('dashboard.brandTitle')} subtitle={t('dashboard.brandSubtitle')} />
      <Stack spacing={3}>
        {d ? (
          <StatCards totals={d.last_30_days} previous={d.previous_30_days} currency={d.currency} />
        ) : (
          <LoadingOrFailed query={dashboard} skeleton={<StatCardsSkeleton />} />
        )}
        <Grid container spacing={2}>
          {counts
            ? counts.map((c) => (
                <Grid key={c.key} size={{ xs: 6, md: 3 }}>
                  <StatCard label={t(`analytics:counts.${c.key}`)} value={formatCount(c.value, i18n.language)} testId={`count-${c.key}`} />
                </Grid>
              ))
            : null}
        </Grid>
        <WhenSeen minHeight={380} testId="dashboard-chart">
          <BrandChart currency={currency} />
        </WhenSeen>
        <WhenSeen minHeight={320} testId="dashboard-top-lists">
          <BrandTopLists currency={currency} />
        </WhenSeen>
        <WhenSeen minHeight={600} testId="dashboard-more">
          <Stack spacing={3}>
            <RecentActivityCard />
            {user && <ProfileCard user={user} />}
            <ShortcutCards groups={menuFor('brand')} />
          </Stack>
        </WhenSeen>
      </Stack>
    </>
  );
}
