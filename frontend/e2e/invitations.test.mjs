// An invite-only campaign gets members: the brand invites an affiliate by email, the affiliate is
// told, sees the campaign, and joins it approved at once.
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

test('a brand invites an affiliate to an invite-only campaign, which it then joins', async () => {
  const stamp = Date.now();
  const name = `Private ${stamp}`;
  const affiliateEmail = uniqueEmail('invited');
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, { accountType: 'affiliate', email: affiliateEmail, password: 'correct-horse-battery', firstName: 'Irina', lastName: `Invited ${stamp}` });

  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand', email: uniqueEmail('inviter'), password: 'correct-horse-battery', firstName: 'Ina', lastName: 'Inviter', companyName: `Inviter ${stamp} SRL`,
  });
  const brandId = (await api(brand, 'GET', '/brands?limit=1')).body.data.brands[0].id;
  assert.equal((await api(brand, 'PUT', `/brands/${brandId}/domains`, { domains: ['shop.example.com'] })).status, 200);
  const made = await api(brand, 'POST', '/campaigns', {
    name, homepage_url: 'https://shop.example.com', currency: 'RON', commission_type: 'percentage', commission_value: '0.10',
    visibility: 'invite_only', approval_mode: 'manual',
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));

  // Not seen before the invitation.
  await affiliate.goto(`${BASE_URL}/offers`);
  await affiliate.getByTestId('section-title').waitFor();
  assert.equal(await affiliate.getByText(name).count(), 0);

  // The brand invites by email: an unknown one is kept like any other (the answer never tells who
  // has an account), the affiliate's reaches it.
  await brand.goto(`${BASE_URL}/offers`);
  const card = brand.locator('.MuiCard-root').filter({ hasText: name });
  await card.getByTestId('campaign-invite').click();
  const dialog = brand.getByTestId('invite-dialog');
  await dialog.getByTestId('invite-none').waitFor();
  await dialog.getByTestId('invite-email').fill(`nobody-${affiliateEmail}`);
  await dialog.getByTestId('invite-dialog-submit').click();
  await dialog.getByTestId('invitation').filter({ hasText: `nobody-${affiliateEmail}` }).waitFor();
  await dialog.getByTestId('invite-email').fill(affiliateEmail.toUpperCase());
  await dialog.getByTestId('invite-dialog-submit').click();
  await dialog.getByTestId('invitation').filter({ hasText: affiliateEmail }).filter({ hasNotText: 'nobody-' }).waitFor();
  await settle(brand);
  await screenshot(brand, 'invite-dialog');
  await dialog.getByTestId('invite-dialog-cancel').click();

  // The affiliate is told, sees the campaign marked invited, and joins it approved.
  await affiliate.goto(`${BASE_URL}/notifications`);
  await affiliate.locator('[data-testid="notification"][data-kind="campaign_invited"]').getByText(`Inviter ${stamp} SRL invited you to “${name}”`, { exact: false }).waitFor();
  await affiliate.goto(`${BASE_URL}/offers`);
  const offer = affiliate.locator('.MuiCard-root').filter({ hasText: name });
  await offer.getByTestId('campaign-invited').waitFor();
  await offer.getByTestId('campaign-join').click();
  await offer.getByTestId('membership-status').and(affiliate.locator('[data-status="approved"]')).waitFor();
  await settle(affiliate);
  await screenshot(affiliate, 'offers-invited-joined');
  await brand.context().close();
  await affiliate.context().close();
});
