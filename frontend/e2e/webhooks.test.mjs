import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, settle, signUp, uniqueEmail } from './browser.mjs';

// The server must run with WEBHOOKS_ALLOW_PRIVATE=true (scripts/e2e.sh sets it): this receiver
// listens on loopback, on a free port.
let receiverPort;

let browser;
let receiver;
const received = [];
before(async () => {
  browser = await launch();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(Number(process.env.WEBHOOK_RECEIVER_PORT || 0), '127.0.0.1', resolve));
  receiverPort = receiver.address().port;
});
after(async () => {
  await browser?.close();
  receiver?.close();
});

/** The Standard Webhooks check, from the specification's text. */
function verifies(secret, { headers, body }) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const want = 'v1,' + createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return headers['webhook-signature'].split(' ').includes(want);
}

test('a brand adds a webhook endpoint, sees its secret once, sends a test event and reads the delivery log', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await signUp(page, {
    accountType: 'brand',
    email: uniqueEmail('webhooks'),
    password: 'hook-password-1',
    firstName: 'Wanda',
    lastName: 'Hooks',
    companyName: `Wanda ${Date.now()} SRL`,
  });
  await page.goto(`${BASE_URL}/integration`);
  const card = page.getByTestId('webhooks-card');
  await card.getByTestId('webhooks-empty').waitFor();
  await card.getByTestId('webhook-add').click();
  const dialog = page.getByTestId('webhook-dialog');
  const url = `http://127.0.0.1:${receiverPort}/hook`;
  await dialog.locator('input[name="url"]').fill(url);
  await dialog.locator('input[name="description"]').fill('CRM');
  await dialog.getByRole('checkbox', { name: /payout\.created/ }).uncheck();
  await page.getByTestId('webhook-dialog-submit').click();
  await card.getByTestId('webhook-secret-reveal').getByText('it will not be shown again').waitFor();
  const secret = await card.getByTestId('webhook-secret').textContent();
  assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
  const row = card.getByTestId('webhook-row').filter({ hasText: url });
  await row.waitFor();
  assert.ok(!(await row.textContent()).includes('payout.created'), 'the unchecked event is not chosen');
  await screenshot(page, 'webhooks-card');

  await row.getByTestId('webhook-test').click();
  await page.getByTestId('toast').filter({ hasText: 'Test event queued' }).waitFor();
  for (let i = 0; i < 100 && received.length === 0; i++) await page.waitForTimeout(100);
  assert.equal(received.length, 1, 'the receiver got the test event');
  assert.equal(JSON.parse(received[0].body).type, 'webhook.test');
  assert.ok(verifies(secret, received[0]), 'the signature verifies with the secret shown');

  await row.getByTestId('webhook-log').click();
  const log = page.getByTestId('webhook-log-dialog');
  await log.getByTestId('webhook-attempt').filter({ hasText: 'delivered, HTTP 204' }).waitFor();
  await settle(page);
  await screenshot(page, 'webhooks-log');
  await log.getByTestId('webhook-resend').click();
  await page.getByTestId('toast').filter({ hasText: 'Delivery queued again.' }).waitFor();
  for (let i = 0; i < 100 && received.length < 2; i++) await page.waitForTimeout(100);
  assert.equal(received[1].headers['webhook-id'], received[0].headers['webhook-id'], 'a resend keeps the webhook-id');
  await log.getByRole('button', { name: 'Close', exact: true }).click();
  await log.waitFor({ state: 'hidden' });

  // A rotated secret's predecessor signs for a day, unless the brand ends it now (in Romanian here).
  await page.getByTestId('language-ro').click();
  await row.getByTestId('webhook-rotate').click();
  await page.getByTestId('confirm-ok').click();
  await card.getByTestId('webhook-secret-reveal').waitFor();
  const previous = row.getByTestId('webhook-previous-secret');
  await previous.waitFor();
  await settle(page);
  await screenshot(page, 'webhooks-previous-secret-ro');
  await previous.getByTestId('webhook-end-previous').click();
  await page.getByTestId('confirm-ok').click();
  await previous.waitFor({ state: 'hidden' });
});
