import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('English and the dark theme survive a reload', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  // Romanian is the default language.
  assert.equal(await page.getByTestId('auth-submit').textContent(), 'Autentifică-te');
  await signUp(page, {
    accountType: 'brand',
    email: uniqueEmail('prefs'),
    password: 'correct-horse-battery',
    firstName: 'Dana',
    lastName: 'Dark',
    companyName: 'Dana Lamps',
  });
  await page.getByTestId('side-menu').getByText('Ofertele mele').waitFor();

  await page.getByTestId('language-en').click();
  await page.getByTestId('theme-dark').click();
  await page.getByTestId('side-menu').getByText('My Offers').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

  await page.reload();
  await page.getByTestId('side-menu').getByText('My Offers').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('vite-ui-theme')), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(background, 'rgb(255, 255, 255)');
  await page.getByTestId('section-title').getByText('Brand Dashboard').waitFor();
  await screenshot(page, 'shell-brand-dark');
  await page.context().close();
});
