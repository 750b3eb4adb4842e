import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, chooseSearched, launch, newPage, screenshot, signInDevHost } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A tab's count, once its list has loaded (it reads '…' until then). */
async function count(page, tab) {
  await page.getByTestId(`admin-count-${tab}`).getByText(/^\d+$/).waitFor();
  return Number(await page.getByTestId(`admin-count-${tab}`).textContent());
}

/** Waits until a tab's count reads `expected`. */
async function countIs(page, tab, expected) {
  await page.getByTestId(`admin-count-${tab}`).getByText(String(expected), { exact: true }).waitFor();
}

async function search(page, text) {
  await page.getByTestId('admin-search').fill(text);
}

/** Waits until every row the tab shows holds `text`: the search has been answered. */
async function onlyRowsWith(page, text) {
  await page.waitForFunction(
    (wanted) => {
      const rows = [...document.querySelectorAll('[data-testid="admin-row"]')];
      return rows.length > 0 && rows.every((row) => row.textContent.includes(wanted));
    },
    text,
  );
}

/** Waits for a toast with this title and message part, then closes it so the next one is clear. */
async function toast(page, title, message) {
  const found = page.getByTestId('toast').filter({ hasText: title }).filter({ hasText: message });
  await found.first().waitFor();
  for (const button of await found.getByRole('button').all()) await button.click().catch(() => {});
}

async function fillDialog(page, fields) {
  const dialog = page.getByTestId('admin-dialog');
  await dialog.waitFor();
  for (const [name, value] of Object.entries(fields)) {
    const field = dialog.locator(`[name="${name}"]`);
    if (name === 'brand_id') await chooseSearched(dialog, name, value);
    else await field.fill(value);
  }
  return dialog;
}

/** A fresh page signed in as dev mode's demo host. */
async function devHost() {
  return signInDevHost(await newPage(browser));
}

