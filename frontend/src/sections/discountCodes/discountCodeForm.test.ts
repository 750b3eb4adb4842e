import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/fetcher';
import { ErrorCode, type DiscountCode, type DiscountType } from '../../api/generated/model';
import { refusalFieldErrors } from '../../forms/refusal';
import i18n from '../../i18n/config';
import {
  discountCodeToForm,
  emptyDiscountCodeForm,
  formToInput,
  formToUpdate,
  discountCodeFieldLimits,
  discountCodeRefusals,
  statusUpdate,
  validateDiscountCodeForm,
  type DiscountCodeField,
  type DiscountCodeFormValues,
} from './discountCodeForm';

const valid = (overrides: Partial<DiscountCodeFormValues> = {}): DiscountCodeFormValues => ({
  ...emptyDiscountCodeForm(),
  campaign_id: 'c-1',
  affiliate_id: 'a-1',
  code: 'SUMMER10',
  discount_value: '0.10',
  ...overrides,
});

const storedCode: DiscountCode = {
  id: 'd-1',
  code: 'SUMMER10',
  description: 'Summer newsletter',
  brand_id: 'b-1',
  brand_name: 'Ada Shoes',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  currency: 'RON',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  discount_type: 'percentage',
  discount_value: '0.1',
  minimum_order_amount: '50.00',
  usage_limit: 100,
  usage_limit_per_customer: 1,
  current_usage_count: 3,
  valid_from: '2026-11-01T09:30:00Z',
  valid_until: '2026-12-31T21:59:59Z',
  is_exclusive: false,
  commission_override: '0.15',
  status: 'active',
  created_at: '2026-10-01T00:00:00Z',
};

