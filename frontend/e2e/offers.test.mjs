import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, day, launch, newPage, screenshot, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a brand creates a manual-approval campaign, an affiliate applies and the brand approves it', async () => {
  const stamp = Date.now();
  const campaignName = `E2E Summer Sale ${stamp}`;

  // The brand signs up and opens My Offers.
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('offers-brand'),
    password: 'correct-horse-battery',
    firstName: 'Ada',
    lastName: 'Offers',
    companyName: `Ada Offers ${stamp} SRL`,
    domain: `ada-${stamp}.example.com`,
  });
  await brand.getByTestId('menu-offers').click();
  await brand.getByTestId('section-title').getByText('My Offers', { exact: true }).waitFor();

  // The create-campaign dialog checks the form before sending it.
  await brand.getByTestId('create-campaign').click();
  const dialog = brand.getByTestId('campaign-dialog');
  await dialog.waitFor();
  assert.equal(await dialog.locator('input[name="attribution_window_days"]').inputValue(), '30');
  await dialog.locator('input[name="start_date"]').fill(day(5));
  await dialog.locator('input[name="end_date"]').fill(day(1));
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.getByText('Name is required.').waitFor();
  await dialog.getByText('End date cannot be before the start date.').waitFor();
  await dialog.getByText(/^Commission value is required\./).waitFor();

  await dialog.locator('input[name="name"]').fill(campaignName);
  await dialog.locator('textarea[name="description"]').fill('Ten percent on every summer order.');
  await dialog.locator('input[name="homepage_url"]').fill(`https://ada-${stamp}.example.com/summer`);
  await dialog.locator('input[name="start_date"]').fill(day(0));
  await dialog.locator('input[name="end_date"]').fill(day(20));
  await dialog.locator('input[name="budget"]').fill('5000');
  await dialog.locator('input[name="commission_value"]').fill('1.5');
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.getByText(/^A percentage is a fraction between 0 and 1: write 0\.10 for 10%\./).waitFor();
  await dialog.locator('input[name="commission_value"]').fill('0.10');
  // A percentage is taken of the subtotal after discounts unless the brand chooses the total.
  const base = dialog.locator('select[name="commission_base"]');
  assert.equal(await base.inputValue(), 'subtotal');
  await base.selectOption('total');
  // Subscription renewals earn for the first 12 payments.
  const recurring = dialog.locator('select[name="recurring"]');
  assert.equal(await recurring.inputValue(), 'first_payment');
  await recurring.selectOption('first_payments');
  await dialog.locator('input[name="recurring_limit"]').fill('12');
  await dialog.locator('input[name="approval_mode"][value="manual"]').check();
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });

  const brandCard = brand.getByTestId('campaign-card').filter({ hasText: campaignName });
  await brandCard.waitFor();
  assert.equal(await brandCard.getByTestId('campaign-status').textContent(), 'Active');
  assert.equal(await brandCard.getByTestId('campaign-commission').textContent(), '10% of each order');
  await brandCard.getByText('Manual approval').waitFor();
  await brand.mouse.move(0, 0);
  await brand.waitForTimeout(300);
  await screenshot(brand, 'offers-brand');

  // An affiliate finds it under Available offers and applies.
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: uniqueEmail('offers-affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ion',
    lastName: 'Promoter',
  });
  await affiliate.getByTestId('menu-offers').click();
  await affiliate.getByTestId('section-title').getByText('Available Offers', { exact: true }).waitFor();
  const offer = affiliate.getByTestId('campaign-card').filter({ hasText: campaignName });
  await offer.waitFor();
  await offer.getByTestId('campaign-join').click();
  await offer.getByTestId('membership-status').getByText('Pending approval').waitFor();
  assert.equal(await offer.getByTestId('campaign-join').count(), 0);
  assert.equal(await offer.getByTestId('campaign-recurring').textContent(), 'first 12 payments');
  await affiliate.mouse.move(0, 0);
  await affiliate.waitForTimeout(300);
  await screenshot(affiliate, 'offers-affiliate');

  // The brand approves it on the Applications page.
  await brand.getByTestId('menu-applications').click();
  await brand.getByTestId('section-title').getByText('Applications', { exact: true }).waitFor();
  const row = brand.getByTestId('application-row').filter({ hasText: campaignName });
  await row.waitFor();
  await row.getByText('Ion Promoter').waitFor();
  assert.equal(await row.getByTestId('application-status').textContent(), 'Pending');
  await screenshot(brand, 'applications-brand');
  await row.getByTestId('application-approve').click();
  await row.waitFor({ state: 'detached' });
  await brand.getByTestId('applications-filter-approved').click();
  await brand
    .getByTestId('application-row')
    .filter({ hasText: campaignName })
    .getByTestId('application-status')
    .getByText('Approved')
    .waitFor();

  // The affiliate now sees it as joined, and on its campaign calendar.
  await affiliate.reload();
  const joined = affiliate.getByTestId('campaign-card').filter({ hasText: campaignName });
  await joined.getByTestId('membership-status').getByText('Joined').waitFor();
  await affiliate.goto(`${BASE_URL}/calendar`);
  await affiliate.getByTestId('section-title').getByText('Campaign Calendar', { exact: true }).waitFor();
  await affiliate.locator(`[data-testid="calendar-day"][data-day="${day(0)}"] [data-campaign="${campaignName}"]`).waitFor();
  await affiliate.mouse.move(0, 0);
  await screenshot(affiliate, 'calendar-affiliate');

  // The brand's affiliates page lists the new affiliate with its statistics.
  await brand.getByTestId('menu-affiliates').click();
  await brand.getByTestId('affiliate-row').filter({ hasText: 'Ion Promoter' }).waitFor();

  await brand.context().close();
  await affiliate.context().close();
});

test('a brand pauses, resumes and ends a campaign', async () => {
  const stamp = Date.now();
  const name = `E2E Lifecycle ${stamp}`;
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'brand',
    email: uniqueEmail('lifecycle'),
    password: 'correct-horse-battery',
    firstName: 'Lia',
    lastName: 'Cycle',
    companyName: `Lia ${stamp} SRL`,
    domain: `https://lia-${stamp}.example.com/`,
  });
  await page.goto(`${BASE_URL}/offers`);
  await page.getByTestId('create-campaign').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.locator('input[name="homepage_url"]').fill(`https://lia-${stamp}.example.com/`);
  await dialog.locator('select[name="commission_type"]').selectOption('fixed');
  await dialog.getByText('A fixed amount paid for each conversion, e.g. 25.00.').waitFor();
  await dialog.locator('input[name="commission_value"]').fill('25');
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });

  const card = page.getByTestId('campaign-card').filter({ hasText: name });
  await card.getByTestId('campaign-pause').click();
  await card.getByTestId('campaign-status').getByText('Paused').waitFor();
  await card.getByTestId('campaign-resume').click();
  await card.getByTestId('campaign-status').getByText('Active').waitFor();
  await card.getByTestId('campaign-end').click();
  await page.getByTestId('confirm-ok').click();
  await card.getByTestId('campaign-status').getByText('Ended').waitFor();

  // Edit keeps the values and saves the change.
  await card.getByTestId('campaign-edit').click();
  const edit = page.getByTestId('campaign-dialog');
  assert.match(await edit.locator('input[name="commission_value"]').inputValue(), /^25(\.0+)?$/);
  await edit.locator('input[name="name"]').fill(`${name} v2`);
  await edit.getByTestId('campaign-dialog-submit').click();
  await edit.waitFor({ state: 'detached' });
  await page.getByTestId('campaign-card').filter({ hasText: `${name} v2` }).waitFor();
  await page.context().close();
});
