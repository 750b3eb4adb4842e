import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, api, chooseSearched, launch, newPage, screenshot, settle, signUp, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Signs a brand up in a language, with or without its shop's domain, and opens My Offers' create dialog. */
async function brandWithDialog({ lang, stamp, domain }) {
  const brand = await newPage(browser);
  await brand.goto(`${BASE_URL}/auth`);
  await brand.getByTestId(`language-${lang}`).click();
  await signUp(brand, {
    accountType: 'brand',
    email: uniqueEmail(`first-brand-${lang}`),
    password: 'correct-horse-battery',
    firstName: 'Prima',
    lastName: `Campanie ${stamp}`,
    companyName: `Prima ${stamp} SRL`,
    domain,
  });
  await brand.goto(`${BASE_URL}/offers`);
  await brand.getByTestId('create-campaign').click();
  const dialog = brand.getByTestId('campaign-dialog');
  await dialog.waitFor();
  return { brand, dialog };
}

test("a brand gives its shop's domain at sign-up; its first campaign saves and an affiliate's first link goes to its homepage", async () => {
  const stamp = Date.now();
  const domain = `prima-${stamp}.example.com`;
  const homepage = `https://${domain}/ro`;
  const name = `Prima campanie ${stamp}`;

  // The sign-up form asks for the domain, says why, in both languages.
  const form = await newPage(browser);
  await form.goto(`${BASE_URL}/auth`);
  for (const [lang, why] of [
    ['en', /Campaigns and affiliates' links may only send visitors to your domains/],
    ['ro', /Campaniile și linkurile afiliaților pot trimite vizitatori doar pe domeniile tale/],
  ]) {
    await form.getByTestId(`language-${lang}`).click();
    if (lang === 'en') {
      await form.getByTestId('auth-toggle').click();
      await form.getByTestId('account-type-brand').click();
      await form.locator('input[name="domain"]').fill(`https://${domain}/`);
    }
    assert.match(await form.getByTestId('signup-domain-help').textContent(), why);
    await settle(form);
    await screenshot(form, `first-signup-domain-${lang}`);
  }
  await form.context().close();

  // Signed up with its shop's address (Romanian), the brand's first campaign saves at once.
  const { brand, dialog } = await brandWithDialog({ lang: 'ro', stamp, domain: `https://${domain}/` });
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.locator('input[name="homepage_url"]').fill(homepage);
  await dialog.locator('input[name="commission_value"]').fill('0.10');
  await dialog.getByTestId('campaign-dialog-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await brand.getByTestId('campaign-card').filter({ hasText: name }).waitFor();
  const brands = await api(brand, 'GET', '/brands?limit=1');
  assert.deepEqual(brands.body.data.brands[0].domains, [domain]);

  // An affiliate (Romanian) joins it and generates a link with a blank destination: the homepage.
  const affiliate = await newPage(browser);
  await affiliate.goto(`${BASE_URL}/auth`);
  await affiliate.getByTestId('language-ro').click();
  await signUp(affiliate, {
    accountType: 'affiliate',
    email: uniqueEmail('first-affiliate'),
    password: 'correct-horse-battery',
    firstName: 'Ion',
    lastName: `Primul ${stamp}`,
  });
  await affiliate.goto(`${BASE_URL}/offers`);
  const offer = affiliate.getByTestId('campaign-card').filter({ hasText: name });
  await offer.getByTestId('campaign-join').click();
  await offer.getByTestId('membership-status').waitFor();
  await affiliate.goto(`${BASE_URL}/tracking`);
  const generate = affiliate.getByTestId('generate-card');
  await chooseSearched(generate, 'campaign_id', name);
  assert.equal(
    await generate.getByTestId('destination_url-message').textContent(),
    `Opțional: dacă lași câmpul gol, vizitatorii ajung pe pagina principală a campaniei (${homepage}).`,
  );
  await generate.getByTestId('generate-submit').click();
  const trackingUrl = (await generate.getByTestId('generated-url').textContent()).trim();
  assert.match(trackingUrl, /\/r\/[A-Za-z0-9_-]{7,}$/);
  const links = await api(affiliate, 'GET', '/affiliate-links');
  const link = links.body.data.links.find((item) => trackingUrl.endsWith(`/r/${item.short_code}`));
  assert.equal(link?.destination_url, homepage);
  await settle(affiliate);
  await screenshot(affiliate, 'first-link-ro');
  await affiliate.getByTestId('language-en').click();
  await generate.getByText(`Optional: blank sends visitors to the campaign's homepage (${homepage}).`).waitFor();
  await settle(affiliate);
  await screenshot(affiliate, 'first-link-en');

  await brand.context().close();
  await affiliate.context().close();
});

for (const [lang, texts] of Object.entries({
  ro: {
    add: (host) => `Adaugă ${host} la domenii`,
    hint: (host) => `Brandul tău nu are încă domenii: adaugă domeniul magazinului (${host}) și salvează din nou.`,
    added: (host) => `${host} a fost adăugat la domeniile magazinului. Acum poți salva campania.`,
  },
  en: {
    add: (host) => `Add ${host} to domains`,
    hint: (host) => `Your brand has no domains yet: add your shop's domain (${host}) and save again.`,
    added: (host) => `${host} was added to your shop domains. You can save the campaign now.`,
  },
})) {
  test(`a brand without a domain adds its homepage's domain from the campaign dialog in one click (${lang})`, async () => {
    const stamp = Date.now();
    const host = `magazin-${stamp}.example.com`;
    const name = `Fără domeniu ${stamp}`;
    const { brand, dialog } = await brandWithDialog({ lang, stamp });
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('input[name="homepage_url"]').fill(`https://${host}/`);
    await dialog.locator('input[name="commission_value"]').fill('0.10');
    await dialog.getByTestId('campaign-dialog-submit').click();

    // The server's refusal, explained at the field with the one-click fix.
    const add = dialog.getByTestId('homepage-add-domain');
    await add.waitFor();
    assert.equal(await add.textContent(), texts.add(host));
    assert.match(await dialog.getByTestId('homepage-help').textContent(), new RegExp(texts.hint(host).replace(/[.()]/g, '\\$&')));
    await settle(brand);
    await screenshot(brand, `first-add-domain-${lang}`);

    await add.click();
    await dialog.getByText(texts.added(host)).waitFor();
    assert.equal(await add.count(), 0);
    await settle(brand);
    await screenshot(brand, `first-domain-added-${lang}`);
    await dialog.getByTestId('campaign-dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await brand.getByTestId('campaign-card').filter({ hasText: name }).waitFor();
    const brands = await api(brand, 'GET', '/brands?limit=1');
    assert.deepEqual(brands.body.data.brands[0].domains, [host]);
    await brand.context().close();
  });
}
