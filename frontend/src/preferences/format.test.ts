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
import {
  decimalExample,
  formatAmount,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatPercent,
  formatRate,
  localeForCurrency,
} from './format';

// The DST cases need a zone with summer time; formatters are built lazily, after this line.
process.env.TZ = 'Europe/Bucharest';

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

describe('dates and times follow the interface language', () => {
  it('writes a day as ro-RO in Romanian and en-US in English', () => {
    expect(formatDate(new Date(2026, 10, 23, 12), 'ro')).toBe('23 nov. 2026');
    expect(formatDate(new Date(2026, 10, 23, 12), 'en')).toBe('Nov 23, 2026');
    expect(formatDate('2026-01-05T12:00:00', 'ro')).toBe('5 ian. 2026');
    expect(formatDate('2026-01-05T12:00:00', 'en')).toBe('Jan 5, 2026');
  });

  it('writes a moment with its local time, 24-hour in Romanian and 12-hour in English', () => {
    expect(plain(formatDateTime(new Date(2026, 10, 23, 21, 30), 'ro'))).toBe('23 nov. 2026, 21:30');
    expect(plain(formatDateTime(new Date(2026, 10, 23, 21, 30), 'en'))).toBe('Nov 23, 2026, 9:30 PM');
  });

  it('writes midnight as 00:00 in Romanian and 12:00 AM in English, on the day that starts', () => {
    expect(plain(formatDateTime(new Date(2026, 0, 1, 0, 0), 'ro'))).toBe('1 ian. 2026, 00:00');
    expect(plain(formatDateTime(new Date(2026, 0, 1, 0, 0), 'en'))).toBe('Jan 1, 2026, 12:00 AM');
  });

  it('follows summer time in the local zone (Europe/Bucharest here)', () => {
    // Spring: 02:59 EET is followed by 04:00 EEST; autumn: 03:30 happens twice.
    expect(plain(formatDateTime('2026-03-29T00:59:00Z', 'ro'))).toBe('29 mar. 2026, 02:59');
    expect(plain(formatDateTime('2026-03-29T01:00:00Z', 'ro'))).toBe('29 mar. 2026, 04:00');
    expect(plain(formatDateTime('2026-10-25T00:30:00Z', 'en'))).toBe('Oct 25, 2026, 3:30 AM');
    expect(plain(formatDateTime('2026-10-25T01:30:00Z', 'en'))).toBe('Oct 25, 2026, 3:30 AM');
  });

  it('writes a calendar day without moving it across the zone, and a chart axis day', () => {
    expect(formatDay('2026-03-29', 'ro')).toBe('29 mar. 2026');
    expect(formatDay('2026-03-29', 'en')).toBe('Mar 29, 2026');
    expect(formatDay(null, 'ro')).toBe('');
    expect(formatDayMonth(new Date(2026, 10, 23), 'ro')).toBe('23 nov.');
    expect(formatDayMonth(new Date(2026, 10, 23), 'en')).toBe('Nov 23');
  });

  it('leaves invalid dates blank', () => {
    expect(formatDate('not a date', 'ro')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('numbers follow the interface language', () => {
  it('groups counts as the language does', () => {
    expect(formatCount(0, 'ro')).toBe('0');
    expect(formatCount(12345, 'ro')).toBe('12.345');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('writes a fraction as a percentage exactly, without needless zeros', () => {
    expect(plain(formatPercent('0.125', 'ro'))).toBe('12,5 %');
    expect(formatPercent('0.125', 'en')).toBe('12.5%');
    expect(plain(formatPercent('0.10', 'ro'))).toBe('10 %');
    expect(plain(formatPercent('1', 'ro'))).toBe('100 %');
    expect(formatPercent('1', 'en')).toBe('100%');
    expect(plain(formatPercent('0', 'ro'))).toBe('0 %');
    expect(formatPercent('0.33335', 'en')).toBe('33.34%');
  });

  it('writes a rate given in percent with its own decimals', () => {
    expect(plain(formatRate('3.45', 'ro'))).toBe('3,45 %');
    expect(formatRate('3.45', 'en')).toBe('3.45%');
    expect(plain(formatRate('100.00', 'ro'))).toBe('100,00 %');
    expect(formatRate('0.00', 'en')).toBe('0.00%');
    expect(formatRate('7', 'en')).toBe('7%');
  });

  it('writes sizes for people', () => {
    expect(formatBytes(812, 'en')).toBe('812 B');
    expect(formatBytes(14_240, 'en')).toBe('14.2 kB');
    expect(formatBytes(3_100_000, 'ro')).toBe('3,1 MB');
  });

  it("writes decimal examples with the language's separator", () => {
    expect(decimalExample('0.10', 'ro')).toBe('0,10');
    expect(decimalExample('25.00', 'en')).toBe('25.00');
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
