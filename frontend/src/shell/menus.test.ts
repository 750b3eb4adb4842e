import { describe, expect, it } from 'vitest';
import { activePage, menuFor, sectionsFor } from './menus';

const pages = (type?: 'brand' | 'affiliate' | 'host') =>
  menuFor(type).map((group) => [group.label, group.items.map((item) => item.page)]);

describe('sidebar menus', () => {
  it('brand: dashboard, management, analytics and reports, settings', () => {
    expect(pages('brand')).toEqual([
      [null, ['dashboard']],
      ['groups.management', ['offers', 'tracking', 'applications', 'affiliates', 'discount-codes']],
      ['groups.analyticsReports', ['conversions', 'payouts', 'analytics', 'reports']],
      ['groups.settings', ['integration', 'docs', 'settings']],
    ]);
    expect(menuFor('brand')[1].items[0].label).toBe('items.offersBrand');
    expect(menuFor('brand')[1].items[2].label).toBe('items.applications');
  });

  it('affiliate: overview, performance and settings, offers labelled Campaigns', () => {
    expect(pages('affiliate')).toEqual([
      ['groups.overview', ['dashboard', 'offers', 'calendar', 'tracking', 'discount-codes']],
      ['groups.performance', ['earnings', 'conversions', 'payouts', 'analytics', 'reports']],
      ['groups.settings', ['docs', 'settings']],
    ]);
    expect(menuFor('affiliate')[0].items[1].label).toBe('items.offersAffiliate');
  });

  it('host: platform overview, operations, analytics, settings', () => {
    expect(pages('host')).toEqual([
      ['groups.platformOverview', ['dashboard', 'affiliates']],
      ['groups.operations', ['conversions', 'payouts', 'admin', 'data-management']],
      ['groups.analytics', ['analytics', 'reports']],
      ['groups.settings', ['docs', 'settings']],
    ]);
  });

  it('shows the brand menu when the user is unknown', () => {
    expect(menuFor(undefined)).toBe(menuFor('brand'));
  });

  it('every menu entry is a section its account type may open', () => {
    for (const type of ['brand', 'affiliate', 'host'] as const) {
      for (const group of menuFor(type)) {
        for (const item of group.items) expect(sectionsFor[type]).toContain(item.page);
      }
    }
  });

  it('applications is a brand section only', () => {
    expect(sectionsFor.brand).toContain('applications');
    expect(sectionsFor.affiliate).not.toContain('applications');
    expect(sectionsFor.host).not.toContain('applications');
  });

  it('the active page is the first path segment, dashboard by default', () => {
    expect(activePage('/')).toBe('dashboard');
    expect(activePage('/offers')).toBe('offers');
    expect(activePage('/discount-codes/12/edit')).toBe('discount-codes');
  });
});
