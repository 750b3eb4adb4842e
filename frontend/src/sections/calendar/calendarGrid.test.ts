import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../api/generated/model';
import { dayKey } from '../../preferences/format';
import { campaignSpan, monthWeeks, runsOn, spansInWeek } from './calendarGrid';

const campaign = (overrides: Partial<Campaign>): Campaign =>
  ({ id: 'c', name: 'Summer', start_date: null, end_date: null, created_at: '2026-10-05T12:00:00Z', ...overrides }) as Campaign;

describe('calendar month grid', () => {
  it('lays a month out in Monday-first weeks', () => {
    const weeks = monthWeeks(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0].map(dayKey)[0]).toBe('2026-10-26');
    expect(dayKey(weeks[0][6])).toBe('2026-11-01');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(dayKey(weeks[weeks.length - 1][0])).toBe('2026-11-30');
    expect(weeks).toHaveLength(6);
  });

  it('runs a campaign from its start to its end date, both included', () => {
    const span = campaignSpan(campaign({ start_date: '2026-11-03', end_date: '2026-11-05' }));
    expect(span).not.toBeNull();
    const days = monthWeeks(2026, 10).flat().filter((day) => runsOn(span!, day)).map(dayKey);
    expect(days).toEqual(['2026-11-03', '2026-11-04', '2026-11-05']);
  });

  it('keeps a campaign without an end running, and one without a start from its creation', () => {
    const open = campaignSpan(campaign({ start_date: '2026-11-28' }))!;
    expect(runsOn(open, new Date(2027, 5, 1))).toBe(true);
    expect(runsOn(open, new Date(2026, 10, 27))).toBe(false);
    const untilEnd = campaignSpan(campaign({ end_date: '2026-11-02' }))!;
    expect(dayKey(untilEnd.start)).toBe('2026-10-05');
  });

  it('has no span for a campaign without dates', () => {
    expect(campaignSpan(campaign({}))).toBeNull();
  });

  it('finds the campaigns of a week', () => {
    const spans = [
      campaignSpan(campaign({ id: 'a', start_date: '2026-11-03', end_date: '2026-11-04' }))!,
      campaignSpan(campaign({ id: 'b', start_date: '2026-11-20', end_date: '2026-11-21' }))!,
    ];
    const weeks = monthWeeks(2026, 10);
    expect(spansInWeek(spans, weeks[1]).map((span) => span.campaign.id)).toEqual(['a']);
    expect(spansInWeek(spans, weeks[3]).map((span) => span.campaign.id)).toEqual(['b']);
  });
});