describe('discount code form validation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('starts as an exclusive, active percentage code with no limits', () => {
    expect(emptyDiscountCodeForm()).toMatchObject({
      discount_type: 'percentage',
      is_exclusive: true,
      status: 'active',
      usage_limit: '',
      generate: false,
    });
  });

  it('accepts a complete form', () => {
    expect(
      validateDiscountCodeForm(
        valid({
          minimum_order_amount: '50',
          usage_limit: '100',
          usage_limit_per_customer: '1',
          valid_from: '2026-11-01',
          valid_until: '2026-11-01',
          commission_override: '0.15',
        }),
        { commissionType: 'percentage' },
      ),
    ).toEqual({});
  });

  it('requires a campaign, an affiliate and a code unless the code is generated', () => {
    const errors = validateDiscountCodeForm(valid({ campaign_id: '', affiliate_id: '', code: '  ' }));
    expect(errors).toEqual({
      campaign_id: 'validation.campaignRequired',
      affiliate_id: 'validation.affiliateRequired',
      code: 'validation.codeRequired',
    });
    expect(validateDiscountCodeForm(valid({ code: '', generate: true }))).toEqual({});
    // Editing: the campaign and affiliate are fixed, and generate does not apply.
    expect(validateDiscountCodeForm(valid({ campaign_id: '', code: '', generate: true }), { editing: true })).toEqual({
      code: 'validation.codeRequired',
    });
  });

  it('checks the code against the server pattern', () => {
    for (const code of ['AB', 'has space', 'ÄPFEL10', 'semi;colon']) {
      expect(validateDiscountCodeForm(valid({ code })).code, code).toBe('validation.codeInvalid');
    }
    expect(validateDiscountCodeForm(valid({ code: 'x'.repeat(41) })).code).toBe('validation.codeTooLong');
    for (const code of ['abc', 'SUMMER-10_x', 'x'.repeat(40), ' padded ']) {
      expect(validateDiscountCodeForm(valid({ code })).code, code).toBeUndefined();
    }
  });

  it('wants a percentage above 0 and at most 1, compared exactly', () => {
    const value = (discount_value: string) => validateDiscountCodeForm(valid({ discount_value })).discount_value;
    expect(value('')).toBe('validation.valueRequired');
    expect(value('1.5')).toBe('validation.percentageFraction');
    expect(value('10')).toBe('validation.percentageFraction');
    expect(value('0')).toBe('validation.percentageFraction');
    expect(value('0.000')).toBe('validation.percentageFraction');
    expect(value('-0.1')).toBe('validation.percentageFraction');
    expect(value('1.0000000000000000001')).toBe('validation.percentageFraction');
    expect(value('1.000')).toBeUndefined();
    expect(value('0,15')).toBeUndefined();
    expect(value('0.0000001')).toBeUndefined();
  });

  it('wants a fixed amount above 0 with two decimals, and no value for free shipping', () => {
    const value = (discount_value: string) =>
      validateDiscountCodeForm(valid({ discount_type: 'fixed_amount', discount_value })).discount_value;
    expect(value('25.00')).toBeUndefined();
    expect(value('0')).toBe('validation.amountInvalid');
    expect(value('abc')).toBe('validation.amountInvalid');
    expect(value('25.005')).toBe('validation.twoDecimals');
    expect(validateDiscountCodeForm(valid({ discount_type: 'free_shipping', discount_value: '' }))).toEqual({});
  });

  it('checks the minimum order, limits and dates', () => {
    const errors = validateDiscountCodeForm(
      valid({
        minimum_order_amount: '-5',
        usage_limit: '0',
        usage_limit_per_customer: '1.5',
        valid_from: '2026-12-10',
        valid_until: '2026-12-01',
      }),
    );
    expect(errors).toEqual({
      minimum_order_amount: 'validation.minimumInvalid',
      usage_limit: 'validation.limitInvalid',
      usage_limit_per_customer: 'validation.limitInvalid',
      valid_until: 'validation.untilBeforeFrom',
    });
    expect(validateDiscountCodeForm(valid({ minimum_order_amount: '50.555' })).minimum_order_amount).toBe('validation.twoDecimals');
    expect(validateDiscountCodeForm(valid({ usage_limit: '99999999999' })).usage_limit).toBe('validation.limitTooLarge');
  });

  it('checks the commission override in the campaign commission terms', () => {
    const override = (commission_override: string, commissionType?: 'percentage' | 'fixed') =>
      validateDiscountCodeForm(valid({ commission_override }), { commissionType }).commission_override;
    expect(override('0.2', 'percentage')).toBeUndefined();
    expect(override('0', 'percentage')).toBeUndefined();
    expect(override('1.5', 'percentage')).toBe('validation.overrideFraction');
    expect(override('30', 'fixed')).toBeUndefined();
    expect(override('30.123', 'fixed')).toBe('validation.twoDecimals');
    expect(override('-1')).toBe('validation.overrideInvalid');
  });

  it('has every message in English and Romanian', () => {
    const en = i18n.getFixedT('en', 'discountCodes');
    const ro = i18n.getFixedT('ro', 'discountCodes');
    expect(en('validation.percentageFraction')).toBe('A percentage is a fraction above 0 and at most 1: write 0.10 for 10%.');
    expect(ro('validation.percentageFraction')).toBe('Un procent este o fracțiune peste 0 și cel mult 1: scrie 0,10 pentru 10\u00a0%.');
    expect(en('validation.codeTaken')).toBe('You already have this code (codes ignore case).');
    expect(ro('validation.codeTaken')).toBe('Ai deja acest cod (codurile nu țin cont de majuscule).');
    expect(en('toasts.createFailed')).toBe('Failed to create discount code');
    expect(en('toasts.deleted')).toBe('Discount code deleted successfully');
    expect(en('dialog.usageLimitPlaceholder')).toBe('100 or blank for unlimited');
  });
});

