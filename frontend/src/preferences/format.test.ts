import { describe, expect, it } from 'vitest';
import {
  hasAtMostTwoDecimals,
  isAboveZero,
  isAtMostOne,
  isNonNegativeDecimal,
  multiplyDecimal,
  addDecimal,
  scaleDecimal,
  normalizeDecimal,
  roundDecimal,
} from './decimal';
import { formatAmount, formatDate, localeForCurrency } from './format';

// Intl puts a narrow no-break space in some locales; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('uses ro-RO for RON, de-DE for EUR and en-US otherwise', () => {
    expect(localeForCurrency('RON')).toBe('ro-RO');
    expect(localeForCurrency('EUR')).toBe('de-DE');
    expect(localeForCurrency('USD')).toBe('en-US');
    expect(localeForCurrency('GBP')).toBe('en-US');
  });

  it('always shows two decimals', () => {
    expect(plain(formatAmount('1234.5', 'RON'))).toBe('1.234,50 RON');
    expect(plain(formatAmount('1234.5', 'EUR'))).toBe('1.234,50 €');
    expect(plain(formatAmount('1234.5', 'USD'))).toBe('$1,234.50');
    expect(plain(formatAmount(7, 'USD'))).toBe('$7.00');
  });

  it('formats decimal strings exactly, beyond float precision', () => {
    expect(plain(formatAmount('90071992547409.99', 'USD'))).toBe('$90,071,992,547,409.99');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => formatAmount('12,5', 'RON')).toThrow();
  });
});

describe('decimal arithmetic', () => {
  it('multiplies exactly and rounds half-up to two places', () => {
    expect(multiplyDecimal('100', '0.201')).toBe('20.10');
    expect(multiplyDecimal('0.1', '0.2', 4)).toBe('0.0200');
    expect(multiplyDecimal('1.005', '1')).toBe('1.01');
    expect(multiplyDecimal('-1.005', '1')).toBe('-1.01');
    expect(multiplyDecimal('19.99', '0.2180')).toBe('4.36');
  });

  it('adds exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.30');
    expect(addDecimal('999999999999.99', '0.01')).toBe('1000000000000.00');
    expect(addDecimal('-1.5', '0.25')).toBe('-1.25');
  });

  it('moves an amount between currencies through a common base, half-up', () => {
    // 10 EUR at 0.2 EUR per RON is 50 RON; in USD at 0.22 per RON, 11.00.
    expect(scaleDecimal('10', '1', '0.2')).toBe('50.00');
    expect(scaleDecimal('10', '0.22', '0.2')).toBe('11.00');
    expect(scaleDecimal('1', '1', '3')).toBe('0.33');
    expect(scaleDecimal('2', '1', '3')).toBe('0.67');
    expect(scaleDecimal('0.01', '1', '2')).toBe('0.01');
    expect(scaleDecimal('-2', '1', '3')).toBe('-0.67');
    expect(scaleDecimal('123456789012.34', '4.9765', '1')).toBe('614382710519.91');
    expect(() => scaleDecimal('1', '1', '0')).toThrow();
  });

  it('rounds', () => {
    expect(roundDecimal('2.345')).toBe('2.35');
    expect(roundDecimal('2')).toBe('2.00');
    expect(roundDecimal('-0.004')).toBe('0.00');
  });
});

describe('formatDate', () => {
  it('writes en-US short month, day and year', () => {
    expect(formatDate(new Date(2026, 10, 23, 12))).toBe('Nov 23, 2026');
    expect(formatDate('2026-01-05T12:00:00')).toBe('Jan 5, 2026');
  });

  it('leaves invalid dates blank', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('typed decimals', () => {
  it('reads a comma as the point and checks the shape exactly, without floats', () => {
    expect(normalizeDecimal(' 0,10 ')).toBe('0.10');
    expect(isNonNegativeDecimal('12.5')).toBe(true);
    expect(isNonNegativeDecimal('-1')).toBe(false);
    expect(isNonNegativeDecimal('1e3')).toBe(false);
    expect(hasAtMostTwoDecimals('25.00')).toBe(true);
    expect(hasAtMostTwoDecimals('1.005')).toBe(false);
    expect(isAboveZero('0.00')).toBe(false);
    expect(isAboveZero('0.01')).toBe(true);
    expect(isAtMostOne('1.000')).toBe(true);
    expect(isAtMostOne('0.999')).toBe(true);
    expect(isAtMostOne('1.0000000000000000001')).toBe(false);
  });
});
