// Paying affiliates in the browser: a brand groups its affiliate's confirmed commissions into a
// payout, the host marks it paid with a reference, and the affiliate sees it in its payment history
// and its earnings.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, api, launch, newPage, newProgram, screenshot, settle, signInDevHost, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a brand creates a payout, the host pays it, the affiliate sees it paid', async () => {
  const stamp = Date.now();
  const affiliateEmail = uniqueEmail('payout-affiliate');
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Paula Payouts',
    affiliateName: 'Petru Payee',
    affiliateEmail,
    domain: 'shop.example.com',
    homepage: 'https://shop.example.com',
  });
  const joined = await api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`);
  const affiliateId = joined.body.data.affiliates[0].id;
  const code = `PAY${stamp}`;
  assert.equal(
    (await api(brand, 'POST', '/discount-codes', { code, campaign_id: campaignId, affiliate_id: affiliateId, discount_type: 'percentage', discount_value: '0.10' })).status,
    201,
  );
  // Three orders (commission 10%: 12.50, 25.00 and 7.25 RON), confirmed.
  const ids = [];
  for (const [n, total] of [['1', '125.00'], ['2', '250.00'], ['3', '72.50']]) {
    const reported = await api(brand, 'POST', '/conversions/process', {
      order_id: `pay-${stamp}-${n}`,
      order_total: total,
      currency: 'RON',
      customer_email: `buyer${n}@example.com`,
      discount_code: code,
    });
    assert.equal(reported.status, 201, JSON.stringify(reported.body));
    ids.push(reported.body.data.conversion.id);
  }
  assert.equal((await api(brand, 'POST', '/conversions/review', { conversion_ids: ids, decision: 'confirm' })).status, 200);

  // The brand sees 44.75 RON ready to pay and creates the payout.
  await brand.goto(`${BASE_URL}/payouts`);
  const ready = brand.getByTestId('payable-row').filter({ hasText: `Petru Payee ${stamp}` });
  assert.match(await ready.getByTestId('payable-amount').textContent(), /^44,75\sRON$/);
  await settle(brand);
  await screenshot(brand, 'payouts-brand');
  await brand.getByTestId('payouts-generate').click();
  await brand.getByTestId('toast').getByText('1 payout created.').waitFor();
  const pending = brand.getByTestId('payout-row').filter({ hasText: affiliateEmail });
  await pending.getByTestId('payout-status').getByText('Pending', { exact: true }).waitFor();
  await brand.getByTestId('payable-empty').waitFor();

  // The host marks it paid, with the transfer's reference.
  const host = await signInDevHost(await newPage(browser));
  await host.goto(`${BASE_URL}/payouts`);
  const row = host.getByTestId('payout-row').filter({ hasText: affiliateEmail });
  await row.getByTestId('payout-pay').click();
  const dialog = host.getByTestId('pay-dialog');
  await dialog.getByTestId('pay-summary').getByText(/44,75\sRON for 3 conversions\./).waitFor();
  await dialog.getByTestId('pay-reference').fill(`OP-${stamp}`);
  await settle(host);
  await screenshot(host, 'payouts-pay-dialog');
  await dialog.getByTestId('pay-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByTestId('payout-status').getByText('Paid', { exact: true }).waitFor();
  assert.match(await row.getByTestId('payout-paid').textContent(), new RegExp(`Ref\\. OP-${stamp}`));
  await settle(host);
  await screenshot(host, 'payouts-host');

  // The affiliate: the payout in its payment history, its conversions paid, its earnings paid.
  await affiliate.goto(`${BASE_URL}/payouts`);
  const mine = affiliate.getByTestId('payout-row').filter({ hasText: `Paula Payouts ${stamp} SRL` });
  await mine.getByTestId('payout-status').getByText('Paid', { exact: true }).waitFor();
  assert.match(await mine.getByTestId('payout-amount').textContent(), /^44,75\sRON$/);
  await settle(affiliate);
  await screenshot(affiliate, 'payouts-affiliate');
  await affiliate.goto(`${BASE_URL}/earnings`);
  await affiliate.getByTestId('earnings-row').waitFor();
  assert.match(await affiliate.getByTestId('earnings-paid').getByTestId('earnings-amount').textContent(), /^44,75\sRON$/);
  await affiliate.goto(`${BASE_URL}/conversions?status=paid`);
  await affiliate.waitForFunction(() => document.querySelectorAll('[data-testid="conversion-row"]').length === 3);

  // It was told: the bell counts three unread notifications (the confirmation, the payout made and its payment).
  const bell = affiliate.getByTestId('notification-bell');
  assert.equal(await bell.getAttribute('aria-label'), 'Notifications, 3 unread');
  await bell.click();
  await affiliate.waitForURL(`${BASE_URL}/notifications`);
  const paidNotice = affiliate.locator('[data-testid="notification"][data-kind="payout_paid"]');
  assert.match(
    await paidNotice.getByTestId('notification-text').textContent(),
    new RegExp(`^Paula Payouts ${stamp} SRL paid you 44,75\\sRON \\(reference OP-${stamp}\\)\\.$`),
  );
  assert.match(
    await affiliate.locator('[data-testid="notification"][data-kind="payout_created"]').getByTestId('notification-text').textContent(),
    new RegExp(`^Paula Payouts ${stamp} SRL created a payout of 44,75\\sRON for your confirmed commissions\\.$`),
  );
  assert.match(
    await affiliate.locator('[data-testid="notification"][data-kind="conversions_confirmed"]').getByTestId('notification-text').textContent(),
    /confirmed 3 conversions: 44,75\sRON commission\.$/,
  );
  await settle(affiliate);
  await screenshot(affiliate, 'notifications-affiliate');
  await affiliate.getByTestId('notifications-read-all').click();
  await affiliate.locator('[data-testid="notification"][data-read="false"]').first().waitFor({ state: 'detached' });
  await affiliate.waitForFunction(() => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('aria-label') === 'Notifications');

  // It can turn a kind off on Settings.
  await affiliate.goto(`${BASE_URL}/settings`);
  const payoutSwitch = affiliate.getByTestId('notify-payout_paid');
  assert.equal(await payoutSwitch.isChecked(), true);
  await payoutSwitch.click();
  await affiliate.getByTestId('toast').getByText('Notification settings saved.').waitFor();
  assert.deepEqual((await api(affiliate, 'GET', '/notifications/preferences')).body.data.muted, ['payout_paid']);

  await brand.context().close();
  await affiliate.context().close();
  await host.context().close();
});

test('the host edits the exchange rates on its dashboard', async () => {
  const host = await signInDevHost(await newPage(browser));
  const card = host.getByTestId('rates-card');
  await card.getByText(/20,10\s€/).waitFor();
  const setRates = async (eur, usd) => {
    await card.getByTestId('rates-edit').click();
    const dialog = host.getByTestId('rates-dialog');
    await dialog.getByTestId('rate-EUR').fill(eur);
    await dialog.getByTestId('rate-USD').fill(usd);
    return dialog;
  };
  const dialog = await setRates('0', '0,2175');
  await dialog.getByTestId('rates-dialog-submit').click();
  await dialog.getByText('Enter a rate from 0.0001 to 100000, with at most ten decimals.').waitFor();
  await dialog.getByTestId('rate-EUR').fill('0,2012');
  await settle(host);
  await screenshot(host, 'rates-dialog');
  await dialog.getByTestId('rates-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await card.getByText(/20,12\s€/).waitFor();
  assert.equal((await api(host, 'GET', '/settings/currency')).body.data.rates.USD, '0.2175');
  // Back to the rates the other flows expect.
  const again = await setRates('0.2010', '0.2180');
  await again.getByTestId('rates-dialog-submit').click();
  await card.getByText(/20,10\s€/).waitFor();
  await host.context().close();
});

test('the host puts the platform in maintenance and back, and everyone sees the banner', async () => {
  const host = await signInDevHost(await newPage(browser));
  const card = host.getByTestId('emergency-card');
  const maintenance = card.getByTestId('emergency-maintenance');
  assert.equal(await maintenance.isChecked(), false);
  await maintenance.click();
  await host.getByTestId('confirm-message').getByText('Put the platform in maintenance? Every change is refused until you turn it off.').waitFor();
  await host.getByTestId('confirm-ok').click();
  await host.getByTestId('maintenance-banner').waitFor();
  assert.equal(await maintenance.isChecked(), true);
  await settle(host);
  await screenshot(host, 'emergency-host');
  // A change through the API is refused meanwhile; reading goes on.
  const refused = await api(host, 'POST', '/payouts/generate', {});
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, 'MAINTENANCE');
  assert.equal((await api(host, 'GET', '/payouts')).status, 200);
  await maintenance.click();
  await host.getByTestId('maintenance-banner').waitFor({ state: 'detached' });
  assert.equal((await api(host, 'GET', '/admin/emergency')).body.data.maintenance, false);
  await host.context().close();
});
