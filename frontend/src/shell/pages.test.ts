import { describe, expect, it } from 'vitest';
import i18n from '../i18n/config';
import { menuFor, sectionsFor } from './menus';
import { hasNotificationBell } from './NotificationBell';
import { documentTitle, menuGroups, pageFor, pages, pageTitleEntry, shellPaths } from './pages';

const roles = ['brand', 'affiliate', 'host'] as const;

describe('page registry', () => {
  it('serves every protected route of docs/product.md §1, and only those', () => {
    expect([...shellPaths].sort()).toEqual(
      [
        '/', '/dashboard', '/brands', '/offers', '/campaigns', '/tracking', '/affiliates', '/conversions', '/analytics',
        '/reports', '/payouts', '/settings', '/integration', '/earnings', '/calendar', '/notifications', '/applications',
        '/fraud', '/activity', '/shopify-setup', '/discount-codes', '/admin', '/data-management',
      ].sort(),
    );
  });

  it('builds each sidebar from the entries, in registry order', () => {
    expect(menuFor('host')[1].items.map((item) => item.page)).toEqual(['conversions', 'payouts', 'admin', 'data-management']);
    const docs = menuFor('brand')[3].items.find((item) => item.page === 'docs');
    expect(docs?.href).toBe('/docs/index.html');
    expect(menuFor('brand')[1].items[0]).toMatchObject({ label: 'items.offersBrand', description: 'descriptions.offersBrand' });
  });

  it('one entry per page and account type, and a menu entry only for a type that may open it', () => {
    for (const role of roles) {
      const ids = pages.filter((page) => page.roles.includes(role)).map((page) => page.id);
      expect(new Set(ids).size, role).toBe(ids.length);
    }
    for (const page of pages) {
      for (const [role, group] of Object.entries(page.menu ?? {})) {
        expect(page.roles, `${page.id} in the ${role} menu`).toContain(role);
        expect(menuGroups[role as (typeof roles)[number]].map((g) => g.id), `${page.id}: group ${group}`).toContain(group);
      }
    }
  });

  it('every page a type may open is in its menu, or linked from the bell or from a page in its menu', () => {
    for (const role of roles) {
      const inMenu = new Set(menuFor(role).flatMap((group) => group.items.map((item) => item.page)));
      for (const page of pages.filter((entry) => entry.roles.includes(role))) {
        const via = page.linkedFrom?.[role];
        const reached =
          inMenu.has(page.id) || (via === 'notificationBell' ? hasNotificationBell(role) : via !== undefined && inMenu.has(via));
        expect(reached, `${role} cannot find ${page.id}: no menu entry or shortcut`).toBe(true);
      }
    }
  });

  it('picks the entry of the account type: its component and title', () => {
    expect(pageFor('dashboard', 'host')?.title).toBe('dashboard.hostTitle');
    expect(pageFor('offers', 'affiliate')?.title).toBe('titles.offersAffiliate');
    expect(pageFor('offers', 'brand')?.component).not.toBe(pageFor('offers', 'affiliate')?.component);
    expect(pageFor('analytics', 'brand')?.component).toBeDefined();
    expect(pageFor('payouts', 'brand')?.component).toBeDefined();
    expect(pageFor('reports', 'affiliate')?.component).toBeDefined();
    expect(pageFor('admin', 'brand')).toBeUndefined();
    expect(pageFor('brands', 'host')).toBeUndefined();
    expect(sectionsFor.host).toEqual(expect.arrayContaining(['admin', 'data-management', 'payouts', 'docs']));
  });

  it('names the page in the browser tab, in the chosen language', async () => {
    await i18n.changeLanguage('en');
    const title = (id: string, role: (typeof roles)[number]) =>
      documentTitle(i18n.t(pageTitleEntry(id, role)!.title, { ns: 'sections' }), 'OpenAffiliate');
    expect(title('offers', 'affiliate')).toBe('Available Offers · OpenAffiliate');
    expect(title('dashboard', 'brand')).toBe('Brand Dashboard · OpenAffiliate');
    // A page the type may not open is still named.
    expect(title('admin', 'brand')).toBe('Admin · OpenAffiliate');
    await i18n.changeLanguage('ro');
    expect(title('discount-codes', 'brand')).toBe('Coduri de reducere · OpenAffiliate');
    await i18n.changeLanguage('en');
  });

  it('every title and description names a text in both languages', () => {
    for (const page of pages) {
      for (const key of [page.title, page.description].filter(Boolean) as string[]) {
        for (const lng of ['en', 'ro']) expect(i18n.exists(key, { ns: 'sections', lng }), `${lng}:${key}`).toBe(true);
      }
      if (page.label) expect(i18n.exists(page.label, { ns: 'nav', lng: 'ro' }), page.label).toBe(true);
    }
  });
});
