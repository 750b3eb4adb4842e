import { getCurrencySettings } from '../api/generated/settings/settings';
import { getFxRates } from '../api/generated/fx/fx';
import { currencies, defaultCurrency, isCurrency, type Currency } from './format';

export type Rates = Record<string, string>;

/** Rates are cached for an hour (docs/product.md §1). */
export const RATES_CACHE_MS = 3_600_000;

export const unitRates: Rates = Object.fromEntries(currencies.map((code) => [code, '1']));

/** Display rates with RON as base: the settings endpoint, then /fx/rates, then 1 for every currency. */
/**
 * The key of the display rates: one query over two operations (settings, else the FX feed), so it
 * has no generated key; it survives sign-out because the rates are not the user's.
 */
export const DISPLAY_RATES_QUERY_KEY = ['display-currency-rates'] as const;

export async function fetchRates(): Promise<{ rates: Rates; live: boolean }> {
  try {
    const settings = await getCurrencySettings();
    return { rates: { ...unitRates, ...settings.data.rates }, live: true };
  } catch {
    try {
      const fx = await getFxRates({ base: 'RON' });
      return { rates: { ...unitRates, ...fx.data.rates }, live: true };
    } catch {
      return { rates: unitRates, live: false };
    }
  }
}

/** The display rates' query, shared by the currency provider and a cold load's early start (main.tsx). */
export const displayRatesQuery = {
  queryKey: DISPLAY_RATES_QUERY_KEY,
  queryFn: fetchRates,
  staleTime: RATES_CACHE_MS,
  gcTime: RATES_CACHE_MS,
  retry: false,
} as const;

export const CURRENCY_STORAGE_KEY = 'currency';

/** The display currency this browser chose last, else the default. */
export function storedCurrency(): Currency {
  const value = localStorage.getItem(CURRENCY_STORAGE_KEY);
  return isCurrency(value) ? value : defaultCurrency;
}
export const CURRENCY_CHANGE_EVENT = 'currency-change';

export interface CurrencyChangeDetail {
  currency: Currency;
  ready: boolean;
}

export function announceCurrency(detail: CurrencyChangeDetail): void {
  window.dispatchEvent(new CustomEvent<CurrencyChangeDetail>(CURRENCY_CHANGE_EVENT, { detail }));
}
