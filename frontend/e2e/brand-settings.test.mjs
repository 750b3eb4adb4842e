import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, settle, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a brand sets its company name, default currency and shop domains on Settings', async () => {
  const stamp = Date.now();
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'brand',
    email: uniqueEmail('brand-details'),
    password: 'brand-details-1',
    firstName: 'Bianca',
    lastName: 'Brand',
    companyName: `Bianca ${stamp} SRL`,
  });
  await page.waitForFunction(() => document.title === 'Brand Dashboard · OpenAffiliate');

  await page.getByTestId('menu-group-settings').click();
  // The group opens with an animation; the entry is chosen once it is open.
  await page.locator('[data-testid="menu-group-settings"][aria-expanded="true"]').waitFor();
  await page.getByTestId('menu-settings').click();
  await page.waitForURL(/\/settings$/);
  await page.waitForFunction(() => document.title === 'Settings · OpenAffiliate');
  const card = page.getByTestId('brand-card');
  const company = card.locator('input[name="company_name"]');
  await page.waitForFunction((name) => document.querySelector('input[name="company_name"]')?.value === name, `Bianca ${stamp} SRL`);
  assert.equal(await card.locator('input[name="default_currency"]').inputValue(), 'RON');

  // Checked here first: no company name.
  await company.fill('');
  await page.getByTestId('brand-save').click();
  await card.getByText('Enter the company name.').waitFor();

  await company.fill(`Bianca Boutique ${stamp}`);
  await card.getByRole('combobox').click();
  await page.getByTestId('brand-currency-EUR').click();
  await page.getByTestId('brand-save').click();
  await page.getByTestId('brand-message').getByText('Your brand details were saved.').waitFor();

  // The shop's domains are one list on the same page: a host name is checked before it is added.
  const domains = page.getByTestId('domains-card');
  const domain = `bianca-${stamp}.example.com`;
  await domains.locator('input[name="domain"]').fill('not a domain');
  await page.getByTestId('domain-add').click();
  await domains.getByText('Enter a domain name such as shop.example.com.').waitFor();
  await domains.locator('input[name="domain"]').fill(`https://${domain}/shop`);
  await page.getByTestId('domain-add').click();
  await page.getByTestId('domains-save').click();
  await page.getByTestId('toast').filter({ hasText: 'Shop domains saved.' }).waitFor();
  await page.mouse.move(0, 0);
  await screenshot(page, 'settings-brand-details');

  // Kept by the server: a reload shows them; the Integration page links here instead of repeating them.
  await page.reload();
  await page.waitForFunction((name) => document.querySelector('input[name="company_name"]')?.value === name, `Bianca Boutique ${stamp}`);
  assert.equal(await card.locator('input[name="default_currency"]').inputValue(), 'EUR');
  await page.getByTestId('domain-chip').filter({ hasText: domain }).waitFor();
  await page.goto(`${BASE_URL}/integration`);
  await page.getByTestId('domains-elsewhere').waitFor();
  assert.equal(await page.getByTestId('domain-chip').count(), 0);

  // The same in Romanian; the dashboard no longer claims the brand id is in tracking links.
  await page.getByTestId('language-ro').click();
  await page
    .getByTestId('domains-elsewhere')
    .getByText('Domeniile magazinului (unde pot trimite vizitatori campaniile și linkurile) le gestionezi în Setări.')
    .waitFor();
  await settle(page);
  await screenshot(page, 'integration-domains-ro');
  await page.getByTestId('domains-elsewhere').getByRole('link').click();
  await page.getByTestId('domains-card').getByText('Domeniile magazinului').waitFor();
  await page.getByTestId('domains-card').scrollIntoViewIfNeeded();
  await settle(page);
  await screenshot(page, 'settings-domains-ro');
  await page.goto(`${BASE_URL}/dashboard`);
  // The profile card loads once it comes near the viewport.
  await page.getByTestId('dashboard-more').scrollIntoViewIfNeeded();
  await page.getByText('Folosit în integrări; linkurile de urmărire au forma /r/<cod>').waitFor();
  await page.getByTestId('language-en').click();
  await page.getByText('Used in integrations; tracking links look like /r/<code>').waitFor();
  await page.context().close();
});
