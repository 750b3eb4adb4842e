import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/config';
import { notificationText } from './notificationText';

const text = (kind: string, params: Record<string, unknown>) =>
  notificationText(i18n.getFixedT(null, 'notifications'), { kind, params } as Parameters<typeof notificationText>[1]);

describe('notification texts', () => {
  it('writes each kind from its parameters, in English', async () => {
    await i18n.changeLanguage('en');
    expect(text('application_approved', { brand_name: 'Ada Shoes', campaign_name: 'Summer' })).toBe(
      'Ada Shoes approved your application to “Summer”. Your links and codes now earn commission.',
    );
    expect(text('conversions_confirmed', { brand_name: 'Ada Shoes', count: 1, order_id: '1001', amount: '24.99', currency: 'RON' })).toMatch(
      /^Ada Shoes confirmed order 1001: 24,99\sRON commission\.$/,
    );
    expect(text('conversions_confirmed', { brand_name: 'Ada Shoes', count: 3, amount: '60.00', currency: 'EUR' })).toMatch(
      /^Ada Shoes confirmed 3 conversions: 60,00\s€ commission\.$/,
    );
    expect(text('payout_paid', { brand_name: 'Ada Shoes', amount: '44.75', currency: 'RON', reference: 'OP-1', count: 3 })).toMatch(
      /^Ada Shoes paid you 44,75\sRON \(reference OP-1\)\.$/,
    );
    expect(text('application_rejected', { campaign_name: 'Winter' })).toBe('A brand declined your application to “Winter”.');
    expect(text('tracking_domain_unverified', { brand_name: 'Ada Shoes', hostname: 'go.ada.ro' })).toMatch(
      /^Your tracking domain go\.ada\.ro is no longer verified: /,
    );
  });

  it('counts in Romanian with its plural forms', async () => {
    await i18n.changeLanguage('ro');
    expect(text('conversions_confirmed', { brand_name: 'Ada', count: 3, amount: '6.00', currency: 'RON' })).toMatch(/^Ada a confirmat 3 conversii:/);
    expect(text('conversions_confirmed', { brand_name: 'Ada', count: 25, amount: '6.00', currency: 'RON' })).toMatch(/^Ada a confirmat 25 de conversii:/);
    expect(text('conversion_reversed', { brand_name: 'Ada', count: 1, order_id: 'X-1', amount: '2.00', currency: 'RON' })).toMatch(
      /^Ada a retras 2,00\sRON din comisionul comenzii X-1\.$/,
    );
    expect(text('tracking_domain_unverified', { hostname: 'go.ada.ro' })).toMatch(/^Domeniul tău de urmărire go\.ada\.ro nu mai este verificat: /);
    await i18n.changeLanguage('en');
  });
});
