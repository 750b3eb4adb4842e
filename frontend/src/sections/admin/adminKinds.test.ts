import { describe, expect, it } from 'vitest';
import { brandDomain, brandDomains, brandName, isAdminKind, type AdminTab } from './adminKinds';

describe('admin kinds', () => {
  it('shows the company name as the brand name, and a missing domain as blank', () => {
    expect(brandName({ name: 'x', company_name: 'Ada Shoes' })).toBe('Ada Shoes');
    expect(brandName({ name: 'Only Name', company_name: '' })).toBe('Only Name');
    expect(brandDomain({ domain: null })).toBe('');
    // The table shows the shop domains the brand manages in its Settings.
    expect(brandDomains({ domain: 'ada.ro', domains: ['ada.ro', 'shop.ada.ro'] })).toBe('ada.ro, shop.ada.ro');
    expect(brandDomains({ domain: 'ada.ro', domains: [] })).toBe('ada.ro');
    expect(brandDomains({ domain: null, domains: [] })).toBe('');
  });

  it('lets the host edit brands, affiliates and campaigns, and only read the other lists', () => {
    const editable: AdminTab[] = ['brand', 'affiliate', 'campaign'];
    const readOnly: AdminTab[] = ['conversion', 'discountCode', 'trackingLink'];
    expect(editable.every(isAdminKind)).toBe(true);
    expect(readOnly.some(isAdminKind)).toBe(false);
  });
});
