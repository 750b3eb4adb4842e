import { isDecimal } from './decimal';

export const currencies = ['RON', 'EUR', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export const defaultCurrency: Currency = 'RON';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

/** ro-RO for RON, de-DE for EUR, en-US for anything else (seed section 1). */
export function localeForCurrency(currency: string): string {
  if (currency === 'RON') return 'ro-RO';
  if (currency === 'EUR') return 'de-DE';
  return 'en-US';
}

/**
 * Formats an amount with two decimals in its currency's locale. A decimal string is handed to Intl
 * as a string, which formats it exactly.
 */
export function formatAmount(amount: string | number, currency: string): string {
  const formatter = new Intl.NumberFormat(localeForCurrency(currency), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (typeof amount === 'string') {
    if (!isDecimal(amount)) throw new Error(`not a decimal: ${amount}`);
    return formatter.format(amount.trim() as Intl.StringNumericLiteral);
  }
  return formatter.format(amount);
}

const dateFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** en-US short month, day and year, e.g. 'Nov 23, 2026'. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormatter.format(date);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'YYYY-MM-DD' as a local Date at midnight (never shifted by the time zone). */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value.slice(0, 10));
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A local Date as 'YYYY-MM-DD'. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A calendar day 'YYYY-MM-DD' in the en-US short form, without time-zone shifts. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDay(value);
  return date ? dateFormatter.format(date) : '';
}

/** A count in the language's digit grouping (1.234 in Romanian, 1,234 in English). */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('ro') ? 'ro-RO' : 'en-US').format(count);
}

const dateTimeFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment in en-US like the dates (seed section 1) with the local time, e.g. 'Nov 23, 2026, 09:30 PM'. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormatter.format(date);
}
