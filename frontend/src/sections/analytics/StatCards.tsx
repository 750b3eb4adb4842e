import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AnalyticsTotals } from '../../api/generated/model';
import { formatAmount, formatCount, formatRate } from '../../preferences/format';
import { metricLabel, statMetrics, trendOf, type StatMetric } from './figures';

function value(totals: AnalyticsTotals, metric: StatMetric, currency: string, language: string): string {
  switch (metric) {
    case 'revenue':
    case 'commission':
      return formatAmount(totals[metric], currency);
    case 'conversion_rate':
      return formatRate(totals.conversion_rate, language);
    default:
      return formatCount(totals[metric], language);
  }
}

/** What a metric counts, shown under its value where the name alone would mislead. */
function detail(totals: AnalyticsTotals, metric: StatMetric, language: string, t: TFunction<'analytics'>): string | undefined {
  switch (metric) {
    case 'conversions':
      return t('metricDetails.conversions', { links: formatCount(totals.link_conversions, language), codes: formatCount(totals.code_conversions, language) });
    case 'conversion_rate':
      return t('metricDetails.conversionRate');
    default:
      return undefined;
  }
}

/** One figure: its name, its value, what it counts when said and, with a previous period, how it moved. */
export function StatCard({ label, value, note, detail, testId }: { label: string; value: string; note?: string; detail?: string; testId?: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', my: 0.5 }} data-testid="stat-value">
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" component="p" color="text.secondary" data-testid="stat-detail">
            {detail}
          </Typography>
        )}
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Loading placeholders shaped like the stat cards. */
export function StatCardsSkeleton({ count = statMetrics.length }: { count?: number }) {
  return (
    <Grid container spacing={2} data-testid="stat-cards-loading">
      {Array.from({ length: count }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, md: 4, xl: 12 / 5 }}>
          <Card>
            <CardContent>
              <Skeleton width="50%" />
              <Skeleton variant="text" sx={{ fontSize: '1.5rem' }} width="70%" />
              <Skeleton width="80%" />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** The headline figures of a period, in the display currency, each against the period before when given. */
export function StatCards({ totals, previous, currency }: { totals: AnalyticsTotals; previous?: AnalyticsTotals; currency: string }) {
  const { t, i18n } = useTranslation('analytics');
  return (
    <Grid container spacing={2}>
      {statMetrics.map((metric) => {
        let note: string | undefined;
        if (previous) {
          const trend = trendOf(totals[metric], previous[metric]);
          if (trend.kind === 'up') note = t('trendUp', { change: trend.change });
          else if (trend.kind === 'down') note = t('trendDown', { change: trend.change });
          else if (trend.kind === 'same') note = t('trendSame');
          else if (trend.kind === 'new') note = t('trendNew');
        }
        return (
          <Grid key={metric} size={{ xs: 12, sm: 6, md: 4, xl: 12 / 5 }}>
            <StatCard
              label={t(metricLabel(metric))}
              value={value(totals, metric, currency, i18n.language)}
              detail={detail(totals, metric, i18n.language, t)}
              note={note}
              testId={`stat-${metric}`}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
