import { rangePresets, type RangePreset } from '../analytics/figures';

/** A report's period: a preset counted back from today, or chosen days. */
export type ReportRange = { preset: RangePreset | 'custom'; from: string; to: string };

/** Today's UTC date as 'YYYY-MM-DD': report days are UTC days, as on the server. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first and last UTC day of a preset ending on `today`. */
export function presetDays(preset: RangePreset, today: Date): { from: string; to: string } {
  const days = Number(preset.replace('d', ''));
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
  return { from: utcDay(first), to: utcDay(today) };
}

/** Why a chosen period cannot be asked for, as a translation key, or null when it can. */
export function rangeProblem(range: ReportRange): 'reports.range.missing' | 'reports.range.order' | 'reports.range.tooLong' | null {
  if (range.preset !== 'custom') return null;
  if (!range.from || !range.to) return 'reports.range.missing';
  if (range.from > range.to) return 'reports.range.order';
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > 366 ? 'reports.range.tooLong' : null;
}

export const reportPresets: (RangePreset | 'custom')[] = [...rangePresets, 'custom'];
