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

test('the docs page renders and searches the contract without any other host', async () => {
  const page = await newPage(browser);
  const origin = new URL(BASE_URL).origin;
  const foreign = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
  });
  await page.goto(`${BASE_URL}/docs/index.html`);
  await page.getByRole('heading', { name: 'Integration guide' }).waitFor();
  await screenshot(page, 'docs');
  // Search works under the page's Content-Security-Policy (no eval, no workers).
  await page.keyboard.press('Control+k');
  await page.keyboard.type('invite');
  await page.getByText('Issue a one-time invitation link for an affiliate the host created').first().waitFor();
  assert.deepEqual(foreign, []);
  await page.context().close();
});
