import type { Brand } from '../../api/generated/model';

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

/** The brand's shop domains as the brand sees them in its Settings (its main domain when the list is empty). */
export function brandDomains(brand: Pick<Brand, 'domain' | 'domains'>): string {
  return brand.domains.length > 0 ? brand.domains.join(', ') : brandDomain(brand);
}
