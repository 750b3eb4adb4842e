import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signUp, uniqueEmail } from './browser.mjs';

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
