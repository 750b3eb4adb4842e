import {
  ConversionStatus,
  SortOrderParameter,
  ListConversionsRange,
  ListConversionsSort,
  type Conversion,
  type ListConversionsParams,
} from '../../api/generated/model';

/** The period choices: the contract's ranges, everything, or a from/to pair of days. */
export const periods = ['7d', '30d', '90d', '365d', 'all', 'custom'] as const;
export type Period = (typeof periods)[number];

export const pageSizes = [25, 50, 100] as const;
/** docs/product.md §1: conversions are read 100 at a time. */
export const DEFAULT_PAGE_SIZE = 100;

/** What the conversions page filters by; kept in the URL so a reload or a shared link shows the same page. */
export interface ConversionFilters {
  period: Period;
  from: string;
  to: string;
  status: ConversionStatus | '';
  campaignId: string;
  affiliateId: string;
  sort: ListConversionsSort;
  order: SortOrderParameter;
  page: number;
  pageSize: number;
}

export const defaultFilters: ConversionFilters = {
  period: '30d',
  from: '',
  to: '',
  status: '',
  campaignId: '',
  affiliateId: '',
  sort: ListConversionsSort.created_at,
  order: SortOrderParameter.desc,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

function wholeNumber(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return fallback;
  return Math.min(Number(value), max);
}

function pageSize(value: string | null): number {
  const size = Number(value);
  return (pageSizes as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The filters a URL's query names; anything missing or malformed is its default. */
export function filtersFromSearch(search: URLSearchParams): ConversionFilters {
  const period = oneOf(periods, search.get('period'), defaultFilters.period);
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const id = (name: string) => {
    const value = search.get(name) ?? '';
    return UUID.test(value) ? value : '';
  };
  return {
    period,
    from: period === 'custom' ? day('from') : '',
    to: period === 'custom' ? day('to') : '',
    status: oneOf(['', ...Object.values(ConversionStatus)], search.get('status'), ''),
    campaignId: id('campaign'),
    affiliateId: id('affiliate'),
    sort: oneOf(Object.values(ListConversionsSort), search.get('sort'), defaultFilters.sort),
    order: oneOf(Object.values(SortOrderParameter), search.get('order'), defaultFilters.order),
    page: wholeNumber(search.get('page'), 0, 1_000_000),
    pageSize: pageSize(search.get('size')),
  };
}

/** The URL query of some filters: only what differs from the defaults. */
export function searchFromFilters(filters: ConversionFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.period !== defaultFilters.period) search.set('period', filters.period);
  if (filters.period === 'custom') {
    if (filters.from) search.set('from', filters.from);
    if (filters.to) search.set('to', filters.to);
  }
  if (filters.status) search.set('status', filters.status);
  if (filters.campaignId) search.set('campaign', filters.campaignId);
  if (filters.affiliateId) search.set('affiliate', filters.affiliateId);
  if (filters.sort !== defaultFilters.sort) search.set('sort', filters.sort);
  if (filters.order !== defaultFilters.order) search.set('order', filters.order);
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) search.set('size', String(filters.pageSize));
  return search;
}

/** The list call's parameters for some filters. */
export function listParams(filters: ConversionFilters): ListConversionsParams {
  const params: ListConversionsParams = {
    limit: filters.pageSize,
    offset: filters.page * filters.pageSize,
    sort: filters.sort,
    order: filters.order,
  };
  if (filters.period === 'custom') {
    if (filters.from) params.from = filters.from;
    if (filters.to) params.to = filters.to;
  } else if (filters.period !== 'all') {
    params.range = ListConversionsRange[filters.period];
  }
  if (filters.status) params.status = filters.status;
  if (filters.campaignId) params.campaign_id = filters.campaignId;
  if (filters.affiliateId) params.affiliate_id = filters.affiliateId;
  return params;
}

/**
 * True when a status, campaign or affiliate narrows the list, so an empty page says that nothing
 * matches rather than where conversions come from.
 */
export function isFiltered(filters: ConversionFilters): boolean {
  return filters.status !== '' || filters.campaignId !== '' || filters.affiliateId !== '';
}

/** A brand or the host confirms or rejects what waits for a decision. */
export function canDecide(conversion: Pick<Conversion, 'status'>): boolean {
  return conversion.status === ConversionStatus.pending || conversion.status === ConversionStatus.flagged;
}

/** A rejected conversion can be restored: confirmed after all (and with it its subscription's renewals). */
export function canRestore(conversion: Pick<Conversion, 'status'>): boolean {
  return conversion.status === ConversionStatus.rejected;
}

/** A confirmed commission not yet paid can be taken back. */
export function canReverse(conversion: Pick<Conversion, 'status'>): boolean {
  return conversion.status === ConversionStatus.confirmed;
}

/** A commission can change until it is decided against or paid. */
export function canAdjust(conversion: Pick<Conversion, 'status'>): boolean {
  return canDecide(conversion) || canReverse(conversion);
}

/** Only the host deletes, and never a paid conversion. */
export function canDelete(conversion: Pick<Conversion, 'status'>): boolean {
  return conversion.status !== ConversionStatus.paid;
}
