import { Grid, MenuItem, Stack, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetAnalytics, useGetTimeseries } from '../../api/generated/analytics/analytics';
import type { AccountType } from '../../api/generated/model';
import { CurrencySelect } from '../../components/CurrencySelect';
import { LoadingOrFailed } from '../../components/QueryStatus';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { SectionHeader } from '../SectionHeader';
import { FiguresTable } from './FiguresTable';
import { isRangePreset, rangePresets, type RangePreset } from './figures';
import { PerformanceChart } from './PerformanceChart';
import { StatCards, StatCardsSkeleton } from './StatCards';

/** The analytics page: a period (kept in the URL), its figures, the daily chart and the top campaigns. */
export default function AnalyticsPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('analytics');
  const { currency } = useCurrency();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('range');
  const range: RangePreset = isRangePreset(asked) ? asked : '30d';
  const params = { range, currency };
  const analytics = useGetAnalytics(params, { query: { placeholderData: keepPreviousData } });
  const series = useGetTimeseries(params, { query: { placeholderData: keepPreviousData } });
  const data = analytics.data?.data;
  return (
    <>
      <SectionHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label={t('range.label')}
              value={range}
              onChange={(event) => setSearch((prev) => {
                const next = new URLSearchParams(prev);
                next.set('range', event.target.value);
                return next;
              }, { replace: true })}
              sx={{ minWidth: 170 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'analytics-range' } } }}
            >
              {rangePresets.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`range.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <CurrencySelect testId="analytics-currency-select" />
          </Stack>
        }
      />
      <Stack spacing={3}>
        {data ? <StatCards totals={data.totals} currency={data.currency} /> : <LoadingOrFailed query={analytics} skeleton={<StatCardsSkeleton />} />}
        <PerformanceChart days={series.data?.data.days} currency={currency} loading={series.isPending} status={series} />
        <Grid container spacing={2}>
          <Grid size={12}>
            <FiguresTable
              title={t('topCampaigns.title')}
              nameLabel={t('topCampaigns.campaign')}
              detailLabel={accountType === 'brand' ? undefined : t('topCampaigns.brand')}
              rows={data?.top_campaigns.map((c) => ({ id: c.campaign_id, name: c.campaign_name, detail: c.brand_name, ...c }))}
              currency={data?.currency ?? currency}
              empty={t('topCampaigns.empty')}
              loading={analytics.isPending}
              status={analytics}
              testId="top-campaigns"
            />
          </Grid>
        </Grid>
      </Stack>
    </>
  );
}
