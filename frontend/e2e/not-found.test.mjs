import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('an unknown path shows the 404 page', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await page.goto(`${BASE_URL}/no-such-page/${Date.now()}`);
  assert.equal(await page.getByTestId('not-found').textContent(), 'Oops! Page not found');
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  // Home is protected: a signed-out visitor lands on the auth screen.
  await page.getByTestId('auth-card').waitFor();
  await page.context().close();
});
