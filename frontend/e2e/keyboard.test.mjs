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

async function signUpBrand(page, kind) {
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'brand',
    email: uniqueEmail(kind),
    password: 'correct-horse-battery',
    firstName: 'Kay',
    lastName: 'Board',
    companyName: `Keyboard ${Date.now()} SRL`,
  });
  await page.getByTestId('section-title').getByText('Brand Dashboard').waitFor();
}

/** What has focus, and the outline drawn for it: on a text field's box, else on the control (or the ButtonBase around a checkbox's input). */
function focusedRing(page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const ringed = focused.closest('.MuiInputBase-root, .MuiButtonBase-root') ?? focused;
    const style = getComputedStyle(ringed);
    return {
      name: `${focused.tagName.toLowerCase()}[${focused.getAttribute('data-testid') ?? focused.getAttribute('name') ?? ''}] ${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 30)}`,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
    };
  });
}

function assertRing(ring, where) {
  assert.ok(ring, `nothing has focus ${where}`);
  assert.notEqual(ring.style, 'none', `no focus ring on ${ring.name} ${where}`);
  assert.ok(ring.width >= 2, `focus ring of ${ring.name} ${where} is ${ring.width}px wide`);
}

const focusedTestId = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? '');

test('Tab reaches the skip link first, Enter jumps into the page, and a menu choice focuses the new heading', async () => {
  const page = await newPage(browser);
  await signUpBrand(page, 'keyboard-shell');

  // A fresh load: the tab names the page and focus is left alone (no heading grabs it).
  await page.reload();
  await page.getByTestId('section-title').getByText('Brand Dashboard').waitFor();
  assert.equal(await page.title(), 'Brand Dashboard · OpenAffiliate');
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true);

  // The first Tab stop is the skip link, hidden until then.
  const skip = page.getByTestId('skip-link');
  assert.ok((await skip.boundingBox()).width <= 1);
  await page.keyboard.press('Tab');
  assert.equal(await focusedTestId(page), 'skip-link');
  assert.equal(await skip.textContent(), 'Skip to content');
  assert.ok((await skip.boundingBox()).width > 50);
  assertRing(await focusedRing(page), 'on the skip link');
  await screenshot(page, 'keyboard-skip-link');

  // Enter moves focus to <main>; the next Tab stays inside it, past the sidebar.
  await page.keyboard.press('Enter');
  assert.equal(await focusedTestId(page), 'section');
  assert.equal(new URL(page.url()).hash, '');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.querySelector('main').contains(document.activeElement)), true);

  // Every control the Tab key reaches shows the ring: the sidebar's entries and buttons, then the page's.
  await skip.focus();
  let stops = 1;
  for (;;) {
    await page.keyboard.press('Tab');
    const ring = await focusedRing(page);
    // Past the last control focus leaves the page.
    if (!ring || stops > 80) break;
    stops += 1;
    assertRing(ring, `at Tab stop ${stops}`);
  }
  assert.ok(stops >= 15, `only ${stops} Tab stops on the dashboard`);

  // A menu choice by keyboard: the new page's heading takes focus, the tab names the page.
  await page.getByTestId('menu-offers').focus();
  await page.keyboard.press('Enter');
  const heading = page.getByTestId('section-title');
  await heading.getByText('My Offers', { exact: true }).waitFor();
  assert.equal(await focusedTestId(page), 'section-title');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'H1');
  assert.equal(await page.title(), 'My Offers · OpenAffiliate');
  // A mouse choice too.
  await page.getByTestId('menu-tracking').click();
  await heading.getByText('Tracking Links', { exact: true }).waitFor();
  assert.equal(await focusedTestId(page), 'section-title');
  await page.context().close();
});

test('a form dialog points at the first invalid field and asks before discarding typed input', async () => {
  const page = await newPage(browser);
  await signUpBrand(page, 'keyboard-dialog');
  await page.getByTestId('menu-offers').click();
  await page.getByTestId('section-title').getByText('My Offers', { exact: true }).waitFor();

  // A button reached by keyboard shows the ring; so does the text field the dialog focuses.
  const create = page.getByTestId('create-campaign');
  await create.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focusedTestId(page), 'create-campaign');
  assertRing(await focusedRing(page), 'on the create button');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('name')), 'name');
  assertRing(await focusedRing(page), 'on the name field (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assertRing(await focusedRing(page), 'on the name field (dark)');
  await page.emulateMedia({ colorScheme: 'light' });

  // Submitted empty: focus goes to the first invalid field, whose error is its description, and an alert says so.
  await dialog.locator('textarea[name="description"]').focus();
  await dialog.getByTestId('campaign-dialog-submit').click();
  const summary = dialog.getByTestId('form-dialog-invalid');
  await summary.waitFor();
  assert.equal(await summary.getAttribute('role'), 'alert');
  assert.match(await summary.textContent(), /^Correct the \d+ highlighted fields?\.$/);
  const invalid = await page.evaluate(() => {
    const field = document.activeElement;
    return {
      name: field.getAttribute('name'),
      invalid: field.getAttribute('aria-invalid'),
      description: document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    };
  });
  assert.deepEqual({ name: invalid.name, invalid: invalid.invalid }, { name: 'name', invalid: 'true' });
  assert.match(invalid.description, /^Name is required\./);
  await screenshot(page, 'keyboard-dialog-invalid');

  // Escape with typed input asks first; 'Keep editing' (or Escape) returns to the form as it was.
  await page.keyboard.type('Half-typed campaign');
  await page.keyboard.press('Escape');
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.getByText('Discard changes?').waitFor();
  assert.equal(await dialog.isVisible(), true);
  await page.waitForTimeout(400); // the confirmation's fade-in
  await screenshot(page, 'keyboard-discard-confirm');
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  assert.equal(await dialog.locator('input[name="name"]').inputValue(), 'Half-typed campaign');
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid="campaign-dialog"]').contains(document.activeElement)), true);
  await page.keyboard.press('Escape');
  await confirm.getByTestId('confirm-ok').click();
  await dialog.waitFor({ state: 'detached' });

  // An untouched form closes on Escape at once.
  await create.click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await confirm.count(), 0);
  await page.context().close();
});
