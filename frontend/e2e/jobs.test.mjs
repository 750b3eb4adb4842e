import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signInDevHost } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the host sees the background jobs the server ran at start-up on the admin screen', async () => {
  const page = await signInDevHost(await newPage(browser));
  await page.goto(`${BASE_URL}/admin`);
  const held = page.getByTestId('admin-job-conversions.confirm_held');
  await held.waitFor();
  assert.match(await held.textContent(), /Confirm conversions past their holding period/);
  await page.getByTestId('admin-job-platform.cleanup').waitFor();
  assert.equal(await page.getByTestId('admin-job-error-platform.cleanup').textContent(), 'No errors');
  await page.getByTestId('admin-jobs').scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-jobs', { dark: true });
});