test('the host adds, searches, edits and deletes a brand, an affiliate and a campaign', async () => {
  const page = await devHost();
  await page.getByTestId('menu-group-operations').click();
  await page.getByTestId('menu-admin').click();
  await page.getByTestId('section-title').getByText('Admin', { exact: true }).waitFor();
  await page.getByTestId('admin-row').first().waitFor();

  const stamp = Date.now();
  const brandName = `E2E Brand ${stamp}`;
  const brandDomain = `e2e-${stamp}.example.com`;
  const affiliateName = `E2E Affiliate ${stamp}`;
  const affiliateEmail = `e2e-admin-${stamp}@example.com`;
  const campaignName = `E2E Admin Campaign ${stamp}`;
  const start = { brands: await count(page, 'brands'), affiliates: await count(page, 'affiliates'), campaigns: await count(page, 'campaigns') };

  // Brands: add, search, edit.
  assert.equal(await page.getByTestId('admin-add').textContent(), 'Add brand');
  await page.getByTestId('admin-add').click();
  assert.equal(await page.getByTestId('admin-dialog-title').textContent(), 'Add brand');
  let dialog = await fillDialog(page, { name: brandName, domain: brandDomain });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Created', brandName);
  await countIs(page, 'brands', start.brands + 1);
  await search(page, brandDomain.toUpperCase());
  await countIs(page, 'brands', 1);
  const brandRow = page.getByTestId('admin-row').filter({ hasText: brandDomain });
  await brandRow.getByTestId('admin-edit').click();
  assert.equal(await page.getByTestId('admin-dialog-title').textContent(), 'Edit brand');
  dialog = await fillDialog(page, { name: `${brandName} Renamed` });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Updated', `${brandName} Renamed`);
  await brandRow.getByText(`${brandName} Renamed`).waitFor();
  await page.mouse.move(0, 0);
  await screenshot(page, 'admin-brands');
  await search(page, '');

  // Affiliates: add, search, edit.
  await page.getByTestId('admin-tab-affiliates').click();
  // The tabs control the panel, and the panel is named by the selected tab.
  const panel = page.getByRole('tabpanel');
  assert.equal(await page.getByRole('tab', { name: /Affiliates/ }).getAttribute('aria-controls'), await panel.getAttribute('id'));
  assert.equal(await panel.getAttribute('aria-labelledby'), 'admin-tab-affiliates');
  assert.equal(await page.getByRole('tab', { selected: true }).getAttribute('id'), 'admin-tab-affiliates');
  assert.equal(await page.getByTestId('admin-add').textContent(), 'Add affiliate');
  await page.getByTestId('admin-add').click();
  dialog = await fillDialog(page, { name: affiliateName, email: affiliateEmail });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Created', affiliateName);
  await countIs(page, 'affiliates', start.affiliates + 1);
  await search(page, affiliateEmail);
  await countIs(page, 'affiliates', 1);
  const affiliateRow = page.getByTestId('admin-row').filter({ hasText: affiliateEmail });
  await affiliateRow.getByTestId('admin-edit').click();
  assert.equal(await page.getByTestId('admin-dialog-title').textContent(), 'Edit affiliate');
  dialog = await fillDialog(page, { name: `${affiliateName} Renamed` });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Updated', `${affiliateName} Renamed`);
  await affiliateRow.getByText(`${affiliateName} Renamed`).waitFor();
  await page.mouse.move(0, 0);
  await screenshot(page, 'admin-affiliates');
  await search(page, '');

  // Campaigns: add for the new brand, search, edit (an invalid status is refused by the server).
  await page.getByTestId('admin-tab-campaigns').click();
  assert.equal(await page.getByTestId('admin-add').textContent(), 'Add campaign');
  await page.getByTestId('admin-add').click();
  assert.equal(await page.getByTestId('admin-dialog').locator('input[name="status"]').getAttribute('placeholder'), 'active, paused or ended');
  dialog = await fillDialog(page, { name: campaignName, brand_id: `${brandName} Renamed`, status: 'paused' });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Created', campaignName);
  await countIs(page, 'campaigns', start.campaigns + 1);
  await search(page, campaignName.toLowerCase());
  await countIs(page, 'campaigns', 1);
  const campaignRow = page.getByTestId('admin-row').filter({ hasText: campaignName });
  assert.equal(await campaignRow.getByTestId('admin-campaign-status').textContent(), 'Paused');
  await campaignRow.getByTestId('admin-edit').click();
  dialog = await fillDialog(page, { status: 'archived' });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Failed', 'active');
  await dialog.waitFor();
  await fillDialog(page, { status: 'ended' });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Updated', campaignName);
  await campaignRow.getByTestId('admin-campaign-status').getByText('Ended').waitFor();
  await page.mouse.move(0, 0);
  await screenshot(page, 'admin-campaigns');

  // Delete all three, each after the confirmation.
  await campaignRow.getByTestId('admin-delete').click();
  assert.equal(
    await page.getByTestId('confirm-message').textContent(),
    'Delete this campaign and related data? This cannot be undone.',
  );
  await page.getByTestId('confirm-ok').click();
  await toast(page, 'Deleted', 'deleted.');
  await campaignRow.waitFor({ state: 'detached' });
  await search(page, '');
  await countIs(page, 'campaigns', start.campaigns);

  await page.getByTestId('admin-tab-affiliates').click();
  await search(page, affiliateEmail);
  await affiliateRow.getByTestId('admin-delete').click();
  assert.equal(
    await page.getByTestId('confirm-message').textContent(),
    'Delete this affiliate and related data? This cannot be undone.',
  );
  await page.getByTestId('confirm-ok').click();
  await toast(page, 'Deleted', 'deleted.');
  await affiliateRow.waitFor({ state: 'detached' });

  await page.getByTestId('admin-tab-brands').click();
  await search(page, brandDomain);
  await brandRow.getByTestId('admin-delete').click();
  await page.getByTestId('confirm-ok').click();
  await toast(page, 'Deleted', 'deleted.');
  await brandRow.waitFor({ state: 'detached' });
  await search(page, '');
  await countIs(page, 'brands', start.brands);
  await countIs(page, 'affiliates', start.affiliates);
  await countIs(page, 'campaigns', start.campaigns);

  // Create Host Account: a new host, then the same email again is refused with the server's message.
  const hostEmail = `e2e-host-${stamp}@example.com`;
  for (const expected of ['Host created', 'Failed']) {
    await page.getByTestId('admin-create-host').click();
    const hostDialog = page.getByTestId('create-host-dialog');
    await hostDialog.locator('input[name="email"]').fill(hostEmail);
    await hostDialog.locator('input[name="firstName"]').fill('Second');
    await hostDialog.locator('input[name="lastName"]').fill('Host');
    await hostDialog.locator('input[name="password"]').fill('another-host-password');
    await hostDialog.getByTestId('create-host-dialog-submit').click();
    await toast(page, expected, expected === 'Host created' ? hostEmail : '');
    if (expected === 'Host created') await hostDialog.waitFor({ state: 'detached' });
    else {
      // Cancel waits until the refused request has finished (the dialog ignores Escape while busy).
      await hostDialog.getByRole('button', { name: 'Cancel' }).click();
      await hostDialog.waitFor({ state: 'detached' });
    }
  }

  // Refresh reloads the lists.
  await page.getByTestId('admin-refresh').click();
  await countIs(page, 'brands', start.brands);
  await page.context().close();
});

