// Shared set-up of the browser flows: Debian's Chromium driven by playwright-core.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { checkA11yBothThemes } from './a11y.mjs';

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
// The server on the name 'localhost', which a brand may own as its domain (BASE_URL is an IP
// address, which no brand may own): destinations of tracking links in the flows.
export const LOCALHOST_URL = `http://localhost:${new URL(BASE_URL).port || '80'}`;
// A desktop Chrome's user agent: 'HeadlessChrome' is a known bot, recorded but not counted.
export const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SCREENSHOT_DIR = resolve(process.env.SCREENSHOT_DIR || '../artifacts/screenshots');

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

// Content-Security-Policy violations any page reported; the test that caused them fails (below).
const cspViolations = [];
const CSP_MARK = 'CSP violation:';

function failOnCspViolations() {
  if (cspViolations.length === 0) return;
  const found = cspViolations.splice(0);
  throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
}
afterEach(failOnCspViolations);
after(failOnCspViolations);

/** Records the violations a context's pages report, in the console and as securitypolicyviolation events. */
async function watchCsp(context) {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`${mark} ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`);
    });
  }, CSP_MARK);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK) || /Content Security Policy/i.test(text)) cspViolations.push(text);
  });
}

/** A random private address (10.0.0.0/8) for each new browser context. */
function clientAddress() {
  const part = () => Math.floor(Math.random() * 256);
  return `10.${part()}.${part()}.${part()}`;
}

/** A fresh context (empty localStorage) with a light system colour scheme and a desktop viewport. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: 'light',
    locale: 'en-US',
    // Each context is a person of its own address (scripts/e2e.sh trusts X-Forwarded-For), so the
    // server's per-address limits on sign-ups and resets treat the flows as the different people they are.
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    ...options,
  });
  await watchCsp(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export async function screenshot(page, name, { dark = false } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
  if (dark) {
    // The same screen in the dark theme, as `<name>-dark.png`.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-dark.png`), fullPage: false });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(100);
  }
  // Every screen a flow records is also held to WCAG 2.1 AA, in both themes.
  await checkA11yBothThemes(page, name);
}

/** Moves the pointer away (no hover tooltips) and lets transitions finish before a screenshot. */
export async function settle(page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
}

/** Calls the API from the page with the signed-in session's token, as the app does. */
export async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

export function uniqueEmail(kind) {
  return `e2e-${kind}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up through the auth screen and waits for the shell. */
export async function signUp(page, { accountType, email, password, firstName, lastName, companyName, domain }) {
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('auth-toggle').click();
  await page.getByTestId(`account-type-${accountType}`).click();
  await page.locator('input[name="firstName"]').fill(firstName);
  await page.locator('input[name="lastName"]').fill(lastName);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  if (companyName) await page.locator('input[name="companyName"]').fill(companyName);
  if (domain) await page.locator('input[name="domain"]').fill(domain);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL(`${BASE_URL}/dashboard`);
}

/**
 * A program to report orders to: a brand signed up in English, with its shop's domain and a
 * campaign that pays 10% in RON and approves affiliates at once; then an affiliate, signed up in
 * English, that has joined it.
 */
export async function newProgram(browser, { stamp, brandName, affiliateName, affiliateEmail, domain, homepage }) {
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId('language-en').click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail('program-brand'),
    password: 'correct-horse-battery',
    firstName: brandName,
    lastName: String(stamp),
    companyName: `${brandName} ${stamp} SRL`,
  });
  const brandId = (await api(brand, 'GET', '/brands?limit=1')).body.data.brands[0].id;
  const domains = await api(brand, 'PUT', `/brands/${brandId}/domains`, { domains: [domain] });
  if (domains.status !== 200) throw new Error(JSON.stringify(domains.body));
  const campaign = await api(brand, 'POST', '/campaigns', {
    name: `${brandName} ${stamp}`,
    homepage_url: homepage,
    currency: 'RON',
    commission_type: 'percentage',
    commission_value: '0.10',
    approval_mode: 'auto',
  });
  if (campaign.status !== 201) throw new Error(JSON.stringify(campaign.body));
  const campaignId = campaign.body.data.campaign.id;

  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-en').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: affiliateEmail,
    password: 'correct-horse-battery',
    firstName: affiliateName,
    lastName: String(stamp),
  });
  const joined = await api(affiliate, 'POST', `/campaigns/${campaignId}/join`);
  if (joined.status !== 200) throw new Error(JSON.stringify(joined.body));
  return { brand, affiliate, campaignId };
}

/**
 * Signs in as dev mode's demo host, in English. scripts/e2e.sh serves in dev mode on a loopback
 * address; without it the host flows cannot sign in, so they fail rather than skip.
 */
export async function signInDevHost(page) {
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await page.getByTestId('auth-card').waitFor();
  const devMode = await page.evaluate(async () => (await (await fetch('/api/v1/system/config')).json()).data.dev_mode);
  if (!devMode) throw new Error('the server is not in dev mode');
  await page.getByTestId('dev-login-host').click();
  await page.getByTestId('section-title').getByText('Host Dashboard').waitFor();
  return page;
}

export async function signIn(page, email, password) {
  await page.goto(`${BASE_URL}/auth`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('side-menu').waitFor();
}

/** 'YYYY-MM-DD' of today plus some days, in local time (what a date input takes). */
export function day(offset) {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Chooses `label` in a searched choice (SearchSelect): types it into the input named `name`
 * inside `scope`, and picks the option the server's page offers.
 */
export async function chooseSearched(scope, name, label) {
  const input = scope.locator(`input[name="${name}"]`);
  await input.fill(label);
  await scope.page().getByRole('option', { name: label, exact: true }).click();
}
