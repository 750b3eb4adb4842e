import type { Affiliate, Brand, Campaign } from '../../api/generated/model';

export type AdminKind = 'brand' | 'affiliate' | 'campaign';

/** What the admin tables show of a brand: name (company name, name or brand name) and domain (domain or website). */
export function brandName(brand: Pick<Brand, 'name' | 'company_name'>): string {
  return brand.company_name || brand.name || '';
}

export function brandDomain(brand: Pick<Brand, 'domain'>): string {
  return brand.domain ?? '';
}

function matches(needle: string, values: (string | null | undefined)[]): boolean {
  return values.some((value) => (value ?? '').toLocaleLowerCase().includes(needle));
}

/**
 * The admin search of seed section 5: a case-insensitive substring of exactly these fields —
 * brands name, domain, id; affiliates name, email, id; campaigns name, id.
 */
export function filterBrands<T extends Pick<Brand, 'id' | 'name' | 'company_name' | 'domain'>>(brands: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return brands;
  return brands.filter((brand) => matches(needle, [brandName(brand), brand.domain, brand.id]));
}

export function filterAffiliates<T extends Pick<Affiliate, 'id' | 'name' | 'email'>>(affiliates: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return affiliates;
  return affiliates.filter((affiliate) => matches(needle, [affiliate.name, affiliate.email, affiliate.id]));
}

export function filterCampaigns<T extends Pick<Campaign, 'id' | 'name'>>(campaigns: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return campaigns;
  return campaigns.filter((campaign) => matches(needle, [campaign.name, campaign.id]));
}
