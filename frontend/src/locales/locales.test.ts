import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('ro and en have the same namespaces', () => {
    expect(Object.keys(resources.ro).sort()).toEqual(Object.keys(resources.en).sort());
  });

  for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`ro and en have the same keys in ${namespace}`, () => {
      expect(keys(resources.ro[namespace]).sort()).toEqual(keys(resources.en[namespace]).sort());
    });

    it(`no ${namespace} text is empty`, () => {
      for (const language of ['ro', 'en'] as const) {
        const tree = resources[language][namespace];
        for (const key of keys(tree)) {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
          expect(typeof value === 'string' && value.trim().length > 0, `${language}:${namespace}:${key}`).toBe(true);
        }
      }
    });
  }

  it('keeps the fixed texts exactly', () => {
    expect(resources.en.common.notFound.message).toBe('Oops! Page not found');
    expect(resources.en.common.notFound.home).toBe('Return to Home');
    expect(resources.en.auth.reset.error).toBe('Error resetting password.');
    expect(resources.ro.auth.reset.error).toBe('Eroare la resetarea parolei.');
    expect(resources.en.nav.items.offersBrand).toBe('My Offers');
    expect(resources.en.nav.items.offersAffiliate).toBe('Campaigns');
  });

  it('keeps the fixed texts of the admin screen exactly', () => {
    const admin = resources.en.admin;
    expect(admin.title).toBe('Admin');
    expect(admin.tabs).toEqual({
      brands: 'Brands',
      affiliates: 'Affiliates',
      campaigns: 'Campaigns',
      conversions: 'Conversions',
      discountCodes: 'Discount Codes',
      trackingLinks: 'Tracking Links',
    });
    expect(admin.refresh).toBe('Refresh');
    expect(admin.createHost).toBe('Create Host Account');
    expect(admin.add).toEqual({ brand: 'Add brand', affiliate: 'Add affiliate', campaign: 'Add campaign' });
    expect(admin.dialog.edit.campaign).toBe('Edit campaign');
    expect(admin.deleteConfirm.brand).toBe('Delete this brand and related data? This cannot be undone.');
    expect(admin.toasts).toMatchObject({
      deleted: 'Deleted',
      failed: 'Failed',
      error: 'Error',
      deleteFailed: 'Delete failed',
      created: 'Created',
      updated: 'Updated',
      operationFailed: 'Operation failed',
      hostCreated: 'Host created',
      signupFailed: 'Signup failed',
      loadFailed: 'Failed to load admin data',
    });
    expect(admin.toasts.deletedMessage.campaign).toBe('campaign {{id}} deleted.');
    expect(resources.en.sections.titles.offersBrand).toBe('My Offers');
    expect(resources.en.sections.titles.offersAffiliate).toBe('Available Offers');
  });
});
