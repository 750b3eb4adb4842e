import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, settle } from './browser.mjs';

// Dates, percentages and MUI's own texts follow the interface language (docs/i18n.md): ro-RO in
// Romanian, en-US in English. Runs on dev mode's demo brand, whose orders and chart are seeded.
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const roDay = /\b\d{1,2} (ian|feb|mar|apr|mai|iun|iul|aug|sept|oct|nov|dec)\.? \d{4}\b/;
const enDay = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;
const roAxis = /\d{1,2} (ian|feb|mar|apr|mai|iun|iul|aug|sept|oct|nov|dec)\./;
const enAxis = /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/;

async function chartShown(page) {
  const chart = page.getByTestId('performance-chart');
  await chart.scrollIntoViewIfNeeded();
  await chart.locator('svg').first().waitFor();
  await settle(page);
  return (await chart.textContent()) ?? '';
}

test('Romanian formats in Romanian, en-US forms in English', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  const devMode = await page.evaluate(async () => (await (await fetch('/api/v1/system/config')).json()).data.dev_mode);
  if (!devMode) throw new Error('the server is not in dev mode');
  // Romanian is the default language.
  await page.getByTestId('dev-login-brand').click();
  const rate = page.getByTestId('stat-conversion_rate').getByTestId('stat-value');
  await rate.waitFor();
  assert.match(await rate.textContent(), /^\d+,\d\d\u00a0%$/);
  assert.match(await chartShown(page), roAxis);
  await screenshot(page, 'formats-dashboard-ro', { dark: true });

  await page.goto(`${BASE_URL}/conversions`);
  const date = page.getByTestId('conversion-date').first();
  await date.waitFor();
  assert.match(await date.textContent(), roDay);
  const pager = page.getByTestId('list-pagination');
  await pager.getByRole('button', { name: 'Mergi la pagina precedentă' }).waitFor();
  await pager.getByRole('button', { name: 'Mergi la pagina următoare' }).waitFor();

  await page.getByTestId('language-en').click();
  await pager.getByRole('button', { name: 'Go to previous page' }).waitFor();
  assert.match(await date.textContent(), enDay);

  await page.goto(`${BASE_URL}/dashboard`);
  await rate.waitFor();
  assert.match(await rate.textContent(), /^\d+\.\d\d%$/);
  assert.match(await chartShown(page), enAxis);
  await screenshot(page, 'formats-dashboard-en', { dark: true });
  await page.context().close();
});
