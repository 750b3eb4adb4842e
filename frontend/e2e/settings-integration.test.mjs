import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, settle, signIn, signInDevHost, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a brand edits its profile, changes its password and manages its integration', async () => {
  const stamp = Date.now();
  const email = uniqueEmail('settings');
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'brand',
    email,
    password: 'first-password-1',
    firstName: 'Sara',
    lastName: 'Settings',
    companyName: `Sara ${stamp} SRL`,
  });

  // Profile: the new name shows in the sidebar at once.
  await page.goto(`${BASE_URL}/settings`);
  const profile = page.getByTestId('profile-card');
  await profile.locator('input[name="firstName"]').fill('Sorina');
  await profile.locator('input[name="companyName"]').fill(`Sorina ${stamp} SRL`);
  await page.getByTestId('profile-save').click();
  await page.getByTestId('profile-message').getByText('Your profile was saved.').waitFor();
  await page.getByTestId('user-name').getByText('Sorina Settings').waitFor();

  // Password: checked here first, then by the server.
  const password = page.getByTestId('password-card');
  await password.locator('input[name="currentPassword"]').fill('first-password-1');
  await password.locator('input[name="newPassword"]').fill('second-password-2');
  await password.locator('input[name="confirmPassword"]').fill('second-password-X');
  await page.getByTestId('password-save').click();
  await page.getByTestId('password-message').getByText('Passwords do not match.').waitFor();
  await password.locator('input[name="currentPassword"]').fill('wrong-password-0');
  await password.locator('input[name="confirmPassword"]').fill('second-password-2');
  await page.getByTestId('password-save').click();
  await page.getByTestId('password-message').waitFor();
  assert.notEqual(await page.getByTestId('password-message').textContent(), 'Your password was changed.');
  await password.locator('input[name="currentPassword"]').fill('first-password-1');
  await page.getByTestId('password-save').click();
  await page.getByTestId('password-message').getByText('Your password was changed.').waitFor();

  // The shop's domains: one list, on this page (a pasted address gives its host name).
  const domain = `shop-${stamp}.example.com`;
  await page.locator('input[name="domain"]').fill(`https://${domain.toUpperCase()}/products`);
  await page.getByTestId('domain-add').click();
  await page.getByTestId('domain-chip').filter({ hasText: domain }).waitFor();
  await page.getByTestId('domains-save').click();
  await page.getByTestId('toast').filter({ hasText: 'Shop domains saved.' }).waitFor();
  await screenshot(page, 'settings-brand');

  // Integration: details, an API key shown once, the webhook secret; the shop domains are only linked to.
  await page.goto(`${BASE_URL}/integration`);
  await page.getByTestId('integration-details').waitFor();
  assert.match(await page.getByTestId('integration-tracking-url').textContent(), /\/r\/$/);
  assert.match(await page.getByTestId('integration-shopify-url').textContent(), /\/integrations\/shopify\/.+\/orders$/);
  await page.getByTestId('api-key-create').click();
  await page.locator('input[name="name"]').fill('Production shop');
  await page.getByTestId('api-key-dialog-submit').click();
  await page.getByTestId('api-key-value-reveal').getByText('it will not be shown again').waitFor();
  const key = await page.getByTestId('api-key-value').textContent();
  assert.ok(key && key.length >= 20, 'the key is shown');
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Production shop' });
  await row.waitFor();
  assert.ok(key.startsWith((await row.locator('td').nth(1).textContent()).replace('…', '')), 'the prefix is the key start');

  // The addresses the page gives answer as documented: the script, the conversion API (with the
  // new key) and the Shopify webhook (which wants a signature, so an unsigned call is a 401).
  const script = await page.getByTestId('tracking-script-snippet').textContent();
  const scriptUrl = /src="([^"]+)"/.exec(script)[1];
  assert.equal((await page.request.get(scriptUrl)).status(), 200);
  const conversionUrl = await page.getByTestId('integration-conversion-url').textContent();
  const reported = await page.request.post(conversionUrl, {
    headers: { 'X-API-Key': key },
    data: { order_id: `e2e-${stamp}`, order_total: '120.00', currency: 'RON' },
  });
  assert.equal(reported.status(), 201, await reported.text());
  const shopifyUrl = await page.getByTestId('integration-shopify-url').textContent();
  assert.equal((await page.request.post(shopifyUrl, { data: { id: 1 } })).status(), 401);
  // The WooCommerce card's delivery URL: WooCommerce's ping (unsigned, form-encoded) is answered,
  // an unsigned order is a 401.
  const wooUrl = await page.getByTestId('woocommerce-url').textContent();
  assert.match(wooUrl, /\/integrations\/woocommerce\/[a-z0-9-]+$/);
  const ping = await page.request.post(wooUrl, { form: { webhook_id: '12' } });
  assert.equal(ping.status(), 200, await ping.text());
  assert.equal((await ping.json()).data.result, 'ping');
  assert.equal((await page.request.post(wooUrl, { data: { id: 1, status: 'processing' } })).status(), 401);
  await page.getByTestId('woocommerce-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'integration-woocommerce-brand');

  // The Stripe card: its endpoint refuses an unsigned event; the signing secret Stripe generated is
  // saved (write-only) and a test event signed with it passes the endpoint's checks.
  const stripeUrl = await page.getByTestId('stripe-url').textContent();
  assert.match(stripeUrl, /\/integrations\/stripe\/[a-z0-9-]+$/);
  assert.equal((await page.request.post(stripeUrl, { data: { id: 'evt_1', type: 'invoice.paid' } })).status(), 401);
  assert.equal(await page.getByTestId('stripe-secret-state').textContent(), 'No signing secret');
  await page.getByTestId('stripe-secret').fill('whsec_e2e0123456789abcdefABCDEF');
  await page.getByTestId('stripe-secret-save').click();
  await page.getByTestId('stripe-secret-message').getByText('Signing secret saved.', { exact: false }).waitFor();
  await page.getByTestId('stripe-secret-state').getByText('Signing secret saved').waitFor();
  assert.equal(await page.getByTestId('stripe-secret').inputValue(), '');
  await page.getByTestId('stripe-test-send').click();
  const stripeResult = await page.getByTestId('stripe-test-result').textContent();
  assert.match(stripeResult, /accepted checkout\.session\.completed: signature checked, payment pi_\w+ of 236,81\sRON read/);
  await page.getByTestId('stripe-card').scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await screenshot(page, 'integration-stripe-brand');

  await page.getByTestId('webhook-secret-rotate').click();
  if (await page.getByTestId('confirm-dialog').isVisible().catch(() => false)) await page.getByTestId('confirm-ok').click();
  await page.getByTestId('webhook-secret-value').waitFor();
  assert.ok((await page.getByTestId('webhook-secret-value').textContent()).length >= 16);

  const elsewhere = page.getByTestId('domains-elsewhere');
  await elsewhere.getByText('Your shop domains (where campaigns and links may send visitors) are managed in Settings.').waitFor();
  assert.equal(await elsewhere.getByRole('link').getAttribute('href'), '/settings#domains');
  assert.equal(await page.getByTestId('domains-card').count(), 0);
  await page.mouse.move(0, 0);
  await screenshot(page, 'integration-brand');

  // A tracking domain: once added it shows the records to create (the CNAME pointing at the
  // platform's host name, the TXT record holding the brand's token) and waits for DNS; the flow never
  // checks it, which would ask the real DNS.
  const trackingDomain = `go-${stamp}.example.com`;
  await page.locator('input[name="trackingDomain"]').fill(`https://${trackingDomain}/`);
  await page.getByTestId('tracking-domain-add').click();
  await page.getByTestId('tracking-domain-record-name').getByText(trackingDomain).waitFor();
  assert.equal(await page.getByTestId('tracking-domain-record-type').textContent(), 'CNAME');
  assert.equal(await page.getByTestId('tracking-domain-record-value').textContent(), new URL(BASE_URL).hostname);
  assert.equal(await page.getByTestId('tracking-domain-txt-type').textContent(), 'TXT');
  assert.equal(await page.getByTestId('tracking-domain-txt-name').textContent(), `_openaffiliate.${trackingDomain}`);
  assert.match(await page.getByTestId('tracking-domain-txt-value').textContent(), /^openaffiliate-verification=[0-9a-f]{32}$/);
  await page.getByTestId('tracking-domain-expires').waitFor();
  assert.equal(await page.getByTestId('tracking-domain-status').getAttribute('data-status'), 'pending');
  assert.equal(await page.getByTestId('tracking-domain-last-check').textContent(), 'Not checked yet.');
  await page.getByTestId('tracking-domain-check').click({ trial: true }); // enabled once the links' addresses were read again
  await page.getByTestId('tracking-domain-card').scrollIntoViewIfNeeded();
  await settle(page); // the button's colour fades in from its disabled look
  await screenshot(page, 'integration-tracking-domain-brand', { dark: true });

  // Shopify setup: the signing key Shopify shows is saved, and a test order goes through.
  await page.getByTestId('shopify-setup-link').click();
  await page.getByTestId('shopify-steps').waitFor();
  await page.getByTestId('shopify-key').fill('shpss_e2e_0123456789abcdef');
  await page.getByTestId('shopify-key-save').click();
  await page.getByTestId('shopify-key-message').getByText('The key is saved').waitFor();
  await page.getByTestId('shopify-test-send').click();
  const result = await page.getByTestId('shopify-test-result').textContent();
  assert.match(result, /Signature checked and order read: #\d+, 199,00\sRON, code TOAMNA20/);
  await page.mouse.move(0, 0);
  await screenshot(page, 'shopify-setup-brand');
  await page.goto(`${BASE_URL}/integration`);

  await row.getByTestId('api-key-revoke').click();
  await page.getByTestId('confirm-ok').click();
  await row.getByText(/^Revoked/).waitFor();

  // The domains survive a reload; the new password signs in.
  await page.reload();
  await page.getByTestId('tracking-domain-hostname').getByText(trackingDomain).waitFor();
  assert.equal(await page.getByTestId('api-key-value').count(), 0);
  await page.getByTestId('domains-elsewhere').getByRole('link').click();
  await page.getByTestId('domain-chip').filter({ hasText: domain }).waitFor();
  await page.getByTestId('logout').click();
  await page.getByTestId('auth-card').waitFor();
  await signIn(page, email, 'second-password-2');
  await page.getByTestId('user-name').getByText('Sorina Settings').waitFor();
  await page.context().close();
});

test('the host sees the data summary and downloads a CSV export', async () => {
  const page = await newPage(browser, { acceptDownloads: true });
  await signInDevHost(page);
  await page.goto(`${BASE_URL}/data-management`);
  await page.getByTestId('data-count-brands').waitFor();
  assert.ok(Number(await page.getByTestId('data-count-users').textContent()) >= 3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export-brands').click()]);
  assert.match(download.suggestedFilename(), /\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  assert.match(csv.split('\n')[0], /id/);
  await page.mouse.move(0, 0);
  await screenshot(page, 'data-management-host');

  // The host's affiliates page searches on the server.
  await page.goto(`${BASE_URL}/affiliates`);
  await page.getByTestId('affiliate-row').first().waitFor();
  await page.getByTestId('affiliates-search').fill(`no-such-affiliate-${Date.now()}`);
  await page.getByTestId('affiliates-empty').waitFor();
  await page.getByTestId('affiliates-search').fill('demo-affiliate@');
  await page.getByTestId('affiliate-row').filter({ hasText: 'demo-affiliate@' }).waitFor();
  await page.context().close();
});
