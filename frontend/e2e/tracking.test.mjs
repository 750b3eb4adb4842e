import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, DESKTOP_CHROME, LOCALHOST_URL, api, chooseSearched, launch, newPage, screenshot, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The server's own docs page on a brand's domain; it loads without sign-in, so the address keeps its query.
const DOCS = `${LOCALHOST_URL}/docs/index.html`;

test('an affiliate shares a generated link, its click is counted, and the brand manages links', async () => {
  const stamp = Date.now();
  const campaignName = `E2E Links ${stamp}`;

  // The brand signs up, owns 'localhost' and runs an active campaign anyone may join at once.
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('tracking-brand'),
    password: 'correct-horse-battery',
    firstName: 'Tara',
    lastName: 'Links',
    companyName: `Tara Links ${stamp} SRL`,
  });
  const brands = await api(brand, 'GET', '/brands?limit=1');
  assert.equal(brands.status, 200);
  const brandId = brands.body.data.brands[0].id;
  const domains = await api(brand, 'PUT', `/brands/${brandId}/domains`, { domains: ['localhost'] });
  assert.equal(domains.status, 200, JSON.stringify(domains.body));
  const created = await api(brand, 'POST', '/campaigns', {
    name: campaignName,
    homepage_url: DOCS,
    status: 'active',
    commission_type: 'percentage',
    commission_value: '0.10',
    visibility: 'public',
    approval_mode: 'auto',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));

  // An affiliate joins it on the Campaigns page.
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: uniqueEmail('tracking-affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ion',
    lastName: `Sharer ${stamp}`,
  });
  const affiliateName = `Ion Sharer ${stamp}`;
  await affiliate.getByTestId('menu-offers').click();
  const offer = affiliate.getByTestId('campaign-card').filter({ hasText: campaignName });
  await offer.getByTestId('campaign-join').click();
  await offer.getByTestId('membership-status').getByText('Joined').waitFor();

  // My Links: a link for the campaign to a page of the brand's domain.
  await affiliate.getByTestId('menu-tracking').click();
  await affiliate.getByTestId('section-title').getByText('My Links', { exact: true }).waitFor();
  await affiliate.getByTestId('links-empty').waitFor();
  const generate = affiliate.getByTestId('generate-card');
  await generate.getByTestId('generate-submit').click();
  await generate.getByTestId('campaign_id-message').getByText('Choose a campaign').waitFor();
  await chooseSearched(generate, 'campaign_id', campaignName);
  await generate.locator('input[name="destination_url"]').fill(`${DOCS}?ref=e2e`);
  await generate.getByTestId('generate-submit').click();
  const trackingUrl = (await generate.getByTestId('generated-url').textContent()).trim();
  assert.match(trackingUrl, new RegExp(`^${BASE_URL.replace(/[.]/g, '\\.')}/r/[A-Za-z0-9_-]{7,}$`));
  await generate.getByTestId('generated-url-copy').click();
  await generate.getByRole('button', { name: 'Copied' }).waitFor();
  const shortCode = trackingUrl.split('/r/')[1];
  const myRow = affiliate.locator(`[data-testid="link-row"][data-code="${shortCode}"]`);
  await myRow.getByTestId('link-name').getByText(campaignName).waitFor(); // blank name: the campaign's
  assert.equal(await myRow.getByTestId('link-url').textContent(), trackingUrl);
  assert.equal(await myRow.getByTestId('link-status').textContent(), 'Active');
  assert.equal(await myRow.getByTestId('link-clicks').textContent(), '0');
  await affiliate.mouse.move(0, 0);
  await affiliate.waitForTimeout(300);
  await screenshot(affiliate, 'tracking-affiliate');

  // A visitor follows it: the redirect keeps the destination's query and adds the click id. The
  // visitor has a desktop Chrome's user agent: 'HeadlessChrome' is a known bot, recorded but not counted.
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const visit = await visitor.newPage();
  await visit.goto(trackingUrl);
  await visit.waitForURL(/\/docs\/index\.html\?/);
  const landed = new URL(visit.url());
  assert.equal(landed.host, new URL(LOCALHOST_URL).host);
  assert.equal(landed.pathname, '/docs/index.html');
  assert.equal(landed.searchParams.get('ref'), 'e2e');
  assert.match(landed.searchParams.get('aff_click') ?? '', /.+/);
  await visitor.close();
  // A headless browser (a known bot, like a link preview) follows it too: recorded, not counted.
  const bot = await browser.newContext();
  const botVisit = await bot.newPage();
  await botVisit.goto(trackingUrl);
  await botVisit.waitForURL(/\/docs\/index\.html\?/);
  await bot.close();

  // The brand sees the click once it is stored: Refresh until the count shows 1, and the bot's
  // visit beside it, not counted.
  await brand.getByTestId('menu-tracking').click();
  await brand.getByTestId('section-title').getByText('Tracking Links', { exact: true }).waitFor();
  const brandRow = brand.locator(`[data-testid="link-row"][data-code="${shortCode}"]`);
  await brandRow.getByText(affiliateName).waitFor();
  const refresh = brand.getByTestId('links-refresh');
  const botClicks = brandRow.getByTestId('link-bot-clicks');
  for (let tries = 0; tries < 20; tries += 1) {
    if (
      (await brandRow.getByTestId('link-clicks').getAttribute('data-count')) === '1' &&
      (await botClicks.count()) === 1 &&
      (await botClicks.getAttribute('data-count')) === '1'
    )
      break;
    await brand.waitForTimeout(500);
    await refresh.click();
    await brand.waitForFunction(() => !document.querySelector('[data-testid="links-refresh"]')?.hasAttribute('disabled'));
  }
  assert.equal(await brandRow.getByTestId('link-clicks').textContent(), '1');
  assert.equal(await botClicks.textContent(), '+1 bot');
  await botClicks.hover();
  assert.match(await brand.getByRole('tooltip').textContent(), /^1 visit from a bot or link preview, not counted\. .*not counted as clicks/);
  await brand.mouse.move(0, 0);
  assert.equal(await brandRow.getByTestId('link-code').textContent(), shortCode);

  // The create form: its own checks, then the server's domain rule, then a link in the list.
  await brand.getByTestId('create-link').click();
  const dialog = brand.getByTestId('link-dialog');
  await dialog.getByTestId('link-dialog-submit').click();
  await dialog.getByTestId('affiliate_id-message').getByText('Choose an affiliate').waitFor();
  await dialog.getByTestId('name-message').getByText('Link name is required').waitFor();
  await chooseSearched(dialog, 'affiliate_id', affiliateName);
  // The affiliate's only campaign is picked for it.
  await brand.waitForFunction(
    (name) => document.querySelector('[data-testid="link-dialog"] input[name="campaign_id"]')?.value === name,
    campaignName,
  );
  const linkName = `Brand newsletter ${stamp}`;
  await dialog.locator('input[name="name"]').fill(linkName);
  await dialog.locator('input[name="destination_url"]').fill('https://elsewhere.example.com/sale');
  await dialog.getByTestId('link-dialog-submit').click();
  await dialog.getByTestId('destination_url-message').getByText("The destination must be on the brand's domain").waitFor();
  await dialog.locator('input[name="destination_url"]').fill(`${DOCS}?ref=newsletter`);
  await dialog.getByTestId('link-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const newRow = brand.getByTestId('link-row').filter({ hasText: linkName });
  await newRow.getByTestId('link-status').getByText('Active').waitFor();
  assert.equal(await newRow.getByTestId('link-destination').getAttribute('title'), `${DOCS}?ref=newsletter`);
  await brand.mouse.move(0, 0);
  await brand.waitForTimeout(300);
  await screenshot(brand, 'tracking-brand');

  // Pausing stops the address; archiving asks first.
  const newUrl = await newRow.getByTestId('link-code').getAttribute('title');
  await newRow.getByTestId('link-pause').click();
  await newRow.getByTestId('link-status').getByText('Paused').waitFor();
  const paused = await brand.request.get(newUrl, { maxRedirects: 0 });
  assert.equal(paused.status(), 404);
  await newRow.getByTestId('link-archive').click();
  await brand.getByTestId('confirm-ok').click();
  await newRow.getByTestId('link-status').getByText('Archived').waitFor();
  await newRow.getByTestId('link-delete').click();
  await brand.getByTestId('confirm-ok').click();
  await newRow.waitFor({ state: 'detached' });

  await brand.context().close();
  await affiliate.context().close();
});
