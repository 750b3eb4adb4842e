// The whole money path in a browser: an affiliate's link lands on a shop page carrying the tracking
// script, the shop reports the order with the click id the script kept, the brand confirms it, and
// the affiliate's statistics and earnings show the commission.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, DESKTOP_CHROME, LOCALHOST_URL, api, launch, newProgram, screenshot, uniqueEmail } from './browser.mjs';

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
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Bea Loop',
    affiliateName: 'Ana Loop',
    affiliateEmail: uniqueEmail('loop-affiliate'),
    domain: 'localhost',
    homepage: SHOP,
  });
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

  // The brand sees it pending on its conversions page and confirms it there.
  await brand.goto(`${BASE_URL}/conversions`);
  const pending = brand.getByTestId('conversion-row').filter({ hasText: `loop-${stamp}` });
  await pending.getByTestId('conversion-status').getByText('Pending', { exact: true }).waitFor();
  assert.equal(await pending.getByTestId('conversion-attribution').textContent(), `Link ${link.body.data.link.short_code}`);
  assert.equal(await pending.getByTestId('conversion-customer').textContent(), 'buyer@example.com');
  await pending.getByTestId('conversion-confirm').click();
  await pending.getByTestId('conversion-status').getByText('Confirmed', { exact: true }).waitFor();
  await brand.getByTestId('toast').getByText('Conversion confirmed.').waitFor();

  // The brand's affiliates page shows the conversion and its money; the affiliate earned it.
  await brand.goto(`${BASE_URL}/affiliates`);
  const row = brand.getByTestId('affiliate-row').filter({ hasText: `Ana Loop ${stamp}` });
  await row.waitFor();
  const cell = (field) => row.locator(`[role="gridcell"][data-field="${field}"]`).textContent();
  assert.deepEqual([await cell('clicks'), await cell('conversions'), await cell('conversion_rate')], ['1', '1', '100.00%']);
  assert.match(await cell('commission'), /24,99/);
  await brand.mouse.move(0, 0);
  await screenshot(brand, 'conversion-loop-affiliates');
  // The affiliate's earnings show the commission as confirmed, and nothing pending.
  await affiliate.goto(`${BASE_URL}/earnings`);
  await affiliate.getByTestId('earnings-row').filter({ hasText: 'RON' }).waitFor();
  assert.match(await affiliate.getByTestId('earnings-confirmed').getByTestId('earnings-amount').textContent(), /^24,99\sRON$/);
  assert.match(await affiliate.getByTestId('earnings-pending').getByTestId('earnings-amount').textContent(), /^0,00\sRON$/);
  const earnings = await api(affiliate, 'GET', '/earnings');
  assert.deepEqual(
    earnings.body.data.earnings.map((e) => [e.currency, e.confirmed, e.pending]),
    [['RON', '24.99', '0.00']],
  );
  await brand.context().close();
  await affiliate.context().close();
});
