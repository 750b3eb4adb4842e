// Lighthouse (mobile preset) on cold loads of /auth and of a brand's /dashboard; called by
// scripts/lighthouse.sh with BASE_URL pointing at a running dev-mode server. Prints a Markdown table.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const base = process.env.BASE_URL;
const out = process.env.LH_OUT ?? 'artifacts/lighthouse';
if (!base) throw new Error('BASE_URL is required');

const login = await fetch(`${base}/api/v1/auth/dev-login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ accountType: 'brand' }),
});
const body = await login.json();
const token = body?.data?.jwt;
if (!login.ok || typeof token !== 'string') throw new Error(`dev-login failed: ${login.status} ${JSON.stringify(body)}`);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});

function summary(name, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const script = items.find((item) => item.resourceType === 'script');
  const scripts = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .sort((a, b) => b.transferSize - a.transferSize)
    .slice(0, 4)
    .map((r) => `${r.url.replace(/^.*\//, '')} ${(r.transferSize / 1000).toFixed(1)} kB`);
  return {
    name,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    total: audit('total-byte-weight'),
    js: script?.transferSize ?? NaN,
    jsRequests: script?.requestCount ?? NaN,
    biggest: scripts.join(', '),
  };
}

const results = [];
try {
  // 1. /auth, cold: Lighthouse clears the cache and storage itself.
  const auth = await lighthouse(`${base}/auth`, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
  writeFileSync(`${out}-auth.json`, auth.report);
  results.push(summary('`/auth`', auth.lhr));

  // 2. /dashboard as a brand: the token goes into localStorage first, then the HTTP cache is
  // emptied, and Lighthouse keeps the storage (disableStorageReset) but starts with a cold cache.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/auth`, { waitUntil: 'load' });
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
  const dash = await lighthouse(`${base}/dashboard`, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true });
  writeFileSync(`${out}-dashboard.json`, dash.report);
  if (!dash.lhr.finalDisplayedUrl.endsWith('/dashboard')) throw new Error(`the dashboard run ended on ${dash.lhr.finalDisplayedUrl}`);
  results.push(summary('`/dashboard` (brand)', dash.lhr));
} finally {
  await chrome.kill();
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;
console.log('| Page | Performance | FCP | LCP | TBT | Bytes transferred | JavaScript transferred (requests) | Largest scripts (transferred) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.name} | ${r.score} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${kB(r.total)} | ${kB(r.js)} (${r.jsRequests}) | ${r.biggest} |`);
}
