import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signIn, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a brand signs up, signs out, signs in and sees the brand menu', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('auth-card').waitFor();
  await page.getByTestId('language-en').click();
  await page.getByText('Welcome back to OpenAffiliate').waitFor();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await screenshot(page, 'auth-screen');

  const email = uniqueEmail('brand');
  const password = 'correct-horse-battery';
  await signUp(page, {
    accountType: 'brand',
    email,
    password,
    firstName: 'Ada',
    lastName: 'Brand',
    companyName: 'Ada Shoes SRL',
  });
  await page.getByTestId('side-menu').waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('My Offers').waitFor();
  assert.equal(await page.getByTestId('account-type-badge').textContent(), 'Brand');
  assert.equal(await page.getByTestId('user-name').textContent(), 'Ada Brand');
  await page.getByTestId('section-title').getByText('Brand Dashboard').waitFor();
  await screenshot(page, 'shell-brand-light');

  await page.getByTestId('logout').click();
  await page.getByTestId('auth-card').waitFor();
  assert.equal(new URL(page.url()).pathname, '/auth');
  assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);

  await signIn(page, email, password);
  await page.getByTestId('side-menu').getByText('My Offers').waitFor();
  for (const label of ['Affiliates', 'Discount Codes']) {
    await page.getByTestId('side-menu').getByText(label, { exact: true }).waitFor();
  }
  await page.getByTestId('menu-offers').click();
  // A navigation is a transition: the dashboard stays on screen until the offers page's chunk is in.
  await page.getByTestId('section-title').getByText('My Offers', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('section-title').textContent(), 'My Offers');

  // A section the brand does not have.
  await page.goto(`${BASE_URL}/admin`);
  await page.getByTestId('section-not-available').getByText('not available for brand accounts').waitFor();
  await page.context().close();
});

test('an affiliate signs up and sees the affiliate menu', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'affiliate',
    email: uniqueEmail('affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ion',
    lastName: 'Affiliate',
  });
  await page.getByTestId('side-menu').waitFor();
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Campaigns', { exact: true }).waitFor();
  assert.equal(await menu.getByText('My Offers').count(), 0);
  assert.equal(await page.getByTestId('account-type-badge').textContent(), 'Affiliate');
  assert.match(await page.getByTestId('section-subtitle').textContent(), /Track performance/);
  await page.context().close();
});

test('a signed-out visitor of a protected route is sent to /auth', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/conversions`);
  await page.getByTestId('auth-card').waitFor();
  assert.equal(new URL(page.url()).pathname, '/auth');
  await page.context().close();
});

test('refusals are explained in Romanian, not with the server text', async () => {
  const page = await newPage(browser);
  const email = uniqueEmail('affiliate');
  await signUp(page, { accountType: 'affiliate', email, password: 'correct-horse-battery', firstName: 'Ion', lastName: 'Afiliat' });
  await page.getByTestId('logout').click();
  await page.getByTestId('auth-card').waitFor();
  await page.getByTestId('language-ro').click();

  // The contract's minLength, named with the field and its limit.
  await page.getByTestId('auth-toggle').click();
  await page.locator('input[name="firstName"]').fill('Ion');
  await page.locator('input[name="lastName"]').fill('Afiliat');
  await page.locator('input[name="email"]').fill(uniqueEmail('affiliate'));
  await page.locator('input[name="password"]').fill('scurt');
  await page.getByTestId('auth-submit').click();
  const error = page.getByTestId('auth-error');
  await error.getByText('Parolă: introdu cel puțin 8 caractere.').waitFor();
  await page.mouse.move(0, 0);
  await screenshot(page, 'refusal-ro-password');

  // A taken email (CONFLICT on the email field).
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('correct-horse-battery');
  await page.getByTestId('auth-submit').click();
  await error.getByText('Email: există deja un cont cu acest email.').waitFor();
  await screenshot(page, 'refusal-ro-email-taken');

  // Wrong credentials at sign-in (UNAUTHORIZED).
  await page.getByTestId('auth-toggle').click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('wrong-password-1');
  await page.getByTestId('auth-submit').click();
  await error.getByText('Email sau parolă greșită.').waitFor();
  assert.doesNotMatch(await error.textContent(), /Invalid|already exists|minimum/);
  await page.context().close();
});
