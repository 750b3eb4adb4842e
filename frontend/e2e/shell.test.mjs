import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { BASE_URL, launch, newPage, SCREENSHOT_DIR, screenshot, settle, signInDevHost, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('under 1024 px the sidebar slides in over an overlay', async () => {
  const page = await newPage(browser, { viewport: { width: 800, height: 900 } });
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'affiliate',
    email: uniqueEmail('mobile'),
    password: 'correct-horse-battery',
    firstName: 'Mara',
    lastName: 'Mobile',
  });
  await page.getByTestId('section-title').getByText('Affiliate Dashboard').waitFor();
  assert.equal(await page.evaluate(() => document.body.style.overflow), '');

  await page.getByTestId('open-menu').click();
  await page.getByTestId('menu-earnings').waitFor();
  assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');
  // Groups are not collapsible here: every entry is visible at once.
  assert.equal(await page.getByTestId('menu-group-performance').count(), 0);
  await page.waitForTimeout(500);
  await screenshot(page, 'shell-affiliate-mobile-menu');

  // Choosing the current item only closes the menu.
  await page.getByTestId('menu-dashboard').click();
  await page.getByTestId('menu-earnings').waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  assert.equal(await page.evaluate(() => document.body.style.overflow), '');

  await page.getByTestId('open-menu').click();
  await page.getByTestId('menu-earnings').click();
  await page.getByTestId('section-title').getByText('Earnings').waitFor();
  assert.equal(new URL(page.url()).pathname, '/earnings');
  // The closing menu gives focus back to its button, and then the new page's heading takes it.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'section-title');
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'section-title');
  await page.context().close();
});

test('in dev mode the demo host signs in with one click', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await page.getByTestId('auth-card').waitFor();
  const devConfig = await page.evaluate(async () => (await (await fetch('/api/v1/system/config')).json()).data.dev_mode);
  // scripts/e2e.sh serves in dev mode on a loopback address: without it these flows cannot sign in.
  if (!devConfig) throw new Error('the server is not in dev mode');
  await page.getByTestId('dev-login-host').click();
  await page.getByTestId('section-title').getByText('Host Dashboard').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('dev_mode')), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('dev_account_type')), 'host');
  await page.getByTestId('dev-badge').waitFor();
  await page.getByTestId('rates-card').getByText('€').waitFor();
  await screenshot(page, 'shell-host-light');
  await page.getByTestId('logout').click();
  await page.getByTestId('auth-card').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('dev_mode')), null);
  await page.context().close();
});

/** The pages of each role's sidebar, all groups open (docs/product.md §1: Payouts for everyone, the affiliate's Calendar, Reports, Docs and Settings). */
const MENUS = {
  brand: ['dashboard', 'offers', 'tracking', 'applications', 'affiliates', 'discount-codes', 'conversions', 'payouts', 'analytics', 'reports', 'integration', 'docs', 'settings'],
  affiliate: ['dashboard', 'offers', 'calendar', 'tracking', 'discount-codes', 'earnings', 'conversions', 'payouts', 'analytics', 'reports', 'docs', 'settings'],
  host: ['dashboard', 'affiliates', 'conversions', 'payouts', 'admin', 'data-management', 'analytics', 'reports', 'docs', 'settings'],
};

/** Opens the sidebar's collapsed groups and answers the pages of its entries, in order. */
async function menuEntries(page) {
  await page.getByTestId('menu-dashboard').waitFor();
  const collapsed = page.locator('[data-testid^="menu-group-"][aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  return page.getByTestId('side-menu').locator('a[data-testid^="menu-"]').evaluateAll((links) =>
    links.map((link) => link.getAttribute('data-testid').replace('menu-', '')),
  );
}

/** Chooses a menu entry and waits for its page's heading. */
async function open(page, id, title) {
  await page.getByTestId(`menu-${id}`).click();
  await page.getByTestId('section-title').getByText(title, { exact: true }).waitFor();
  assert.equal(await page.getByTestId('section-not-available').count(), 0);
}

/**
 * At the bottom of a long page, in both themes, the sidebar's paper spans the viewport and its
 * column, in the same colour, the whole page. Screenshots there (`name`, `name-dark`) and of the
 * whole page from its top (`name-full`, `name-full-dark`).
 */
async function sidebarFillsTheHeight(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  for (const dark of [false, true]) {
    const suffix = dark ? '-dark' : '';
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(400);
    const seen = await page.evaluate(() => {
      const column = document.querySelector('[data-testid="sidebar"]');
      const paper = column.querySelector('.MuiDrawer-paper');
      const c = column.getBoundingClientRect();
      const p = paper.getBoundingClientRect();
      return {
        viewport: window.innerHeight,
        pageHeight: document.documentElement.scrollHeight,
        paper: [Math.round(p.top) || 0, Math.round(p.bottom)],
        column: Math.round(c.height),
        colours: [getComputedStyle(column).backgroundColor, getComputedStyle(paper).backgroundColor],
      };
    });
    const where = `${name}${suffix}`;
    assert.ok(seen.pageHeight > seen.viewport, `${where}: a long page (${seen.pageHeight} px)`);
    assert.deepEqual(seen.paper, [0, seen.viewport], `${where}: the paper spans the viewport`);
    assert.ok(seen.column >= seen.pageHeight - 1, `${where}: the column runs the whole page (${seen.column} of ${seen.pageHeight} px)`);
    assert.equal(seen.colours[0], seen.colours[1], `${where}: one colour`);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}${suffix}.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-full${suffix}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test("each role's menu reaches its pages, and the sidebar fills the height of a long page", async () => {
  const viewport = { width: 1280, height: 800 };
  const brand = await newPage(browser, { viewport });
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand', email: uniqueEmail('menu-brand'), password: 'correct-horse-battery',
    firstName: 'Mena', lastName: 'Brand', companyName: `Menu ${Date.now()} SRL`,
  });
  assert.deepEqual(await menuEntries(brand), MENUS.brand);
  await open(brand, 'payouts', 'Payouts');
  await open(brand, 'dashboard', 'Brand Dashboard');
  await sidebarFillsTheHeight(brand, 'shell-sidebar-brand');
  await brand.context().close();

  const affiliate = await newPage(browser, { viewport });
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate', email: uniqueEmail('menu-affiliate'), password: 'correct-horse-battery',
    firstName: 'Mena', lastName: 'Affiliate',
  });
  assert.deepEqual(await menuEntries(affiliate), MENUS.affiliate);
  assert.equal(await affiliate.getByTestId('menu-docs').getAttribute('href'), '/docs/index.html');
  await open(affiliate, 'calendar', 'Campaign Calendar');
  await open(affiliate, 'payouts', 'Payouts');
  await open(affiliate, 'reports', 'Reports');
  await open(affiliate, 'settings', 'Settings');
  await sidebarFillsTheHeight(affiliate, 'shell-sidebar-affiliate');
  await affiliate.context().close();

  const host = await signInDevHost(await newPage(browser, { viewport }));
  assert.deepEqual(await menuEntries(host), MENUS.host);
  await open(host, 'payouts', 'Payouts');
  await open(host, 'dashboard', 'Host Dashboard');
  await sidebarFillsTheHeight(host, 'shell-sidebar-host');
  await host.context().close();
});
