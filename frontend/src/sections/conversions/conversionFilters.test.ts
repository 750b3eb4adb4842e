import { describe, expect, it } from 'vitest';
import {
  canAdjust,
  canDecide,
  canDelete,
  canRestore,
  canReverse,
  defaultFilters,
  filtersFromSearch,
  isFiltered,
  listParams,
  searchFromFilters,
} from './conversionFilters';

const CAMPAIGN = '3f1c2a9e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('conversion filters', () => {
  it('reads nothing as the defaults: last 30 days, newest first, 100 a page', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(defaultFilters);
    expect(listParams(defaultFilters)).toEqual({ limit: 100, offset: 0, sort: 'created_at', order: 'desc', range: '30d' });
  });

  it('round-trips through the URL and writes only what differs', () => {
    const filters = {
      ...defaultFilters,
      period: 'custom' as const,
      from: '2026-01-01',
      to: '2026-03-31',
      status: 'flagged' as const,
      campaignId: CAMPAIGN,
      sort: 'commission_amount' as const,
      order: 'asc' as const,
      page: 2,
      pageSize: 25,
    };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe(
      `period=custom&from=2026-01-01&to=2026-03-31&status=flagged&campaign=${CAMPAIGN}&sort=commission_amount&order=asc&page=2&size=25`,
    );
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(listParams(filters)).toEqual({
      limit: 25,
      offset: 50,
      sort: 'commission_amount',
      order: 'asc',
      from: '2026-01-01',
      to: '2026-03-31',
      status: 'flagged',
      campaign_id: CAMPAIGN,
    });
    expect(searchFromFilters(defaultFilters).toString()).toBe('');
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('period=week&status=lost&campaign=1%3BDROP&sort=id&order=up&page=-1&size=7&from=2026-01-01'),
    );
    expect(filters).toEqual(defaultFilters);
    expect(filtersFromSearch(new URLSearchParams('period=custom&from=01/02/2026')).from).toBe('');
  });

  it('asks for everything when the period is all time', () => {
    const params = listParams({ ...defaultFilters, period: 'all' });
    expect(params).not.toHaveProperty('range');
    expect(params).not.toHaveProperty('from');
  });

  it('tells filtered lists apart from the period alone', () => {
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, period: '7d' })).toBe(false);
    expect(isFiltered({ ...defaultFilters, status: 'pending' })).toBe(true);
  });

  it('offers each action only for the statuses the server takes it from', () => {
    const allowed = (check: (c: { status: never }) => boolean) =>
      (['pending', 'confirmed', 'rejected', 'flagged', 'reversed', 'paid'] as const).filter((status) => check({ status } as never));
    expect(allowed(canDecide)).toEqual(['pending', 'flagged']);
    expect(allowed(canReverse)).toEqual(['confirmed']);
    expect(allowed(canRestore)).toEqual(['rejected']);
    expect(allowed(canAdjust)).toEqual(['pending', 'confirmed', 'flagged']);
    expect(allowed(canDelete)).toEqual(['pending', 'confirmed', 'rejected', 'flagged', 'reversed']);
  });
});