describe('discount code form ↔ API body', () => {
  it('sends the create body with the API names, decimals as strings and blanks as null', () => {
    const input = formToInput(
      valid({ code: ' Summer10 ', discount_value: ' 0,10 ', usage_limit: '', usage_limit_per_customer: '1', minimum_order_amount: '50' }),
    );
    expect(input).toEqual({
      code: 'Summer10',
      campaign_id: 'c-1',
      affiliate_id: 'a-1',
      description: '',
      discount_type: 'percentage',
      discount_value: '0.10',
      minimum_order_amount: '50',
      usage_limit: null,
      usage_limit_per_customer: 1,
      valid_from: null,
      valid_until: null,
      is_exclusive: true,
      commission_override: null,
      status: 'active',
    });
  });

  it('leaves the code out when the server generates it, and the value out for free shipping', () => {
    expect(formToInput(valid({ generate: true, code: 'IGNORED' }))).not.toHaveProperty('code');
    expect(formToInput(valid({ discount_type: 'free_shipping', discount_value: '0.10' }))).not.toHaveProperty('discount_value');
  });

  it('sends the validity as the start of the first local day and the end of the last', () => {
    const input = formToInput(valid({ valid_from: '2026-11-01', valid_until: '2026-11-30' }));
    expect(new Date(input.valid_from as string).getTime()).toBe(new Date(2026, 10, 1, 0, 0, 0).getTime());
    expect(new Date(input.valid_until as string).getTime()).toBe(new Date(2026, 10, 30, 23, 59, 59).getTime());
  });

  it('fills the edit form from a stored code and sends every field back', () => {
    const form = discountCodeToForm(storedCode);
    expect(form).toMatchObject({
      code: 'SUMMER10',
      discount_value: '0.1',
      minimum_order_amount: '50.00',
      usage_limit: '100',
      usage_limit_per_customer: '1',
      is_exclusive: false,
      commission_override: '0.15',
    });
    const body = formToUpdate(form, storedCode);
    // PUT clears what it does not get: nullable fields are always present.
    expect(Object.keys(body).sort()).toEqual(
      [
        'code',
        'commission_override',
        'description',
        'discount_type',
        'discount_value',
        'is_exclusive',
        'minimum_order_amount',
        'status',
        'usage_limit_per_customer',
        'usage_limit',
        'valid_from',
        'valid_until',
      ].sort(),
    );
    // Untouched validity days keep their stored instants.
    expect(body.valid_from).toBe(storedCode.valid_from);
    expect(body.valid_until).toBe(storedCode.valid_until);
    expect(formToUpdate({ ...form, usage_limit: '', valid_until: '' }, storedCode)).toMatchObject({
      usage_limit: null,
      valid_until: null,
    });
  });

  it('changes only the status when pausing', () => {
    expect(statusUpdate(storedCode, 'paused')).toEqual({
      code: 'SUMMER10',
      description: 'Summer newsletter',
      discount_type: 'percentage',
      discount_value: '0.1',
      minimum_order_amount: '50.00',
      usage_limit: 100,
      usage_limit_per_customer: 1,
      valid_from: storedCode.valid_from,
      valid_until: storedCode.valid_until,
      is_exclusive: false,
      commission_override: '0.15',
      status: 'paused',
    });
  });
});

describe('server refusals', () => {
  const refusal = (code: string, details: { field?: string; rule?: string; message: string }[]) =>
    new ApiError({ status: code === ErrorCode.CODE_TAKEN ? 409 : 400, kind: 'CLIENT_ERROR', code, message: 'refused', details });
  const form = (discountType: DiscountType) => ({
    names: Object.keys(emptyDiscountCodeForm()).filter((field) => field !== 'generate') as DiscountCodeField[],
    fields: discountCodeFieldLimits,
    codes: discountCodeRefusals(discountType, (key) => key),
  });

  it('explains the known codes in the user language, by field', () => {
    expect(refusalFieldErrors(refusal(ErrorCode.CODE_TAKEN, [{ field: 'code', message: 'This brand already has this code' }]), form('percentage'))).toEqual({
      code: 'validation.codeTaken',
    });
    expect(refusalFieldErrors(refusal(ErrorCode.INVALID_AMOUNT, [{ field: 'discount_value', message: 'x' }]), form('fixed_amount'))).toEqual({
      discount_value: 'validation.amountInvalid',
    });
    expect(refusalFieldErrors(refusal(ErrorCode.AFFILIATE_NOT_APPROVED, []), form('percentage'))).toEqual({
      affiliate_id: 'validation.affiliateNotApproved',
    });
    // INVALID_AMOUNT without details names three fields: none is picked.
    expect(refusalFieldErrors(refusal(ErrorCode.INVALID_AMOUNT, []), form('percentage'))).toEqual({});
  });

  it('explains other validation errors by their rule, never with the server text, and nothing for network trouble', async () => {
    await i18n.changeLanguage('ro');
    expect(
      refusalFieldErrors(refusal(ErrorCode.VALIDATION_ERROR, [{ field: 'usage_limit', rule: 'minimum', message: 'must be at least 1' }]), form('percentage')),
    ).toEqual({ usage_limit: 'Valoarea minimă permisă este 1.' });
    expect(
      refusalFieldErrors(refusal(ErrorCode.VALIDATION_ERROR, [{ field: 'description', rule: 'maxLength', message: 'too long' }]), form('percentage')),
    ).toEqual({ description: 'Cel mult 500 de caractere.' });
    // A code the UI does not know is left to the form-level message (errorMessage shows the server's text).
    expect(refusalFieldErrors(refusal('SOMETHING_NEW', [{ field: 'code', message: 'server text' }]), form('percentage'))).toEqual({});
    await i18n.changeLanguage('en');
    expect(refusalFieldErrors(new Error('boom'), form('percentage'))).toEqual({});
  });
});
