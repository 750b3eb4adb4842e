// The activity feed in the browser: a brand, its affiliate and the host write entries of many
// kinds through the API, and the dashboards' activity cards read each one as a whole sentence, in
// English and in Romanian, with the object's name and count, and never a raw code or key.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, api, launch, newPage, newProgram, screenshot, settle, signInDevHost, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Opens the dashboard in a language and answers the activity card's sentences, newest first. */
async function feed(page, language) {
  await page.evaluate((lng) => localStorage.setItem('language', lng), language);
  await page.goto(`${BASE_URL}/dashboard`);
  await page.getByTestId('section-title').waitFor();
  const more = page.getByTestId('dashboard-more');
  if (await more.count()) await more.scrollIntoViewIfNeeded();
  const card = page.getByTestId('recent-activity');
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('activity-entry').first().waitFor();
  const sentences = await card.locator('[data-testid="activity-entry"] .MuiListItemText-primary').allTextContents();
  const times = await card.locator('[data-testid="activity-entry"] .MuiListItemText-secondary').allTextContents();
  // No raw code (`emergency.campaigns_paused`, `create_host`), key (`activity.…`) or placeholder
  // outside the quoted names.
  for (const text of sentences) {
    assert.doesNotMatch(text.replace(/[„“][^”]*”/g, ''), /activity\.|sentences|\{\{|undefined|\b[a-z]+[._][a-z_]+\b/, text);
  }
  // Dates in the interface language: '26 nov. 2026, 09:30' or 'Nov 26, 2026, 9:30 AM'.
  for (const time of times) {
    assert.match(time, language === 'ro' ? /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2}$/ : /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/, time);
  }
  return sentences;
}

async function shoot(page, name) {
  await page.getByTestId('recent-activity').scrollIntoViewIfNeeded();
  await settle(page);
  await screenshot(page, name, { dark: true });
}

const ok = async (call, status = 200) => {
  const r = await call;
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body.data;
};

test('the activity feed reads every kind of entry as a sentence, in both languages', async () => {
  const stamp = Date.now();
  const affiliateEmail = uniqueEmail('activity-affiliate');
  const { brand, affiliate, campaignId } = await newProgram(browser, {
    stamp,
    brandName: 'Fiona Feed',
    affiliateName: 'Andrei Activ',
    affiliateEmail,
    domain: 'feed.example.com',
    homepage: 'https://feed.example.com',
  });
  const me = `Fiona Feed ${stamp}`;
  const affiliateId = (await ok(api(brand, 'GET', `/affiliates?query=${encodeURIComponent(affiliateEmail)}`))).affiliates[0].id;
  const campaign = (name, more = {}) =>
    ok(api(brand, 'POST', '/campaigns', {
      name, homepage_url: 'https://feed.example.com', currency: 'RON', commission_type: 'percentage', commission_value: '0.10',
      approval_mode: 'auto', ...more,
    }), 201).then((d) => d.campaign.id);

  // Campaigns: renamed, two applications decided, one invitation.
  const summer = `Vară ${stamp}`;
  await ok(api(brand, 'PUT', `/campaigns/${campaignId}`, { name: summer }));
  const autumn = `Toamnă ${stamp}`;
  const winter = `Iarnă ${stamp}`;
  const spring = `Primăvară ${stamp}`;
  const autumnId = await campaign(autumn, { approval_mode: 'manual' });
  const winterId = await campaign(winter, { approval_mode: 'manual' });
  const springId = await campaign(spring);
  await ok(api(affiliate, 'POST', `/campaigns/${autumnId}/join`));
  await ok(api(affiliate, 'POST', `/campaigns/${winterId}/join`));
  const applications = (await ok(api(brand, 'GET', '/applications?status=pending'))).applications;
  const pending = (id) => applications.find((a) => a.campaign_id === id).id;
  await ok(api(brand, 'POST', `/applications/${pending(autumnId)}/approve`));
  await ok(api(brand, 'POST', `/applications/${pending(winterId)}/reject`));
  await ok(api(brand, 'POST', `/campaigns/${springId}/invitations`, { email: affiliateEmail }), 201);
  let sentences = await feed(brand, 'en');
  assert.deepEqual(sentences.slice(0, 8), [
    `${me} invited an affiliate to the campaign “${spring}”`,
    `${me} rejected an application to the campaign “${winter}”`,
    `${me} approved an application to the campaign “${autumn}”`,
    `An affiliate joined the campaign “${winter}”`,
    `An affiliate joined the campaign “${autumn}”`,
    `${me} created the campaign “${spring}”`,
    `${me} created the campaign “${winter}”`,
    `${me} created the campaign “${autumn}”`,
  ]);
  assert.equal(sentences[8], `${me} updated the campaign “${summer}”`);

  // Links, codes, keys and the webhook secret.
  const brandId = (await ok(api(brand, 'GET', '/brands?limit=1'))).brands[0].id;
  const link = (await ok(api(brand, 'POST', '/tracking-links', {
    name: 'Feed', destination_url: 'https://feed.example.com/sale', affiliate_id: affiliateId, campaign_id: campaignId,
  }), 201)).link;
  await ok(api(brand, 'PUT', `/tracking-links/${link.id}`, { status: 'paused' }));
  await ok(api(brand, 'DELETE', `/tracking-links/${link.id}`));
  const code = `FEED${stamp}`;
  const discount = (await ok(api(brand, 'POST', '/discount-codes', {
    code, campaign_id: campaignId, affiliate_id: affiliateId, discount_type: 'percentage', discount_value: '0.10',
  }), 201)).discount_code;
  await ok(api(brand, 'PUT', `/discount-codes/${discount.id}`, { description: 'Newsletter' }));
  const key = (await ok(api(brand, 'POST', '/brands/api-keys', { name: 'Magazin' }), 201)).api_key;
  await ok(api(brand, 'DELETE', `/brands/api-keys/${key.id}`));
  await ok(api(brand, 'POST', `/brands/${brandId}/webhook-secret`));
  await ok(api(brand, 'PUT', '/auth/profile', { firstName: 'Fiona Feed', lastName: String(stamp), companyName: `Fiona Feed ${stamp} SRL` }));
  sentences = await feed(brand, 'en');
  assert.deepEqual(sentences.slice(0, 8), [
    `${me} updated their profile`,
    `${me} generated a new webhook secret for the brand “Fiona Feed ${stamp} SRL”`,
    `${me} revoked the API key “Magazin”`,
    `${me} created the API key “Magazin”`,
    `${me} updated the discount code “${code}”`,
    `${me} created the discount code “${code}”`,
    `${me} deleted the tracking link “${link.short_code}”`,
    `${me} updated the tracking link “${link.short_code}”`,
  ]);

  // Orders and their review, then the host's payout of the confirmed one.
  const order = async (n) => {
    const reported = await ok(api(brand, 'POST', '/conversions/process', {
      order_id: `feed-${stamp}-${n}`, order_total: '100.00', currency: 'RON', customer_email: `buyer${n}@example.com`, discount_code: code,
    }), 201);
    return reported.conversion.id;
  };
  const [first, second, third] = [await order(1), await order(2), await order(3)];
  await ok(api(brand, 'PUT', `/conversions/${first}/commission`, { commission_amount: '12.00', reason: 'Bonus' }));
  await ok(api(brand, 'POST', '/conversions/review', { conversion_ids: [first], decision: 'confirm' }));
  await ok(api(brand, 'POST', '/conversions/review', { conversion_ids: [second], decision: 'reject', reason: 'Test' }));

  const host = await signInDevHost(await newPage(browser));
  await ok(api(host, 'DELETE', `/conversions/${third}`));
  const payouts = (await ok(api(host, 'POST', '/payouts/generate', { brand_id: brandId }))).payouts;
  assert.equal(payouts.length, 1, JSON.stringify(payouts));
  await ok(api(host, 'POST', `/payouts/${payouts[0].id}/pay`, { reference: `OP-${stamp}` }));
  sentences = await feed(brand, 'en');
  assert.deepEqual(sentences.slice(0, 8), [
    'The host made a payout for one conversion',
    'The host created a payout for one conversion',
    `The host deleted the conversion of order “feed-${stamp}-3”`,
    `${me} rejected the conversion of order “feed-${stamp}-2”`,
    `${me} confirmed the conversion of order “feed-${stamp}-1”`,
    `${me} adjusted the commission of order “feed-${stamp}-1”`,
    `The platform recorded the order “feed-${stamp}-3”`,
    `The platform recorded the order “feed-${stamp}-2”`,
  ]);
  await shoot(brand, 'activity-brand-en');
  sentences = await feed(brand, 'ro');
  assert.deepEqual(sentences.slice(0, 6), [
    'Administratorul platformei a efectuat o plată pentru o conversie',
    'Administratorul platformei a creat o plată pentru o conversie',
    `Administratorul platformei a șters conversia comenzii „feed-${stamp}-3”`,
    `${me} a respins conversia comenzii „feed-${stamp}-2”`,
    `${me} a confirmat conversia comenzii „feed-${stamp}-1”`,
    `${me} a ajustat comisionul comenzii „feed-${stamp}-1”`,
  ]);
  await shoot(brand, 'activity-brand-ro');

  // The host: the five kinds that had no sentence, and its own accounts.
  await ok(api(host, 'POST', '/admin/emergency/campaigns', { action: 'pause' }));
  await ok(api(host, 'POST', '/admin/emergency/campaigns', { action: 'resume' }));
  await ok(api(host, 'PUT', '/admin/emergency', { maintenance: false }));
  await ok(api(host, 'POST', '/admin/hosts', {
    email: uniqueEmail('activity-host'), password: 'correct-horse-battery', firstName: 'Horia', lastName: 'Host',
  }), 201);
  const newcomer = `Nadia Nou ${stamp}`;
  const added = (await ok(api(host, 'POST', '/affiliates', { name: newcomer, email: uniqueEmail('activity-newcomer') }), 201)).affiliate;
  await ok(api(host, 'POST', `/admin/affiliates/${added.id}/invite-link`), 201);
  sentences = await feed(host, 'en');
  const hostName = sentences[0].split(' created an invitation link')[0];
  assert.equal(sentences[0], `${hostName} created an invitation link for the affiliate “${newcomer}”`);
  assert.equal(sentences[1], `${hostName} added the affiliate “${newcomer}”`);
  assert.equal(sentences[2], `${hostName} created a host account`);
  assert.equal(sentences[3], `${hostName} changed an emergency setting of the platform`);
  assert.match(sentences[4], new RegExp(`^${hostName} resumed the (campaign|\\d+ campaigns) paused in the emergency$`));
  assert.match(sentences[5], new RegExp(`^${hostName} paused (the only active campaign|all \\d+ active campaigns)$`));
  await shoot(host, 'activity-host-en');
  sentences = await feed(host, 'ro');
  assert.equal(sentences[0], `${hostName} a creat un link de invitație pentru afiliatul „${newcomer}”`);
  assert.equal(sentences[2], `${hostName} a creat un cont de administrator`);
  assert.equal(sentences[3], `${hostName} a schimbat o setare de urgență a platformei`);
  assert.match(sentences[4], new RegExp(`^${hostName} a reluat (campania pusă|cele \\d+ (de )?campanii puse) pe pauză de urgență$`));
  assert.match(sentences[5], new RegExp(`^${hostName} a pus pe pauză (singura campanie activă|toate cele \\d+ (de )?campanii active)$`));
  await shoot(host, 'activity-host-ro');

  // The affiliate's own entries (its dashboard has no activity card) name their campaign too.
  const own = (await ok(api(affiliate, 'GET', '/activity/recent?limit=100'))).activity;
  assert.ok(own.some((e) => e.action === 'join' && e.object === autumn), JSON.stringify(own));
});
