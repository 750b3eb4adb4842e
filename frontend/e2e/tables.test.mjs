// Every table fits its card: each page with a table or grid, for each role, at 1280 and 1024 px
// (in Romanian, whose words are longer, and in English), holds its columns without sideways
// scrolling, with no header cut and the actions column named on screen; on a phone (390 px) the
// money lists show each row as a card, with nothing wider than the screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { BASE_URL, SCREENSHOT_DIR, api, launch, newPage, newProgram, screenshot, settle, signInDevHost, uniqueEmail } from './browser.mjs';

let browser;
let people;
before(async () => {
  browser = await launch();
  people = await program();
});
after(async () => {
  await browser?.close();
});

/**
 * A program with something in every list, named long as real ones are: a brand and an affiliate,
 * a tracking link, a discount code, orders pending, confirmed and paid out, and a pending payout.
 */
async function program() {
  const stamp = Date.now();
  const affiliateEmail = uniqueEmail('tables-affiliate');
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Magazinul Ștefănescu și Fiii',
    affiliateName: 'Alexandra-Ioana Constantinescu',
    affiliateEmail,
    domain: 'shop.example.com',
    homepage: 'https://shop.example.com',
  });
  const affiliateId = (await api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`)).body.data.affiliates[0].id;
  const link = await api(brand, 'POST', '/tracking-links', {
    name: 'Campania de primăvară pentru încălțăminte',
    destination_url: 'https://shop.example.com/colectii/incaltaminte-de-primavara-2026',
    affiliate_id: affiliateId,
    campaign_id: campaignId,
  });
  assert.equal(link.status, 201, JSON.stringify(link.body));
  assert.equal((await api(affiliate, 'POST', '/affiliate-links/generate', { campaign_id: campaignId })).status, 201);
  const code = `PRIMAVARA${stamp}`;
  const created = await api(brand, 'POST', '/discount-codes', {
    code,
    campaign_id: campaignId,
    affiliate_id: affiliateId,
    discount_type: 'percentage',
    discount_value: '0.15',
    description: 'Reducere de primăvară pentru abonații newsletterului',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const ids = [];
  for (const [n, total] of [['1', '12345.67'], ['2', '2500.00'], ['3', '72.50'], ['4', '990.00'], ['5', '15000.00']]) {
    const reported = await api(brand, 'POST', '/conversions/process', {
      order_id: `comanda-${stamp}-${n}`,
      order_total: total,
      currency: 'RON',
      customer_email: `cumparator.cu.nume.lung${n}@exemplu-de-magazin.ro`,
      discount_code: code,
    });
    assert.equal(reported.status, 201, JSON.stringify(reported.body));
    ids.push(reported.body.data.conversion.id);
  }
  // Two confirmed and paid out (a pending payout); three still to review.
  assert.equal((await api(brand, 'POST', '/conversions/review', { conversion_ids: ids.slice(0, 2), decision: 'confirm' })).status, 200);
  assert.equal((await api(brand, 'POST', '/payouts/generate', {})).status, 200);
  const host = await signInDevHost(await newPage(browser));
  return { brand, affiliate, host };
}

/** What does not fit: grids and tables wider than their box, headers cut, an unnamed actions column, figures wider than their card. */
function misfits() {
  const found = [];
  const wider = (element) => element.scrollWidth > element.clientWidth + 1;
  const name = (element) => (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
  for (const grid of document.querySelectorAll('.MuiDataGrid-root')) {
    const label = grid.getAttribute('aria-label');
    const scroller = grid.querySelector('.MuiDataGrid-virtualScroller');
    if (scroller && wider(scroller)) found.push(`grid "${label}" scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth})`);
    for (const title of grid.querySelectorAll('.MuiDataGrid-columnHeaderTitle')) {
      if (wider(title)) found.push(`grid "${label}": header "${title.textContent}" is cut`);
    }
    for (const header of grid.querySelectorAll('.MuiDataGrid-columnHeader[data-field="actions"]')) {
      const title = header.querySelector('.MuiDataGrid-columnHeaderTitle');
      if (!title || title.getBoundingClientRect().width < 8) found.push(`grid "${label}": the actions column has no visible header`);
    }
  }
  for (const table of document.querySelectorAll('table')) {
    const box = table.parentElement;
    if (wider(box) || table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1) {
      found.push(`table "${name(box.closest('[aria-label]') ?? table.querySelector('th') ?? table)}" is wider than its box (${box.scrollWidth} > ${box.clientWidth})`);
    }
    for (const cell of table.querySelectorAll('th')) if (wider(cell)) found.push(`table header "${cell.textContent}" is cut`);
  }
  // The dashboards' headline figures ("30.908,17 RON") sit in small cards beside the tables.
  for (const figure of document.querySelectorAll('[data-testid="stat-value"]')) {
    if (wider(figure)) found.push(`figure "${figure.textContent}" is wider than its card`);
  }
  return found;
}

/** The pages with a table or grid, per role; an admin page is one per tab. */
const pages = {
  brand: ['dashboard', 'conversions', 'payouts', 'tracking', 'discount-codes', 'affiliates', 'applications', 'analytics', 'integration'],
  affiliate: ['dashboard', 'conversions', 'payouts', 'earnings', 'tracking', 'discount-codes', 'analytics'],
  host: [
    'dashboard',
    'conversions',
    'payouts',
    'affiliates',
    'analytics',
    ...['brands', 'affiliates', 'campaigns', 'conversions', 'discountCodes', 'trackingLinks'].map((tab) => `admin?tab=${tab}`),
  ],
};

async function chooseLanguage(page, language) {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

/** Opens a page and waits until its lists have loaded (no skeleton, spinner or loading grid). */
async function open(page, path) {
  await page.goto(`${BASE_URL}/${path}`);
  await page.getByTestId('section-title').waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [aria-busy="true"]').length === 0,
  );
  await page.waitForTimeout(300);
}

for (const [width, height, languages] of [
  [1280, 800, ['ro', 'en']],
  [1024, 768, ['ro', 'en']],
]) {
  for (const language of languages) {
    test(`every table fits its card at ${width} px in ${language === 'ro' ? 'Romanian' : 'English'}`, async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const problems = [];
      for (const [role, paths] of Object.entries(pages)) {
        const page = people[role];
        await page.setViewportSize({ width, height });
        await chooseLanguage(page, language);
        for (const path of paths) {
          await open(page, path);
          await settle(page);
          for (const problem of await page.evaluate(misfits)) problems.push(`${role} /${path}: ${problem}`);
          if (language === 'ro' || width === 1024) {
            await page.screenshot({ path: `${SCREENSHOT_DIR}/tables-${width}-${language}-${role}-${path.replace(/\W+/g, '-')}.png` });
          }
        }
      }
      assert.deepEqual(problems, []);
    });
  }
}

/** The money lists and the paged lists on a phone, per role, with the test id of their rows. */
const phoneLists = {
  brand: [
    ['conversions', 'conversion-row'],
    ['payouts', 'payout-row'],
    ['tracking', 'link-row'],
    ['discount-codes', 'discount-code-row'],
    ['affiliates', 'affiliate-row'],
  ],
  affiliate: [
    ['conversions', 'conversion-row'],
    ['payouts', 'payout-row'],
    ['earnings', 'earnings-row'],
    ['tracking', 'link-row'],
    ['discount-codes', 'discount-code-row'],
  ],
  host: [
    ['conversions', 'conversion-row'],
    ['payouts', 'payout-row'],
    ['affiliates', 'affiliate-row'],
  ],
};

/** What a phone cannot use: the page scrolling sideways, a row not shown as a card, a control off screen. */
function phoneMisfits(rowTestId) {
  const found = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
  if (document.querySelector('.MuiDataGrid-root')) found.push('a grid is shown instead of cards');
  const rows = [...document.querySelectorAll(`[data-testid="${rowTestId}"]`)];
  if (rows.length === 0) found.push('no rows');
  for (const row of rows) {
    const box = row.getBoundingClientRect();
    if (getComputedStyle(row).display === 'table-row') found.push('a row is a table row, not a card');
    if (box.left < 0 || box.right > window.innerWidth + 1) found.push(`a row is off screen (${Math.round(box.left)}-${Math.round(box.right)})`);
    for (const control of row.querySelectorAll('button, a, input')) {
      const at = control.getBoundingClientRect();
      if (at.width > 0 && (at.left < 0 || at.right > window.innerWidth + 1)) {
        found.push(`"${control.getAttribute('aria-label') || control.textContent}" is off screen`);
      }
    }
  }
  return found;
}

for (const language of ['ro', 'en']) {
  test(`on a phone the money lists show each row as a card, in ${language === 'ro' ? 'Romanian' : 'English'}`, async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const problems = [];
    for (const [role, lists] of Object.entries(phoneLists)) {
      const page = people[role];
      await page.setViewportSize({ width: 390, height: 844 });
      await chooseLanguage(page, language);
      for (const [path, rowTestId] of lists) {
        await open(page, path);
        await page.getByTestId(rowTestId).first().waitFor();
        await settle(page);
        for (const problem of await page.evaluate(phoneMisfits, rowTestId)) problems.push(`${role} /${path}: ${problem}`);
        // The cards are held to the accessibility gate too, in both themes.
        await screenshot(page, `tables-390-${language}-${role}-${path}`);
      }
    }
    assert.deepEqual(problems, []);
  });
}
