import { Card, CardContent, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayFigures } from '../../api/generated/model';
import { LoadingOrFailed, type QueryState } from '../../components/QueryStatus';
import { useSeen } from '../../components/WhenSeen';
import { formatAmount, formatCount } from '../../preferences/format';
import { chartMetrics, metricLabel, type ChartMetric } from './figures';

const LineChartView = lazy(() => import('./LineChartView'));

export function ChartSkeleton() {
  return <Skeleton variant="rounded" height={280} data-testid="chart-loading" />;
}

/**
 * The performance chart of a period, day by day, with a choice of metric. Its code and drawing wait
 * until it is near the viewport, so a phone, where it sits below the fold, loads without them.
 */
export function PerformanceChart({
  days,
  currency,
  loading,
  status,
}: {
  days: DayFigures[] | undefined;
  currency: string;
  loading?: boolean;
  /** The query of `days`: once it failed, its reason shows in place of the skeleton. */
  status?: QueryState;
}) {
  const { t, i18n } = useTranslation('analytics');
  const [metric, setMetric] = useState<ChartMetric>('clicks');
  const money = metric === 'revenue' || metric === 'commission';
  const format = (value: number) => (money ? formatAmount(value, currency) : formatCount(value, i18n.language));
  const empty = days !== undefined && days.every((d) => d.clicks === 0 && d.conversions === 0);
  const [ref, seen] = useSeen<HTMLDivElement>();
  return (
    <Card data-testid="performance-chart" ref={ref}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('chart.title')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('chart.metric')}
            value={metric}
            onChange={(event) => setMetric(event.target.value as ChartMetric)}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'chart-metric' } } }}
          >
            {chartMetrics.map((m) => (
              <MenuItem key={m} value={m}>
                {t(metricLabel(m))}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {loading || !days || !seen ? (
          <LoadingOrFailed query={days ? undefined : status} skeleton={<ChartSkeleton />} />
        ) : empty ? (
          <Typography color="text.secondary" sx={{ py: 4 }} data-testid="chart-empty">
            {t('chart.empty')}
          </Typography>
        ) : (
          <Suspense fallback={<ChartSkeleton />}>
            <LineChartView days={days} metric={metric} label={t(metricLabel(metric))} format={format} language={i18n.language} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
