// Reviewing conversions in the browser: a brand confirms several at once, rejects one after a
// question, adjusts a commission with a reason and reverses a confirmed one; the affiliate follows
// its own (customers masked) and its earnings; the host sees all of them, in the admin tab too,
// and deletes one.
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

const rowOf = (page, orderId) => page.locator(`[data-testid="conversion-row"][data-order="${orderId}"]`);
const statusOf = async (page, orderId) => rowOf(page, orderId).getByTestId('conversion-status').getAttribute('data-status');

test('a brand reviews conversions, the affiliate follows them and its earnings, the host oversees them', async () => {
  const stamp = Date.now();
  const affiliateEmail = uniqueEmail('review-affiliate');
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Rita Review',
    affiliateName: 'Vlad Review',
    affiliateEmail,
    domain: 'shop.example.com',
    homepage: 'https://shop.example.com',
  });
  const joined = await api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`);
  assert.equal(joined.body.data.affiliates.length, 1, JSON.stringify(joined.body));
  const affiliateId = joined.body.data.affiliates[0].id;
  const code = `REV${stamp}`;
  const made = await api(brand, 'POST', '/discount-codes', {
    code,
    campaign_id: campaignId,
    affiliate_id: affiliateId,
    discount_type: 'percentage',
    discount_value: '0.10',
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));

  // Five orders with the affiliate's code: 100, 200, 300, 400 and 500 RON (commission 10%); the
  // last one's customer is the affiliate itself, so it arrives flagged.
  const orders = [1, 2, 3, 4, 5].map((n) => `rev-${stamp}-${n}`);
  for (const [index, orderId] of orders.entries()) {
    const reported = await api(brand, 'POST', '/conversions/process', {
      order_id: orderId,
      order_total: `${(index + 1) * 100}.00`,
      currency: 'RON',
      customer_email: index === 4 ? affiliateEmail : `buyer${index}@example.com`,
      discount_code: code,
    });
    assert.equal(reported.status, 201, JSON.stringify(reported.body));
  }

  await brand.goto(`${BASE_URL}/conversions`);
  await rowOf(brand, orders[0]).waitFor();
  assert.equal(await statusOf(brand, orders[4]), 'flagged');
  await rowOf(brand, orders[4]).getByTestId('conversion-flag').getByText("The customer's email is the affiliate's own.").waitFor();
  assert.equal(await rowOf(brand, orders[0]).getByTestId('conversion-attribution').textContent(), `Code ${code}`);
  // Sorted by order value, highest first.
  await brand.getByTestId('filter-sort').selectOption('order_total');
  await brand.waitForURL(/sort=order_total/);
  await brand.waitForFunction(
    (first) => document.querySelector('[data-testid="conversion-row"]')?.getAttribute('data-order') === first,
    orders[4],
  );
  await settle(brand);
  await screenshot(brand, 'conversions-brand');

  // Confirm two at once.
  await rowOf(brand, orders[0]).getByTestId('conversion-select').locator('input').check();
  await rowOf(brand, orders[1]).getByTestId('conversion-select').locator('input').check();
  await brand.getByTestId('conversions-bulk').getByText('2 conversions selected').waitFor();
  await brand.getByTestId('bulk-confirm').click();
  await brand.getByTestId('toast').getByText('2 conversions confirmed.').waitFor();
  await rowOf(brand, orders[0]).getByTestId('conversion-status').getByText('Confirmed', { exact: true }).waitFor();
  assert.equal(await statusOf(brand, orders[1]), 'confirmed');

  // Reject the flagged one, after a question.
  await rowOf(brand, orders[4]).getByTestId('conversion-reject').click();
  await brand.getByTestId('confirm-message').getByText('Reject this conversion? Its commission will not be paid.').waitFor();
  await brand.getByTestId('confirm-ok').click();
  await rowOf(brand, orders[4]).getByTestId('conversion-status').getByText('Rejected', { exact: true }).waitFor();

  // Adjust a commission: without a reason the dialog refuses and points at the field.
  await rowOf(brand, orders[2]).getByTestId('conversion-adjust').click();
  const dialog = brand.getByTestId('adjust-dialog');
  await dialog.getByTestId('adjust-amount').fill('12,50');
  await dialog.getByTestId('adjust-dialog-submit').click();
  await dialog.getByText('Say why the commission changes.').waitFor();
  assert.equal(await brand.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'adjust-reason');
  await dialog.getByTestId('adjust-reason').fill('Part of the order was a gift card');
  await settle(brand);
  await screenshot(brand, 'conversions-adjust-dialog');
  await dialog.getByTestId('adjust-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  // The list is read again after the dialog closes.
  await rowOf(brand, orders[2]).getByTestId('conversion-commission').getByText(/^12,50\sRON$/).waitFor();

  // Reverse a confirmed commission.
  await rowOf(brand, orders[1]).getByTestId('conversion-reverse').click();
  await brand.getByTestId('confirm-ok').click();
  await rowOf(brand, orders[1]).getByTestId('conversion-status').getByText('Reversed', { exact: true }).waitFor();

  // Only what is still pending, through the status filter (kept in the URL).
  await brand.getByTestId('filter-status').selectOption('pending');
  await brand.waitForURL(/status=pending/);
  await brand.waitForFunction(() => document.querySelectorAll('[data-testid="conversion-row"]').length === 2);
  assert.deepEqual(
    (await brand.getByTestId('conversion-order').allTextContents()).sort(),
    [orders[2], orders[3]].sort(),
  );

  // The affiliate: its conversions without review controls, customers masked; its earnings.
  await affiliate.goto(`${BASE_URL}/conversions`);
  await rowOf(affiliate, orders[0]).waitFor();
  assert.equal(await affiliate.getByTestId('conversion-row').count(), 5);
  assert.equal(await affiliate.getByTestId('conversion-confirm').count(), 0);
  assert.equal(await affiliate.getByTestId('select-all').count(), 0);
  assert.equal(await rowOf(affiliate, orders[0]).getByTestId('conversion-customer').textContent(), 'b***@example.com');
  await settle(affiliate);
  await screenshot(affiliate, 'conversions-affiliate');

  await affiliate.goto(`${BASE_URL}/earnings`);
  await affiliate.getByTestId('earnings-row').waitFor();
  // Pending: 12.50 adjusted + 40.00; confirmed: 10.00; reversed: 20.00 (the rejected one earns nothing).
  const amount = (kind) => affiliate.getByTestId(`earnings-${kind}`).getByTestId('earnings-amount').textContent();
  assert.match(await amount('pending'), /^52,50\sRON$/);
  assert.match(await amount('confirmed'), /^10,00\sRON$/);
  assert.match(await amount('paid'), /^0,00\sRON$/);
  assert.match(await amount('reversed'), /^20,00\sRON$/);
  await settle(affiliate);
  await screenshot(affiliate, 'earnings-affiliate');

  // The host: every brand's conversions, with delete, and the admin Conversions tab.
  const host = await signInDevHost(await newPage(browser));
  await host.goto(`${BASE_URL}/conversions?status=pending`);
  await rowOf(host, orders[3]).waitFor();
  await settle(host);
  await screenshot(host, 'conversions-host');
  await rowOf(host, orders[3]).getByTestId('conversion-delete').click();
  await host.getByTestId('confirm-message').getByText(`Delete the conversion of order ${orders[3]}? This cannot be undone.`).waitFor();
  await host.getByTestId('confirm-ok').click();
  await host.getByTestId('toast').getByText('Conversion deleted.').waitFor();
  await rowOf(host, orders[3]).waitFor({ state: 'detached' });

  await host.goto(`${BASE_URL}/admin`);
  await host.getByTestId('admin-tab-conversions').click();
  await host.getByTestId('admin-search').fill(`rev-${stamp}`);
  await host.waitForFunction(() => document.querySelectorAll('[data-testid="admin-row"]').length === 4);
  assert.equal(await host.getByTestId('admin-count-conversions').textContent(), '4');
  await settle(host);
  await screenshot(host, 'admin-conversions');

  await brand.context().close();
  await affiliate.context().close();
  await host.context().close();
});
