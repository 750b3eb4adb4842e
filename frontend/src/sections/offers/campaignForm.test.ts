import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/config';
import {
  emptyCampaignForm,
  formToInput,
  formToUpdate,
  homepageHost,
  missingHomepageDomain,
  trimDecimal,
  validateCampaignForm,
  type CampaignFormValues,
} from './campaignForm';

const valid = (overrides: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignForm('RON'),
  name: 'Summer Sale',
  commission_value: '0.10',
  homepage_url: 'https://shop.example.com/',
  ...overrides,
});

describe('campaign form validation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('starts with the defaults: active, percentage, 30 days, public, automatic approval', () => {
    const form = emptyCampaignForm('EUR');
    expect(form).toMatchObject({
      status: 'active',
      currency: 'EUR',
      commission_type: 'percentage',
      attribution_window_days: '30',
      visibility: 'public',
      approval_mode: 'auto',
    });
  });

  it('accepts a complete form', () => {
    expect(validateCampaignForm(valid({ start_date: '2026-11-01', end_date: '2026-11-01', budget: '5000' }))).toEqual({});
  });

  it('requires a name and a commission value', () => {
    const errors = validateCampaignForm(valid({ name: '   ', commission_value: '' }));
    expect(errors.name).toBe('validation.nameRequired');
    expect(errors.commission_value).toBe('validation.commissionRequired');
  });

  it('refuses an end date before the start date', () => {
    expect(validateCampaignForm(valid({ start_date: '2026-12-01', end_date: '2026-11-30' })).end_date).toBe(
      'validation.endBeforeStart',
    );
  });

  it('wants a commission value that is a number ≥ 0, and a percentage as a fraction', () => {
    expect(validateCampaignForm(valid({ commission_value: 'ten' })).commission_value).toBe('validation.commissionInvalid');
    expect(validateCampaignForm(valid({ commission_value: '-1' })).commission_value).toBe('validation.commissionInvalid');
    expect(validateCampaignForm(valid({ commission_value: '10' })).commission_value).toBe('validation.percentageFraction');
    expect(validateCampaignForm(valid({ commission_value: '0,15' }))).toEqual({});
    expect(validateCampaignForm(valid({ commission_type: 'fixed', commission_value: '25.00' }))).toEqual({});
    expect(validateCampaignForm(valid({ commission_type: 'fixed', commission_value: '25.005' })).commission_value).toBe(
      'validation.twoDecimals',
    );
  });

  it('checks the budget, homepage URL and attribution window', () => {
    const errors = validateCampaignForm(
      valid({ budget: '-5', homepage_url: 'shop.example.com', attribution_window_days: '0' }),
    );
    expect(errors.budget).toBe('validation.budgetInvalid');
    expect(errors.homepage_url).toBe('validation.homepageInvalid');
    expect(errors.attribution_window_days).toBe('validation.windowInvalid');
    expect(validateCampaignForm(valid({ attribution_window_days: '366' })).attribution_window_days).toBe('validation.windowInvalid');
    expect(validateCampaignForm(valid({ budget: '100.123' })).budget).toBe('validation.twoDecimals');
  });

  it('lets a campaign be active without a homepage: its links then name their page', () => {
    expect(validateCampaignForm(valid({ homepage_url: '  ' }))).toEqual({});
    expect(validateCampaignForm(valid({ homepage_url: '', status: 'paused' }))).toEqual({});
    expect(validateCampaignForm(valid({ homepage_url: '', status: 'ended' }))).toEqual({});
  });

  it('names the homepage domain the brand lacks, to offer adding it', () => {
    expect(homepageHost(' https://Shop.Example.com./ro?x=1 ')).toBe('shop.example.com');
    expect(homepageHost('shop.example.com')).toBeNull();
    expect(missingHomepageDomain('https://shop.example.com/', [])).toBe('shop.example.com');
    expect(missingHomepageDomain('https://shop.example.com/', ['example.org'])).toBe('shop.example.com');
    expect(missingHomepageDomain('https://ro.shop.example.com/', ['shop.example.com'])).toBeNull();
    expect(missingHomepageDomain('https://badshop.example.com/', ['shop.example.com'])).toBe('badshop.example.com');
    expect(missingHomepageDomain('https://shop.example.com/', undefined)).toBeNull();
    expect(missingHomepageDomain('not a url', [])).toBeNull();
  });

  it('has every message in English and Romanian', () => {
    const en = i18n.getFixedT('en', 'campaigns');
    const ro = i18n.getFixedT('ro', 'campaigns');
    expect(en('validation.nameRequired')).toBe('Name is required.');
    expect(en('validation.endBeforeStart')).toBe('End date cannot be before the start date.');
    expect(en('validation.commissionInvalid')).toBe('Commission value must be a number ≥ 0.');
    expect(ro('validation.nameRequired')).toBe('Numele este obligatoriu.');
    expect(ro('validation.endBeforeStart')).toBe('Data de sfârșit nu poate fi înaintea datei de început.');
    expect(ro('validation.commissionInvalid')).toBe('Valoarea comisionului trebuie să fie un număr ≥ 0.');
    expect(en('help.commissionPercentage')).toMatch(/0\.10 means 10%/);
  });

  it('drops the stored scale of decimals when editing', () => {
    expect(trimDecimal('25.0000')).toBe('25');
    expect(trimDecimal('0.1000')).toBe('0.1');
    expect(trimDecimal('12.50')).toBe('12.5');
    expect(trimDecimal('300')).toBe('300');
  });

  it('sends decimals with a point, empty dates and budget as null', () => {
    const input = formToInput(valid({ commission_value: ' 0,12 ', budget: '', start_date: '', attribution_window_days: '45' }));
    expect(input).toMatchObject({
      name: 'Summer Sale',
      commission_value: '0.12',
      budget: null,
      start_date: null,
      end_date: null,
      attribution_window_days: 45,
      approval_mode: 'auto',
    });
  });

  it('names the optional fields left blank in an update, so the server empties them', () => {
    expect(formToUpdate(valid({ budget: '', start_date: '2026-12-01', end_date: '' })).clear).toEqual(['end_date', 'budget']);
    expect(formToUpdate(valid({ budget: '100', start_date: '2026-12-01', end_date: '2026-12-31' })).clear).toEqual([]);
  });
});
