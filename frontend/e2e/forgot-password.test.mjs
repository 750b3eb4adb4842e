import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launch, newPage, screenshot, signIn, signUp, uniqueEmail } from './browser.mjs';

// The mail catcher the server sends to (scripts/e2e.sh starts a Mailpit and points SMTP_URL at it).
const MAILPIT_URL = (process.env.MAILPIT_URL || '').replace(/\/$/, '');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Waits for a mail to the address with the subject in Mailpit, and answers it (Text, HTML, ...). */
async function mailTo(address, subject) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const query = encodeURIComponent(`to:"${address}" subject:"${subject}"`);
    const found = await (await fetch(`${MAILPIT_URL}/api/v1/search?query=${query}`)).json();
    if (found.messages?.length) return (await fetch(`${MAILPIT_URL}/api/v1/message/${found.messages[0].ID}`)).json();
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address} in 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('"Forgot password?" mails a link; the new password signs in', { skip: !MAILPIT_URL && 'MAILPIT_URL is not set (scripts/e2e.sh sets it)' }, async () => {
  const email = uniqueEmail('forgot');
  const signUpPage = await newPage(browser);
  await signUpPage.goto(`${BASE_URL}/auth`);
  await signUpPage.getByTestId('language-en').click();
  await signUp(signUpPage, { accountType: 'affiliate', email, password: 'first-password-1', firstName: 'Ana', lastName: 'Pop' });
  await signUpPage.context().close();

  const page = await newPage(browser);
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('language-en').click();
  await page.getByTestId('forgot-password').click();
  await page.waitForURL(`${BASE_URL}/forgot-password`);
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await page.getByTestId('forgot-sent').waitFor();
  await screenshot(page, 'forgot-password-sent');

  // The mail, in English (the language the account signed up in), with the link to the reset page.
  const mail = await mailTo(email, 'Reset your OpenAffiliate password');
  const link = mail.Text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  assert.ok(link?.startsWith(`${BASE_URL}/reset-password?token=`), `link in the mail: ${link}`);
  assert.match(mail.HTML, /Choose a new password/);
  const mailPage = await newPage(browser);
  await mailPage.setContent(mail.HTML);
  await screenshot(mailPage, 'forgot-password-mail');
  await mailPage.context().close();

  await page.goto(link);
  await page.locator('input[name="newPassword"]').fill('second-password-2');
  await page.locator('input[name="confirmPassword"]').fill('second-password-2');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-success').waitFor();
  await screenshot(page, 'forgot-password-reset');
  await page.getByTestId('auth-card').waitFor({ timeout: 10_000 }); // back on the sign-in screen

  await signIn(page, email, 'second-password-2');
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.getByTestId('section-title').waitFor();
  await screenshot(page, 'forgot-password-signed-in');

  // Settings: the address is not confirmed yet (the sign-up's link was not opened); one kind is stopped.
  await page.goto(`${BASE_URL}/settings`);
  await page.getByTestId('email-unconfirmed').waitFor();
  await page.getByTestId('email-commission_digest').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="email-commission_digest"]')?.checked);
  await screenshot(page, 'settings-emails');
  await page.context().close();
});
