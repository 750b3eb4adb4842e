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

async function submit(page, password, confirmation) {
  await page.locator('input[name="newPassword"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(confirmation);
  await page.getByTestId('reset-submit').click();
  return page.getByTestId('reset-error').textContent();
}

test('a link without a token is invalid', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/reset-password`);
  await page.getByTestId('language-en').click();
  await page.getByText('Invalid Reset Link').waitFor();
  await page.getByText('This password reset link is invalid or has expired.').waitFor();
  await screenshot(page, 'reset-password-invalid-link');
  await page.getByTestId('go-to-login').click();
  await page.getByTestId('auth-card').waitFor();
  await page.context().close();
});

test('the reset form shows its three validation messages', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/reset-password?token=`);
  await page.getByTestId('language-en').click();
  assert.equal(await submit(page, 'long-enough-1', 'long-enough-1'), 'Invalid or missing reset token.');

  await page.goto(`${BASE_URL}/reset-password?token=abc123`);
  assert.equal(await submit(page, 'long-enough-1', 'long-enough-2'), 'Passwords do not match.');
  assert.equal(await submit(page, 'short', 'short'), 'Password must be at least 8 characters long.');
  await screenshot(page, 'reset-password-refused');

  await page.getByTestId('language-ro').click();
  assert.equal(await submit(page, 'short', 'short'), 'Parola trebuie să aibă cel puțin 8 caractere.');
  await page.context().close();
});

test('an unknown token is refused with the server message', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/reset-password?token=not-a-real-token`);
  await page.getByTestId('language-en').click();
  const message = await submit(page, 'long-enough-1', 'long-enough-1');
  assert.ok(message && message.length > 0);
  assert.notEqual(message, 'Error resetting password.');
  await page.context().close();
});
