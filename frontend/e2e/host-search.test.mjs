import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signIn, signInDevHost, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the host finds an affiliate from the dashboard and gives it a password reset link', async () => {
  const stamp = Date.now();
  const name = `Searchable${stamp}`;
  const email = uniqueEmail('searchable');

  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, { accountType: 'affiliate', email, password: 'before-reset-1', firstName: name, lastName: 'Promoter' });
  await affiliate.context().close();

  const page = await newPage(browser);
  // scripts/e2e.sh serves in dev mode on a loopback address: without it this flow cannot sign in.
  await signInDevHost(page);
  await page.waitForFunction(() => document.title === 'Host Dashboard · OpenAffiliate');

  // Nothing on the platform matches: one message, no empty tiles.
  await page.getByTestId('platform-search').fill(`no-such-thing-${stamp}`);
  await page.getByTestId('platform-search-empty').getByText(`No brand, affiliate or campaign matches “no-such-thing-${stamp}”.`).waitFor();

  // Brands, affiliates and campaigns are searched on the server and grouped.
  await page.getByTestId('platform-search').fill(name.toLowerCase());
  const group = page.getByTestId('search-group-affiliates');
  const hit = group.getByTestId('search-hit').filter({ hasText: email });
  await hit.waitFor();
  assert.equal(await page.getByTestId('search-count-affiliates').textContent(), '1');
  assert.equal(await page.getByTestId('search-count-campaigns').textContent(), '0');
  await page.mouse.move(0, 0);
  await screenshot(page, 'host-dashboard-search');

  // A result opens Admin on its tab, filtered to that affiliate.
  await hit.click();
  await page.waitForURL(/\/admin\?tab=affiliates&q=/);
  await page.waitForFunction(() => document.title === 'Admin · OpenAffiliate');
  const row = page.getByTestId('admin-row');
  await row.filter({ hasText: email }).waitFor();
  assert.equal(await row.count(), 1);

  await row.getByTestId('admin-reset-link').click();
  const dialog = page.getByTestId('reset-link-dialog');
  await dialog.getByTestId('reset-link-intro').getByText(email, { exact: false }).waitFor();
  await dialog.getByTestId('reset-link-create').click();
  const url = await dialog.getByTestId('reset-link-url').textContent();
  assert.match(url, /\/reset-password\?token=.+/);
  assert.match(await dialog.getByTestId('reset-link-expires').textContent(), /^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await dialog.getByTestId('reset-link-url-copy').waitFor();
  await screenshot(page, 'admin-reset-link');
  await dialog.getByTestId('reset-link-close').click();

  // The link works once: the affiliate chooses a new password with it and signs in.
  const reset = await newPage(browser);
  await reset.goto(url);
  await reset.getByTestId('language-en').click();
  await reset.locator('input[name="newPassword"]').fill('after-reset-2');
  await reset.locator('input[name="confirmPassword"]').fill('after-reset-2');
  await reset.getByTestId('reset-submit').click();
  await reset.getByTestId('reset-success').waitFor();
  await signIn(reset, email, 'after-reset-2');
  await reset.context().close();

  // The affiliates page shows its statistics: no conversion yet, so its last conversion is Never.
  await page.goto(`${BASE_URL}/affiliates`);
  const affiliateRow = page.getByTestId('affiliate-row').filter({ hasText: email });
  await affiliateRow.waitFor();
  assert.equal(await affiliateRow.getByTestId('affiliate-last-conversion').textContent(), 'Never');
  await screenshot(page, 'affiliates-host');
  await page.context().close();
});
