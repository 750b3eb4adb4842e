import type { AnalyticsTotals } from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';

/** A decimal string ("12.50", "7") as hundredths, exactly. */
function hundredths(value: string | number): bigint {
  const [whole, fraction = ''] = String(value).split('.');
  const negative = whole.startsWith('-');
  const units = BigInt(whole.replace('-', '') || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -units : units;
}

export type Trend = { kind: 'up' | 'down'; change: string } | { kind: 'same' | 'new' | 'none' };

/**
 * How a figure moved against the period before, in whole percent (half up), computed exactly:
 * 'new' when there was nothing before and something now, 'none' when nothing either time.
 */
export function trendOf(current: string | number, previous: string | number): Trend {
  const now = hundredths(current);
  const before = hundredths(previous);
  if (before === 0n) return now === 0n ? { kind: 'none' } : { kind: 'new' };
  const diff = now - before;
  if (diff === 0n) return { kind: 'same' };
  const magnitude = diff < 0n ? -diff : diff;
  const percent = (magnitude * 200n + before) / (2n * before);
  return { kind: diff > 0n ? 'up' : 'down', change: percent.toString() };
}

export const amountMetrics = ['revenue', 'commission'] as const;
export const chartMetrics = ['clicks', 'conversions', 'revenue', 'commission'] as const;
export type ChartMetric = (typeof chartMetrics)[number];

/** The stat cards of a totals block, in the order they are shown. */
export const statMetrics = ['clicks', 'conversions', 'revenue', 'commission', 'conversion_rate'] as const satisfies readonly (keyof AnalyticsTotals)[];
export type StatMetric = (typeof statMetrics)[number];

/** The locale key of a metric of the API. */
/** The label of each metric the pages show (analytics namespace). */
const metricLabels = {
  clicks: 'metrics.clicks',
  unique_clicks: 'metrics.uniqueClicks',
  conversions: 'metrics.conversions',
  revenue: 'metrics.revenue',
  commission: 'metrics.commission',
  conversion_rate: 'metrics.conversionRate',
  pending_commission: 'metrics.pendingCommission',
  confirmed_commission: 'metrics.confirmedCommission',
  paid_commission: 'metrics.paidCommission',
} as const satisfies Partial<Record<keyof AnalyticsTotals, TextKey<'analytics'>>>;

export function metricLabel(metric: keyof typeof metricLabels): TextKey<'analytics'> {
  return metricLabels[metric];
}

export const rangePresets = ['7d', '30d', '90d', '365d'] as const;
export type RangePreset = (typeof rangePresets)[number];

export function isRangePreset(value: unknown): value is RangePreset {
  return typeof value === 'string' && (rangePresets as readonly string[]).includes(value);
}
