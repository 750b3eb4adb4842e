import type { Affiliate, Brand, Campaign, Conversion, DiscountCode, TrackingLink } from '../../api/generated/model';

/** The kinds the host adds, edits and deletes on the admin screen. */
export type AdminKind = 'brand' | 'affiliate' | 'campaign';

/** The admin screen's tabs: the editable kinds, then the read-only platform-wide lists. */
export type AdminTab = AdminKind | 'conversion' | 'discountCode' | 'trackingLink';

export function isAdminKind(tab: AdminTab): tab is AdminKind {
  return tab === 'brand' || tab === 'affiliate' || tab === 'campaign';
}

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
 * brands name, domain, id; affiliates name, email, id; campaigns name, id; conversions order_id,
 * customer_email, affiliate_id, id; discount codes code,
 * affiliate_id, brand_id, id; tracking links name, destination_url, affiliate_id, id.
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

export function filterConversions<T extends Pick<Conversion, 'id' | 'order_id' | 'customer_email' | 'affiliate_id'>>(conversions: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return conversions;
  return conversions.filter((c) => matches(needle, [c.order_id, c.customer_email, c.affiliate_id, c.id]));
}

export function filterDiscountCodes<T extends Pick<DiscountCode, 'id' | 'code' | 'affiliate_id' | 'brand_id'>>(codes: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return codes;
  return codes.filter((code) => matches(needle, [code.code, code.affiliate_id, code.brand_id, code.id]));
}

export function filterTrackingLinks<T extends Pick<TrackingLink, 'id' | 'name' | 'destination_url' | 'affiliate_id'>>(links: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return links;
  return links.filter((link) => matches(needle, [link.name, link.destination_url, link.affiliate_id, link.id]));
}
