// The accessibility gate itself: it must fail on a page with known violations and pass on a clean one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkA11y } from './a11y.mjs';
import { launch, newPage } from './browser.mjs';

// The gate must throw here even when the flows survey violations instead of failing.
delete process.env.A11Y_COLLECT;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the accessibility gate fails on a page with known violations', async () => {
  const page = await newPage(browser);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Bad</title></head><body><main>
    <h1>Bad page</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#bbb;background:#fff">Low-contrast text</p>
  </main></body></html>`);
  await assert.rejects(checkA11y(page, 'bad page', { disableRules: [] }), (error) => {
    assert.match(error.message, /image-alt \[critical\]/);
    assert.match(error.message, /color-contrast \[serious\]/);
    assert.match(error.message, /img/);
    return true;
  });
  await page.context().close();
});

test('the accessibility gate passes on a clean page', async () => {
  const page = await newPage(browser);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body><main>
    <h1>Good page</h1><p style="color:#222;background:#fff">Readable text</p>
  </main></body></html>`);
  await checkA11y(page, 'good page', { disableRules: [] });
  await page.context().close();
});
