import { isDecimal } from './decimal';

export const currencies = ['RON', 'EUR', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export const defaultCurrency: Currency = 'RON';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

/** ro-RO for RON, de-DE for EUR, en-US for anything else (docs/product.md §8). */
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

/**
 * The one place that turns dates, times, counts and percentages into text. They follow the interface
 * language (ro-RO in Romanian, en-US in English; docs/i18n.md); amounts follow their currency instead
 * (formatAmount above).
 */
export function localeForLanguage(language: string): 'ro-RO' | 'en-US' {
  return language.startsWith('ro') ? 'ro-RO' : 'en-US';
}

// Building an Intl formatter costs far more than using one, and tables format hundreds of cells:
// each is built once per kind and locale.
const built = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.Collator>();

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.Collator>(key: string, build: () => T): T {
  let made = built.get(key) as T | undefined;
  if (!made) {
    made = build();
    built.set(key, made);
  }
  return made;
}

const dateForms = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'long', year: 'numeric' },
  weekday: { weekday: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function dateFormatter(language: string, kind: keyof typeof dateForms): Intl.DateTimeFormat {
  const locale = localeForLanguage(language);
  return once(`date:${kind}:${locale}`, () => new Intl.DateTimeFormat(locale, dateForms[kind]));
}

function numberFormatter(language: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = localeForLanguage(language);
  return once(`number:${kind}:${locale}`, () => new Intl.NumberFormat(locale, options));
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day in the language's medium form: '23 nov. 2026' in Romanian, 'Nov 23, 2026' in English. */
export function formatDate(value: string | number | Date, language: string): string {
  const date = toDate(value);
  return date ? dateFormatter(language, 'date').format(date) : '';
}

/** A moment with its local time: '23 nov. 2026, 21:30' in Romanian, 'Nov 23, 2026, 9:30 PM' in English. */
export function formatDateTime(value: string | number | Date, language: string): string {
  const date = toDate(value);
  return date ? dateFormatter(language, 'dateTime').format(date) : '';
}

/** Day and month only, for chart axes: '23 nov.' or 'Nov 23'. */
export function formatDayMonth(date: Date, language: string): string {
  return dateFormatter(language, 'dayMonth').format(date);
}

/** A month of the calendar: 'noiembrie 2026' or 'November 2026'. */
export function formatMonth(date: Date, language: string): string {
  return dateFormatter(language, 'month').format(date);
}

/** A weekday's short name: 'lun.' or 'Mon'. */
export function formatWeekday(date: Date, language: string): string {
  return dateFormatter(language, 'weekday').format(date);
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

/** A calendar day 'YYYY-MM-DD' like formatDate, without time-zone shifts. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = parseDay(value);
  return date ? formatDate(date, language) : '';
}

/** A count in the language's digit grouping ('12.345' in Romanian, '12,345' in English). */
export function formatCount(count: number, language: string): string {
  return numberFormatter(language, 'count', {}).format(count);
}

/** A file size for people: '812 B', '14.2 kB', '3,1 MB'. */
export function formatBytes(bytes: number, language: string): string {
  const format = (n: number) => numberFormatter(language, 'bytes', { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1000) return `${format(bytes)} B`;
  if (bytes < 1_000_000) return `${format(bytes / 1000)} kB`;
  return `${format(bytes / 1_000_000)} MB`;
}

/**
 * A fraction as a percentage without needless zeros, exactly (a decimal string goes to Intl as a
 * string): '0.125' is '12,5 %' in Romanian and '12.5%' in English; at most two decimals.
 */
export function formatPercent(fraction: string | number, language: string): string {
  const formatter = numberFormatter(language, 'percent', { style: 'percent', maximumFractionDigits: 2 });
  return formatter.format(typeof fraction === 'string' ? (fraction.trim() as Intl.StringNumericLiteral) : fraction);
}

/**
 * A rate the server already gives in percent, keeping its decimals: '3.45' is '3,45 %' in Romanian and
 * '3.45%' in English, '0.00' stays '0.00%'.
 */
export function formatRate(percent: string, language: string): string {
  const text = isDecimal(percent) ? percent.trim() : '0';
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const formatter = numberFormatter(language, `rate${decimals}`, { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  // '3.45e-2' is the fraction 0.0345, still exact: Intl reads numeric strings as decimals.
  return formatter.format(`${text}e-2` as Intl.StringNumericLiteral);
}

/** Orders names as the language does: 'Șerban' after 'Sandu' in Romanian, not after 'Zeta'. */
export function compareNames(language: string): (a: string, b: string) => number {
  const locale = localeForLanguage(language);
  return once(`names:${locale}`, () => new Intl.Collator(locale)).compare;
}

/** A decimal example for a hint or placeholder ('0.10', '25.00') with the language's separator: '0,10'. */
export function decimalExample(example: string, language: string): string {
  return localeForLanguage(language) === 'ro-RO' ? example.replace('.', ',') : example;
}
