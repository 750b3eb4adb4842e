// Lighthouse (mobile preset) on cold loads of /auth and of a brand's /dashboard; called by
// scripts/lighthouse.sh with BASE_URL pointing at a running dev-mode server. Prints a Markdown table.
// LH_ROUNDS (default 3) rounds run one after the other and the table shows each figure's median,
// since one run on a shared machine varies by several points; each page's report is the median run's.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const base = process.env.BASE_URL;
const out = process.env.LH_OUT ?? 'artifacts/lighthouse';
const rounds = Number(process.env.LH_ROUNDS ?? 3);
if (!base) throw new Error('BASE_URL is required');
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`LH_ROUNDS must be a positive integer, not ${process.env.LH_ROUNDS}`);

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

/** Opens the app in a new tab, runs fn on it, and empties the HTTP cache before the next run. */
async function prepare(fn) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/auth`, { waitUntil: 'load' });
  await page.evaluate(fn, token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

/** One cold load of each page: /auth, then /dashboard signed in as the brand. */
async function round() {
  // 1. /auth, cold and signed out. Lighthouse clears the cache and storage itself, but the stored
  // session of an earlier round's dashboard run has to go first (it would redirect to the dashboard).
  await prepare(() => localStorage.clear());
  const auth = await lighthouse(`${base}/auth`, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
  if (!auth.lhr.finalDisplayedUrl.endsWith('/auth')) throw new Error(`the auth run ended on ${auth.lhr.finalDisplayedUrl}`);

  // 2. /dashboard as a brand: the token goes into localStorage first, then the HTTP cache is
  // emptied, and Lighthouse keeps the storage (disableStorageReset) but starts with a cold cache.
  await prepare((t) => localStorage.setItem('auth_token', t));
  const dash = await lighthouse(`${base}/dashboard`, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true });
  if (!dash.lhr.finalDisplayedUrl.endsWith('/dashboard')) throw new Error(`the dashboard run ended on ${dash.lhr.finalDisplayedUrl}`);
  return [
    { file: 'auth', report: auth.report, summary: summary('`/auth`', auth.lhr) },
    { file: 'dashboard', report: dash.report, summary: summary('`/dashboard` (brand)', dash.lhr) },
  ];
}

const runs = []; // runs[round][page]
try {
  for (let i = 0; i < rounds; i++) {
    runs.push(await round());
    console.error(`round ${i + 1}/${rounds}: ${runs[i].map((r) => `${r.summary.name} ${r.summary.score}`).join(', ')}`);
  }
} finally {
  await chrome.kill();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const results = runs[0].map((first, p) => {
  const pageRuns = runs.map((r) => r[p]);
  // The report kept is the run whose score is the median (the lower middle one for an even count).
  const kept = [...pageRuns].sort((a, b) => a.summary.score - b.summary.score)[Math.floor((pageRuns.length - 1) / 2)];
  writeFileSync(`${out}-${first.file}.json`, kept.report);
  const figure = (key) => median(pageRuns.map((r) => r.summary[key]));
  return {
    ...kept.summary,
    scores: pageRuns.map((r) => r.summary.score).join(', '),
    score: figure('score'),
    fcp: figure('fcp'),
    lcp: figure('lcp'),
    tbt: figure('tbt'),
    total: figure('total'),
    js: figure('js'),
    jsRequests: figure('jsRequests'),
  };
});

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;
console.log(`Medians of ${rounds} round${rounds === 1 ? '' : 's'}; the largest scripts are from the median run.`);
console.log();
console.log('| Page | Performance (each round) | FCP | LCP | TBT | Bytes transferred | JavaScript transferred (requests) | Largest scripts (transferred) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.name} | ${r.score} (${r.scores}) | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${kB(r.total)} | ${kB(r.js)} (${r.jsRequests}) | ${r.biggest} |`);
}
