// Commission rules in a browser (docs/product.md §6.1): a brand sets up a lifetime campaign with a
// per-product rate in the campaign dialog, its shop reports an attributed first payment and a
// renewal with their lines through the conversion API (with an API key), and the brand sees the
// renewal's commission, and the lines it was made of, on its conversions page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, api, launch, newPage, screenshot, settle, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a lifetime campaign with a product rate pays a renewal by its lines, and the brand sees them', async () => {
  const stamp = Date.now();
  const campaignName = `Abonamente ${stamp}`;
  const domain = `soft-${stamp}.example.com`;

  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('rules-brand'),
    password: 'correct-horse-battery',
    firstName: 'Sara',
    lastName: 'Rules',
    companyName: `Sara Soft ${stamp} SRL`,
    domain,
  });

  // The campaign dialog: 10%, renewals for life, and the PRO plan at 30%.
  await brand.getByTestId('menu-offers').click();
  await brand.getByTestId('create-campaign').click();
  const dialog = brand.getByTestId('campaign-dialog');
  await dialog.waitFor();
  await dialog.locator('input[name="name"]').fill(campaignName);
  await dialog.locator('input[name="homepage_url"]').fill(`https://${domain}/`);
  await dialog.locator('input[name="commission_value"]').fill('0.10');
  await dialog.locator('select[name="recurring"]').selectOption('lifetime');
  await dialog.getByTestId('add-product-rate').click();
  const rate = dialog.getByTestId('product-rate');
  await rate.getByTestId('product-rate-match').selectOption('sku');
  await rate.getByTestId('product-rate-key').fill('PRO');
  await rate.getByTestId('product-rate-value').fill('1.5');
  await dialog.getByTestId('campaign-dialog-submit').click();
  // A percentage above 1 is refused before anything is sent.
  await dialog.getByText(/^Each product rate needs a product/).waitFor();
  await rate.getByTestId('product-rate-value').fill('0.30');
  await rate.getByTestId('product-rate-key').scrollIntoViewIfNeeded();
  await settle(brand);
  await screenshot(brand, 'commission-rules-dialog');
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const card = brand.getByTestId('campaign-card').filter({ hasText: campaignName });
  await card.waitFor();
  assert.equal(await card.getByTestId('campaign-recurring').textContent(), 'for life');
  assert.equal(await card.getByTestId('campaign-rules').textContent(), '1 product with its own rate');
  const campaign = (await api(brand, 'GET', '/campaigns?limit=10')).body.data.campaigns.find((c) => c.name === campaignName);
  assert.deepEqual(campaign.product_rates, [{ match: 'sku', match_value: 'PRO', commission_type: 'percentage', commission_value: '0.3' }]);
  assert.equal(campaign.recurring, 'lifetime');

  // An affiliate joins; the brand gives it a discount code; the shop gets an API key.
  const affiliateEmail = uniqueEmail('rules-affiliate');
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, { accountType: 'affiliate', email: affiliateEmail, password: 'correct-horse-battery', firstName: 'Ion', lastName: 'Rules' });
  assert.equal((await api(affiliate, 'POST', `/campaigns/${campaign.id}/join`)).status, 200);
  const affiliateId = (await api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`)).body.data.affiliates[0].id;
  const code = `PRO${stamp}`;
  const made = await api(brand, 'POST', '/discount-codes', {
    code, campaign_id: campaign.id, affiliate_id: affiliateId, discount_type: 'percentage', discount_value: '0.10',
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const key = await api(brand, 'POST', '/brands/api-keys', { name: 'Billing' });
  assert.equal(key.status, 201, JSON.stringify(key.body));

  // The shop's billing reports the first payment (with the code) and a renewal, each with its
  // lines: the PRO plan (60.00) and two add-ons (40.00 together).
  const lines = [
    { product_id: 'plan-pro', sku: 'PRO', quantity: 1, amount: '60.00' },
    { product_id: 'addon-seat', sku: 'SEAT', categories: ['add-ons'], quantity: 2, amount: '40.00' },
  ];
  const report = (body) =>
    brand.request.post(`${BASE_URL}/api/v1/conversions/process`, {
      headers: { 'X-API-Key': key.body.data.key },
      data: { order_total: '100.00', currency: 'RON', ...body, lines },
    });
  const first = await report({ order_id: `sub-${stamp}-1`, discount_code: code, subscription_id: `sub-${stamp}`, customer_id: 'cus-1' });
  assert.equal(first.status(), 201, await first.text());
  assert.equal((await first.json()).data.conversion.commission_amount, '22.00');
  const renewal = await report({ order_id: `sub-${stamp}-2`, kind: 'renewal', subscription_id: `sub-${stamp}` });
  assert.equal(renewal.status(), 201, await renewal.text());
  const stored = (await renewal.json()).data.conversion;
  // 30% of the PRO plan's 60.00, and 10% of the rest of the order (40.00): 22.00, for life.
  assert.deepEqual([stored.kind, stored.attribution, stored.affiliate_id, stored.commission_amount, stored.commission_note], [
    'renewal', 'discount_code', affiliateId, '22.00', '',
  ]);

  // The brand's conversions page shows the renewal's commission, and its detail the lines.
  await brand.goto(`${BASE_URL}/conversions`);
  const row = brand.getByTestId('conversion-row').filter({ hasText: `sub-${stamp}-2` });
  await row.waitFor();
  assert.match(await row.getByTestId('conversion-commission').textContent(), /^22,00\sRON$/);
  await settle(brand);
  await screenshot(brand, 'commission-rules-conversions');
  await row.getByTestId('conversion-order').click();
  const detail = brand.getByTestId('conversion-detail');
  await detail.waitFor();
  assert.equal(await detail.getByTestId('detail-kind').textContent(), 'Subscription renewal');
  assert.match(await detail.getByTestId('detail-commission').textContent(), /^22,00\sRON$/);
  const shown = detail.getByTestId('detail-line');
  assert.equal(await shown.count(), 2);
  assert.match(await shown.nth(0).textContent(), /^plan-pro · PRO1\s*60,00\sRONSKU PRO: 30%18,00\sRON$/);
  assert.match(await shown.nth(1).textContent(), /^addon-seat · SEAT \(add-ons\)2\s*40,00\sRONCampaign rate \(rest of the order\)—$/);
  assert.equal(await detail.getByTestId('detail-tier').textContent(), 'No tier reached');
  await settle(brand);
  await screenshot(brand, 'commission-rules-detail');
  await detail.getByTestId('conversion-detail-close').click();
  await detail.waitFor({ state: 'detached' });

  await brand.context().close();
  await affiliate.context().close();
});
