import type { Campaign } from '../../api/generated/model';
import { compareNames, parseDay } from '../../preferences/format';

/** The days a campaign runs: from its start (else the day it was created) to its end (none: open-ended). */
export interface CampaignSpan {
  campaign: Campaign;
  start: Date;
  end: Date | null;
}

function dayOnly(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The span of a campaign, or null when it has neither a start nor an end date. */
export function campaignSpan(campaign: Campaign): CampaignSpan | null {
  const start = campaign.start_date ? parseDay(campaign.start_date) : null;
  const end = campaign.end_date ? parseDay(campaign.end_date) : null;
  if (!start && !end) return null;
  const created = new Date(campaign.created_at);
  const from = start ?? (Number.isNaN(created.getTime()) ? (end as Date) : dayOnly(created));
  // An end before the fallback start still shows the end day.
  return { campaign, start: end && from > end ? end : from, end };
}

export function runsOn(span: CampaignSpan, day: Date): boolean {
  return span.start <= day && (span.end === null || day <= span.end);
}

/**
 * The weeks (Monday first) that show a month: each week is 7 days, the first week holds the 1st
 * and the last week holds the month's last day.
 */
export function monthWeeks(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7; // days since Monday
  const cursor = new Date(year, month, 1 - offset);
  const last = new Date(year, month + 1, 0);
  const weeks: Date[][] = [];
  while (cursor <= last) {
    const week: Date[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(new Date(cursor));
      cursor.setDate(cursor.getDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The spans that run on at least one day of a week, in a stable order (earliest start first). */
export function spansInWeek(spans: CampaignSpan[], week: Date[]): CampaignSpan[] {
  return spans.filter((span) => week.some((day) => runsOn(span, day)));
}

/** A local day as the contract writes a date: YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Sorts spans by start, then name, so lanes stay put from week to week. */
export function sortSpans(spans: CampaignSpan[], language: string): CampaignSpan[] {
  const compare = compareNames(language);
  return [...spans].sort((a, b) => a.start.getTime() - b.start.getTime() || compare(a.campaign.name, b.campaign.name));
}
