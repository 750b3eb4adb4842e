import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, chooseSearched, day, launch, newPage, screenshot, settle, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The same day as the lists show it: 'Dec 23, 2026'. */
function shortDay(offset) {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

test('a brand creates a discount code for an affiliate, who then sees it', async () => {
  const stamp = Date.now();
  const campaignName = `E2E Codes ${stamp}`;
  const code = `E2E${stamp}`;
  const affiliateName = `Ion Codes${stamp}`;

  // The brand signs up and creates a campaign that approves affiliates at once.
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('codes-brand'),
    password: 'correct-horse-battery',
    firstName: 'Ada',
    lastName: 'Codes',
    companyName: `Ada Codes ${stamp} SRL`,
    domain: `codes-${stamp}.example.com`,
  });
  await brand.getByTestId('menu-offers').click();
  await brand.getByTestId('create-campaign').click();
  const campaignDialog = brand.getByTestId('campaign-dialog');
  await campaignDialog.locator('input[name="name"]').fill(campaignName);
  await campaignDialog.locator('input[name="homepage_url"]').fill(`https://codes-${stamp}.example.com/`);
  await campaignDialog.locator('input[name="commission_value"]').fill('0.10');
  assert.equal(await campaignDialog.locator('input[name="approval_mode"][value="auto"]').isChecked(), true);
  await campaignDialog.getByTestId('campaign-dialog-submit').click();
  await campaignDialog.waitFor({ state: 'detached' });
  await brand.getByTestId('campaign-card').filter({ hasText: campaignName }).waitFor();

  // An affiliate signs up and joins it from the Campaigns page.
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: uniqueEmail('codes-affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ion',
    lastName: `Codes${stamp}`,
  });
  await affiliate.getByTestId('menu-offers').click();
  const offer = affiliate.getByTestId('campaign-card').filter({ hasText: campaignName });
  await offer.getByTestId('campaign-join').click();
  await offer.getByTestId('membership-status').getByText('Joined').waitFor();

  // The brand opens Discount Codes; the dialog explains what is wrong before sending anything.
  await brand.getByTestId('menu-discount-codes').click();
  await brand.getByTestId('section-title').getByText('Discount Codes', { exact: true }).waitFor();
  await brand.getByTestId('discount-codes-empty').waitFor();
  await brand.getByTestId('create-discount-code').click();
  const dialog = brand.getByTestId('discount-code-dialog');
  await dialog.waitFor();
  assert.equal(await dialog.locator('input[name="discount_value"]').getAttribute('placeholder'), '0.10');
  assert.equal(await dialog.locator('input[name="usage_limit"]').getAttribute('placeholder'), '100 or blank for unlimited');
  await dialog.locator('input[name="discount_value"]').fill('1.5');
  await dialog.getByTestId('discount-code-dialog-submit').click();
  await dialog.getByText('Choose a campaign.').waitFor();
  await dialog.getByText('Enter a code, or generate one.').waitFor();
  await dialog.getByText(/^A percentage is a fraction above 0 and at most 1: write 0\.10 for 10%\./).waitFor();

  await chooseSearched(dialog, 'campaign_id', campaignName);
  await chooseSearched(dialog, 'affiliate_id', affiliateName);
  await dialog.locator('input[name="code"]').fill('no spaces allowed');
  await dialog.getByTestId('discount-code-dialog-submit').click();
  await dialog.getByText(/^A code has 3 to 40 letters, digits, dashes or underscores\./).waitFor();
  await settle(brand);
  await screenshot(brand, 'discount-codes-dialog');

  // A valid code: 10% off, no usage limit.
  await dialog.locator('input[name="code"]').fill(code);
  await dialog.locator('input[name="discount_value"]').fill('0.10');
  await dialog.locator('textarea[name="description"]').fill('Newsletter readers');
  await dialog.getByTestId('discount-code-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await brand.getByTestId('toast').getByText('Discount code created successfully').waitFor();
  const row = brand.locator(`[data-testid="discount-code-row"][data-code="${code}"]`);
  await row.waitFor();
  assert.equal(await row.getByTestId('discount-code-value').textContent(), '10%');
  assert.equal(await row.getByTestId('discount-code-usage').textContent(), '0/∞');
  assert.equal(await row.getByTestId('discount-code-status').textContent(), 'Active');
  await row.getByText(affiliateName).waitFor();

  // The same code in another case is taken.
  await brand.getByTestId('create-discount-code').click();
  const again = brand.getByTestId('discount-code-dialog');
  await chooseSearched(again, 'campaign_id', campaignName);
  await chooseSearched(again, 'affiliate_id', affiliateName);
  await again.locator('input[name="code"]').fill(code.toLowerCase());
  await again.locator('input[name="discount_value"]').fill('0.05');
  await again.getByTestId('discount-code-dialog-submit').click();
  await again.getByText('You already have this code (codes ignore case).').waitFor();
  await brand.getByTestId('toast').getByText('Failed to create discount code').waitFor();

  // Or the server picks one: a generated free-shipping code.
  await again.getByTestId('discount-code-generate').check();
  await again.locator('select[name="discount_type"]').selectOption('free_shipping');
  assert.equal(await again.locator('input[name="discount_value"]').isDisabled(), true);
  await again.getByTestId('discount-code-dialog-submit').click();
  await again.waitFor({ state: 'detached' });
  await brand.getByTestId('discount-code-row').filter({ hasText: 'Free shipping' }).waitFor();
  assert.equal(await brand.getByTestId('discount-code-row').count(), 2);

  // Edit keeps every other field: a usage limit, then pause.
  await row.getByTestId('discount-code-edit').click();
  const edit = brand.getByTestId('discount-code-dialog');
  assert.equal(await edit.locator('input[name="code"]').inputValue(), code);
  assert.match(await edit.locator('input[name="discount_value"]').inputValue(), /^0\.10?$/);
  await edit.locator('input[name="usage_limit"]').fill('100');
  await edit.locator('input[name="minimum_order_amount"]').fill('50');
  await edit.locator('input[name="valid_until"]').fill(day(30));
  await edit.locator('input[name="commission_override"]').fill('1.5');
  await edit.getByTestId('discount-code-dialog-submit').click();
  await edit.getByText(/^This campaign pays a percentage/).waitFor();
  await edit.locator('input[name="commission_override"]').fill('0.15');
  await edit.getByTestId('discount-code-dialog-submit').click();
  await edit.waitFor({ state: 'detached' });
  await row.getByTestId('discount-code-usage').getByText('0/100').waitFor();
  const terms = async () => ({
    value: await row.getByTestId('discount-code-value').textContent(),
    minimum: (await row.getByTestId('discount-code-minimum').textContent()).replace(/[\u00a0\u202f]/g, ' '),
    commission: await row.getByTestId('discount-code-commission').textContent(),
    validity: await row.getByTestId('discount-code-validity').textContent(),
  });
  const edited = await terms();
  assert.deepEqual(edited, {
    value: '10%',
    minimum: 'Min. order 50,00 RON',
    commission: 'Commission 15%',
    validity: `Until ${shortDay(30)}`,
  });
  // Pausing sends the whole form back: nothing else changes.
  await row.getByTestId('discount-code-pause').click();
  await row.getByTestId('discount-code-status').getByText('Paused').waitFor();
  assert.deepEqual(await terms(), edited);
  assert.equal(await row.getByTestId('discount-code-usage').textContent(), '0/100');
  await row.getByTestId('discount-code-activate').click();
  await row.getByTestId('discount-code-status').getByText('Active').waitFor();
  await settle(brand);
  await screenshot(brand, 'discount-codes-brand');

  // The affiliate sees its code, read-only, with a copy button.
  await affiliate.getByTestId('menu-discount-codes').click();
  await affiliate.getByTestId('section-title').getByText('Discount Codes', { exact: true }).waitFor();
  const mine = affiliate.locator(`[data-testid="discount-code-row"][data-code="${code}"]`);
  await mine.waitFor();
  assert.equal(await mine.getByTestId('discount-code-value').textContent(), '10%');
  assert.equal(await mine.getByTestId('discount-code-usage').textContent(), '0/100');
  await mine.getByTestId('discount-code-copy').waitFor();
  assert.equal(await affiliate.getByTestId('create-discount-code').count(), 0);
  assert.equal(await mine.getByTestId('discount-code-edit').count(), 0);
  await settle(affiliate);
  await screenshot(affiliate, 'discount-codes-affiliate');

  // The brand deletes the code after confirming.
  await row.getByTestId('discount-code-delete').click();
  await brand.getByTestId('confirm-ok').click();
  await row.waitFor({ state: 'detached' });
  await brand.getByTestId('toast').getByText('Discount code deleted successfully').waitFor();

  await brand.context().close();
  await affiliate.context().close();
});
