// The whole money path in a browser: an affiliate's link lands on a shop page carrying the tracking
// script, the shop reports the order with the click id the script kept, the brand confirms it, and
// the affiliate's statistics and earnings show the commission.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, DESKTOP_CHROME, LOCALHOST_URL, api, launch, newPage, screenshot, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The example shop page the server ships beside its docs, on a brand's domain.
const SHOP = `${LOCALHOST_URL}/docs/example-shop.html`;

test('a link lands on a shop page with the tracking script, and its order is attributed, confirmed and earned', async () => {
  const stamp = Date.now();
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('loop-brand'),
    password: 'correct-horse-battery',
    firstName: 'Bea',
    lastName: 'Loop',
    companyName: `Bea Loop ${stamp} SRL`,
  });
  const brandId = (await api(brand, 'GET', '/brands?limit=1')).body.data.brands[0].id;
  assert.equal((await api(brand, 'PUT', `/brands/${brandId}/domains`, { domains: ['localhost'] })).status, 200);
  const campaign = await api(brand, 'POST', '/campaigns', {
    name: `Loop ${stamp}`,
    homepage_url: SHOP,
    currency: 'RON',
    commission_type: 'percentage',
    commission_value: '0.10',
    approval_mode: 'auto',
  });
  assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
  const campaignId = campaign.body.data.campaign.id;

  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: uniqueEmail('loop-affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ana',
    lastName: `Loop ${stamp}`,
  });
  assert.equal((await api(affiliate, 'POST', `/campaigns/${campaignId}/join`)).status, 200);
  const link = await api(affiliate, 'POST', '/affiliate-links/generate', { campaign_id: campaignId });
  assert.equal(link.status, 201, JSON.stringify(link.body));

  // A visitor opens the link and lands on the shop page; the script keeps the click id.
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const shop = await visitor.newPage();
  await shop.goto(`${BASE_URL}/r/${link.body.data.link.short_code}`);
  assert.ok(shop.url().startsWith(SHOP), shop.url());
  const clickId = new URL(shop.url()).searchParams.get('aff_click');
  await shop.getByTestId('example-shop-click').getByText(clickId, { exact: true }).waitFor();
  const cookie = (await visitor.cookies(SHOP)).find((c) => c.name === 'aff_click');
  assert.equal(cookie?.value, clickId);
  assert.ok(cookie.expires - Date.now() / 1000 > 29 * 86400, 'kept for the attribution window');
  await visitor.close();

  // The visitor shops for a while (an order seconds after its click is flagged), then the shop
  // reports the order with the click id its checkout read.
  await brand.waitForTimeout(5500);
  const order = await api(brand, 'POST', '/conversions/process', {
    order_id: `loop-${stamp}`,
    order_total: '249.90',
    currency: 'RON',
    customer_email: 'buyer@example.com',
    click_id: clickId,
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const conversion = order.body.data.conversion;
  assert.equal(conversion.attribution, 'link');
  assert.equal(conversion.status, 'pending');
  assert.equal(conversion.commission_amount, '24.99');

  const reviewed = await api(brand, 'POST', '/conversions/review', { conversion_ids: [conversion.id], decision: 'confirm' });
  assert.equal(reviewed.status, 200, JSON.stringify(reviewed.body));
  assert.equal(reviewed.body.data.conversions[0].status, 'confirmed');

  // The brand's affiliates page shows the conversion and its money; the affiliate earned it.
  await brand.goto(`${BASE_URL}/affiliates`);
  const row = brand.getByTestId('affiliate-row').filter({ hasText: `Ana Loop ${stamp}` });
  await row.waitFor();
  const cells = await row.getByRole('cell').allTextContents();
  assert.deepEqual(cells.slice(2, 5), ['1', '1', '100.00%']);
  assert.match(cells[6], /24,99/);
  await brand.mouse.move(0, 0);
  await screenshot(brand, 'conversion-loop-affiliates');
  const earnings = await api(affiliate, 'GET', '/earnings');
  assert.deepEqual(
    earnings.body.data.earnings.map((e) => [e.currency, e.confirmed, e.pending]),
    [['RON', '24.99', '0.00']],
  );
  await brand.context().close();
  await affiliate.context().close();
});
