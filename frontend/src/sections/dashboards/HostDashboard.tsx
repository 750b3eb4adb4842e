import SearchIcon from '@mui/icons-material/Search';
import { Grid, InputAdornment, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAnalytics, useGetPlatformOverview, useGetTimeseries } from '../../api/generated/analytics/analytics';
import { LoadingOrFailed } from '../../components/QueryStatus';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { formatCount, type Currency } from '../../preferences/format';
import { FiguresTable } from '../analytics/FiguresTable';
import { PerformanceChart } from '../analytics/PerformanceChart';
import { RecentActivityCard } from '../analytics/RecentActivityCard';
import { StatCard, StatCards, StatCardsSkeleton } from '../analytics/StatCards';
import { CurrencySelect } from '../../components/CurrencySelect';
import { useDebounced } from '../../components/useDebounced';
import { menuFor } from '../../shell/menus';
import { SectionHeader } from '../SectionHeader';
import { PlatformSearchResults } from './PlatformSearchResults';
import { EmergencyCard } from './EmergencyCard';
import { RatesCard } from './RatesCard';
import { ShortcutCards } from './ShortcutCards';

export default function HostDashboard() {
  const { t, i18n } = useTranslation(['sections', 'analytics']);
  const { currency } = useCurrency();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim());
  const searching = query.trim() !== '';
  return (
    <>
      <SectionHeader
        title={t('dashboard.hostTitle')}
        subtitle={t('dashboard.hostSubtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              type="search"
              placeholder={t('dashboard.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('dashboard.search'), 'data-testid': 'platform-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <CurrencySelect testId="dashboard-currency-select" />
          </Stack>
        }
      />
      <Stack spacing={3}>
        {searching && <PlatformSearchResults query={settled} />}
        {!searching && <PlatformFigures currency={currency} language={i18n.language} />}
        {!searching && <RatesCard editable />}
        {!searching && <EmergencyCard />}
        <ShortcutCards groups={menuFor('host')} query={query} showEmpty={!searching} />
      </Stack>
    </>
  );
}

/** The platform's last 30 days against the 30 before, its counts, chart, top campaigns and activity. */
function PlatformFigures({ currency, language }: { currency: Currency; language: string }) {
  const { t } = useTranslation('analytics');
  const overview = useGetPlatformOverview({ currency });
  const series = useGetTimeseries({ range: '30d', currency });
  const analytics = useGetAnalytics({ range: '30d', currency });
  const d = overview.data?.data;
  const counts = d && [
    { key: 'brands' as const, value: d.brands },
    { key: 'affiliates' as const, value: d.affiliates },
    { key: 'activeCampaigns' as const, value: d.active_campaigns },
    { key: 'pendingApplications' as const, value: d.pending_applications },
    { key: 'pendingConversions' as const, value: d.pending_conversions },
  ];
  return (
    <>
      {d ? (
        <StatCards totals={d.last_30_days} previous={d.previous_30_days} currency={d.currency} />
      ) : (
        <LoadingOrFailed query={overview} skeleton={<StatCardsSkeleton />} />
      )}
      {counts && (
        <Grid container spacing={2}>
          {counts.map((c) => (
            <Grid key={c.key} size={{ xs: 6, md: 12 / 5 }}>
              <StatCard label={t(`counts.${c.key}`)} value={formatCount(c.value, language)} testId={`count-${c.key}`} />
            </Grid>
          ))}
        </Grid>
      )}
      <PerformanceChart days={series.data?.data.days} currency={currency} loading={series.isPending} status={series} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, xl: 7 }}>
          <FiguresTable
            title={t('topCampaigns.title')}
            nameLabel={t('topCampaigns.campaign')}
            detailLabel={t('topCampaigns.brand')}
            rows={analytics.data?.data.top_campaigns.map((c) => ({ id: c.campaign_id, name: c.campaign_name, detail: c.brand_name, ...c }))}
            currency={analytics.data?.data.currency ?? currency}
            empty={t('topCampaigns.empty')}
            loading={analytics.isPending}
            status={analytics}
            testId="top-campaigns"
          />
        </Grid>
        <Grid size={{ xs: 12, xl: 5 }}>
          <RecentActivityCard />
        </Grid>
      </Grid>
    </>
  );
}