test('the host reads every discount code and tracking link, read-only, and searches them', async () => {
  const page = await devHost();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByTestId('admin-row').first().waitFor();

  // The dev seed gave the demo affiliate the code WINTER10 (10%, at most 500 uses) and a link, and
  // reported five demo orders with the code.
  await page.getByTestId('admin-tab-discountCodes').click();
  assert.equal(await page.getByTestId('admin-add').count(), 0);
  await search(page, 'winter10');
  await onlyRowsWith(page, 'WINTER10');
  const code = page.getByTestId('admin-row').filter({ hasText: 'WINTER10' });
  assert.equal(await code.getByTestId('admin-code-value').textContent(), '10%');
  assert.equal(await code.getByTestId('admin-code-usage').textContent(), '5/500');
  assert.match(await code.textContent(), /Magazinul Demo/);
  assert.equal(await code.getByTestId('admin-edit').count(), 0);
  await page.mouse.move(0, 0);
  await screenshot(page, 'admin-discount-codes');

  await search(page, 'demo-shop.example/winter?utm_source=newsletter');
  await page.getByTestId('admin-tab-trackingLinks').click();
  await onlyRowsWith(page, 'Newsletter de iarnă');
  const link = page.getByTestId('admin-row').filter({ hasText: 'Newsletter de iarnă' });
  assert.match(await link.getByTestId('admin-link-clicks').textContent(), /^\d+$/);
  await countIs(page, 'discountCodes', 0);
  await screenshot(page, 'admin-tracking-links');
  await page.context().close();
});

test('the host invites the person behind an affiliate it created, who signs up through the link', async () => {
  const page = await devHost();
  await page.getByTestId('menu-group-operations').click();
  await page.getByTestId('menu-admin').click();
  await page.getByTestId('admin-tab-affiliates').click();
  const email = `e2e-invited-${Date.now()}@example.com`;
  await page.getByTestId('admin-add').click();
  const dialog = await fillDialog(page, { name: 'E2E Invited', email });
  await dialog.getByTestId('admin-dialog-submit').click();
  await toast(page, 'Created', 'E2E Invited');
  await search(page, email);
  const row = page.getByTestId('admin-row').filter({ hasText: email });
  await row.getByTestId('admin-invite-link').click();
  const link = await page.getByTestId('invite-link').textContent();
  assert.match(link, /\/auth\?invite=/);
  await screenshot(page, 'admin-invite-link');
  await page.getByTestId('invite-link-close').click();

  const invited = await newPage(browser);
  await invited.goto(link);
  await invited.getByTestId('language-en').click();
  await invited.getByTestId('auth-invited').waitFor();
  await invited.locator('input[name="firstName"]').fill('Ina');
  await invited.locator('input[name="lastName"]').fill('Vited');
  await invited.locator('input[name="email"]').fill(email);
  await invited.locator('input[name="password"]').fill('invited-password-1');
  await invited.getByTestId('auth-submit').click();
  await invited.waitForURL(`${BASE_URL}/dashboard`);
  await invited.context().close();

  // Claimed: the affiliate now has an account and offers no invitation any more.
  await page.getByTestId('admin-refresh').click();
  await row.getByTestId('admin-invite-link').waitFor({ state: 'detached' });
  await page.context().close();
});
