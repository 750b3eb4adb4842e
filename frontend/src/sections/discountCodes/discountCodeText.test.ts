import { describe, expect, it } from 'vitest';
import { commissionOverrideText, discountValueText, usageText, validityDays } from './discountCodeText';

// Intl puts a narrow no-break space in some locales; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('discount code values', () => {
  it('shows a percentage from its fraction with exact string arithmetic', () => {
    expect(discountValueText({ discount_type: 'percentage', discount_value: '0.1' }, 'RON', 'en')).toBe('10%');
    expect(discountValueText({ discount_type: 'percentage', discount_value: '0.10' }, 'RON', 'en')).toBe('10%');
    expect(discountValueText({ discount_type: 'percentage', discount_value: '0.125' }, 'RON', 'en')).toBe('12.5%');
    // 0.07 × 100 is 7.000000000000001 in binary floats.
    expect(discountValueText({ discount_type: 'percentage', discount_value: '0.07' }, 'RON', 'en')).toBe('7%');
    expect(discountValueText({ discount_type: 'percentage', discount_value: '1' }, 'RON', 'en')).toBe('100%');
    expect(plain(discountValueText({ discount_type: 'percentage', discount_value: '0.125' }, 'RON', 'ro'))).toBe('12,5 %');
  });

  it('shows a fixed amount as money in the campaign currency, and nothing for free shipping', () => {
    expect(plain(discountValueText({ discount_type: 'fixed_amount', discount_value: '25' }, 'RON', 'en'))).toBe('25,00 RON');
    expect(plain(discountValueText({ discount_type: 'fixed_amount', discount_value: '1234.5' }, 'EUR', 'en'))).toBe('1.234,50 €');
    expect(discountValueText({ discount_type: 'free_shipping', discount_value: '0' }, 'RON', 'en')).toBe('');
  });

  it('shows a commission override in the campaign terms', () => {
    expect(commissionOverrideText('0.15', 'percentage', 'RON', 'en')).toBe('15%');
    expect(plain(commissionOverrideText('30', 'fixed', 'USD', 'en'))).toBe('$30.00');
  });

  it('shows usage against the limit, ∞ when there is none', () => {
    expect(usageText({ current_usage_count: 0, usage_limit: null })).toBe('0/∞');
    expect(usageText({ current_usage_count: 3, usage_limit: 100 })).toBe('3/100');
  });

  it('shows each side of the validity, empty when open', () => {
    expect(validityDays({ valid_from: null, valid_until: null }, 'en')).toEqual({ from: '', until: '' });
    const days = validityDays({ valid_from: new Date(2026, 10, 1).toISOString(), valid_until: new Date(2026, 11, 31, 23, 59, 59).toISOString() }, 'en');
    expect(days).toEqual({ from: 'Nov 1, 2026', until: 'Dec 31, 2026' });
    expect(validityDays({ valid_from: new Date(2026, 10, 1).toISOString(), valid_until: null }, 'ro')).toEqual({ from: '1 nov. 2026', until: '' });
  });
});
