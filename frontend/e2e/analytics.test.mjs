// Dashboards and analytics in the browser: a program with a known data set (4 clicks, 3 orders of
// 447.50 RON in all, 10% commission) shows the same figures on the brand's dashboard, on the
// affiliate's and on the analytics page, and the host's overview counts them too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { BASE_URL, DESKTOP_CHROME, api, launch, newPage, newProgram, screenshot, settle, signInDevHost, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The rows of a CSV file (RFC 4180 quoting), header first. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * Scrolls to the performance chart, which is drawn only once it is near the viewport, waits for
 * its plot (not the icons of its controls), and scrolls back to the top for the screenshot.
 */
async function chartDrawn(page) {
  // On the brand's dashboard the whole card waits in a placeholder until it is near.
  const placeholder = page.getByTestId('dashboard-chart');
  if (await placeholder.count()) await placeholder.scrollIntoViewIfNeeded();
  const chart = page.getByTestId('performance-chart');
  await chart.scrollIntoViewIfNeeded();
  await chart.locator('.MuiChartsSurface-root').first().waitFor();
  await page.getByTestId('section-title').scrollIntoViewIfNeeded();
}

const stat = (page, metric) => page.getByTestId(`stat-${metric}`).getByTestId('stat-value');

test('each role sees the figures of a known program on its dashboard and on analytics', async () => {
  const stamp = Date.now();
  const affiliateEmail = uniqueEmail('analytics-affiliate');
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Ana Analytics',
    affiliateName: 'Ilie Insight',
    affiliateEmail,
    domain: 'shop.example.com',
    homepage: 'https://shop.example.com',
  });
  const affiliateId = (await api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`)).body.data.affiliates[0].id;

  // Four visits of the affiliate's link, from a browser.
  const link = await api(brand, 'POST', '/tracking-links', {
    name: 'Insight', destination_url: 'https://shop.example.com/sale', affiliate_id: affiliateId, campaign_id: campaignId,
  });
  assert.equal(link.status, 201, JSON.stringify(link.body));
  for (let i = 0; i < 4; i++) {
    const visit = await fetch(`${BASE_URL}/r/${link.body.data.link.short_code}`, {
      redirect: 'manual',
      headers: { 'User-Agent': DESKTOP_CHROME, 'X-Forwarded-For': `10.9.${i}.${stamp % 250}` },
    });
    assert.equal(visit.status, 302);
  }
  // Three orders with the affiliate's 10% code: 125.00, 250.00 and 72.50 RON; commission 44.75.
  const code = `INS${stamp}`;
  assert.equal(
    (await api(brand, 'POST', '/discount-codes', { code, campaign_id: campaignId, affiliate_id: affiliateId, discount_type: 'percentage', discount_value: '0.10' })).status,
    201,
  );
  for (const [n, total] of [['1', '125.00'], ['2', '250.00'], ['3', '72.50']]) {
    const reported = await api(brand, 'POST', '/conversions/process', {
      order_id: `ins-${stamp}-${n}`, order_total: total, currency: 'RON', customer_email: `buyer${n}@example.com`, discount_code: code,
    });
    assert.equal(reported.status, 201, JSON.stringify(reported.body));
  }

  // The brand's dashboard: the last 30 days (the clicks are written within a second).
  await brand.goto(`${BASE_URL}/dashboard`);
  await brand.getByRole('heading', { level: 1, name: 'Brand Dashboard' }).waitFor();
  for (let tries = 0; (await stat(brand, 'clicks').textContent()) !== '4' && tries < 10; tries++) {
    await brand.waitForTimeout(500);
    await brand.reload();
    await stat(brand, 'clicks').waitFor();
  }
  assert.equal(await stat(brand, 'clicks').textContent(), '4');
  assert.equal(await stat(brand, 'conversions').textContent(), '3');
  assert.match(await stat(brand, 'revenue').textContent(), /^447,50\sRON$/);
  assert.match(await stat(brand, 'commission').textContent(), /^44,75\sRON$/);
  // Code orders are shown apart and never enter the rate (conversions from links / clicks): 0 of 4 clicks.
  assert.equal(await stat(brand, 'conversion_rate').textContent(), '0.00%');
  assert.equal(await brand.getByTestId('count-pendingConversions').getByTestId('stat-value').textContent(), '3');
  assert.equal(await brand.getByTestId('count-affiliates').getByTestId('stat-value').textContent(), '1');
  // The lists below the chart are drawn once they are scrolled near.
  await brand.getByTestId('dashboard-top-lists').scrollIntoViewIfNeeded();
  const topAffiliate = brand.getByTestId('top-affiliates-row');
  await topAffiliate.first().waitFor(); // its own request, which may answer after the cards'
  assert.equal(await topAffiliate.count(), 1);
  assert.match(await topAffiliate.textContent(), new RegExp(`Ilie Insight ${stamp}`));
  await chartDrawn(brand);
  await brand.getByTestId('dashboard-more').scrollIntoViewIfNeeded();
  await brand.getByTestId('activity-entry').first().waitFor();
  await brand.getByTestId('section-title').scrollIntoViewIfNeeded();
  await settle(brand);
  await screenshot(brand, 'dashboard-brand', { dark: true });

  // Analytics: the same figures for 30 days, and the campaign on top; a year keeps them.
  await brand.goto(`${BASE_URL}/analytics?range=365d`);
  await brand.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  await stat(brand, 'conversions').getByText('3', { exact: true }).waitFor();
  assert.match(await stat(brand, 'revenue').textContent(), /^447,50\sRON$/);
  await brand.getByTestId('top-campaigns-row').first().waitFor();
  assert.equal(await brand.getByTestId('top-campaigns-row').count(), 1);
  await chartDrawn(brand);
  await settle(brand);
  await screenshot(brand, 'analytics-brand');

  // Reports: the conversions of the last 30 days download as CSV with the three orders, and the
  // clicks summary counts the four visits.
  await brand.goto(`${BASE_URL}/reports`);
  await brand.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const [conversionsFile] = await Promise.all([brand.waitForEvent('download'), brand.getByTestId('report-conversions-download').click()]);
  assert.match(conversionsFile.suggestedFilename(), /^conversions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const [conversionHeader, ...conversionRows] = parseCsv(readFileSync(await conversionsFile.path(), 'utf8'));
  const col = (name) => conversionHeader.indexOf(name);
  assert.deepEqual(conversionRows.map((row) => row[col('order_id')]).sort(), [`ins-${stamp}-1`, `ins-${stamp}-2`, `ins-${stamp}-3`]);
  assert.deepEqual(conversionRows.map((row) => row[col('order_total')]).sort(), ['125.00', '250.00', '72.50']);
  assert.deepEqual(conversionRows.map((row) => row[col('commission_amount')]).sort(), ['12.50', '25.00', '7.25']);
  await brand.getByTestId('report-conversions-status').getByText(/3 rows/).waitFor();
  const [clicksFile] = await Promise.all([brand.waitForEvent('download'), brand.getByTestId('report-clicks-download').click()]);
  const [clickHeader, ...clickRows] = parseCsv(readFileSync(await clicksFile.path(), 'utf8'));
  const sum = (name) => clickRows.reduce((total, row) => total + Number(row[clickHeader.indexOf(name)]), 0);
  assert.equal(sum('clicks'), 4);
  assert.equal(sum('conversions'), 3);
  await settle(brand);
  await screenshot(brand, 'reports-brand');

  // The affiliate's dashboard: since the start, with its campaign, orders and clicks.
  await affiliate.goto(`${BASE_URL}/dashboard`);
  await affiliate.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' }).waitFor();
  await stat(affiliate, 'conversions').getByText('3', { exact: true }).waitFor();
  assert.equal(await stat(affiliate, 'clicks').textContent(), '4');
  assert.match(await stat(affiliate, 'commission').textContent(), /^44,75\sRON$/);
  assert.equal(await affiliate.getByTestId('stat-codes-used').getByTestId('stat-value').textContent(), '3');
  assert.equal(await affiliate.getByTestId('recent-conversions').getByRole('listitem').count(), 3);
  assert.match(await affiliate.getByTestId('recent-conversions').textContent(), /b\*\*\*@example\.com|ins-/);
  assert.equal(await affiliate.getByTestId('recent-clicks').getByRole('listitem').count(), 4);
  await chartDrawn(affiliate);
  await settle(affiliate);
  await screenshot(affiliate, 'dashboard-affiliate', { dark: true });

  // The host: the overview includes this program (its figures are at least these).
  const host = await newPage(browser);
  await signInDevHost(host);
  await host.goto(`${BASE_URL}/dashboard`);
  await host.getByRole('heading', { level: 1, name: 'Host Dashboard' }).waitFor();
  await stat(host, 'conversions').waitFor();
  assert.ok(Number((await stat(host, 'conversions').textContent()).replace(/\D/g, '')) >= 3);
  await host.getByTestId('top-campaigns-row').first().waitFor();
  await chartDrawn(host);
  await settle(host);
  await screenshot(host, 'dashboard-host', { dark: true });
  await host.context().close();
  await brand.context().close();
  await affiliate.context().close();
});
