import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { scaleDecimal } from './decimal';
import type { Currency } from './format';
import { announceCurrency, CURRENCY_STORAGE_KEY, displayRatesQuery, storedCurrency, unitRates, type Rates } from './currencyRates';

interface CurrencyContextValue {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
  rates: Rates;
  /** True once rates are loaded (or known to be unavailable). */
  ready: boolean;
  /** False when no rates could be fetched and every rate is 1. */
  live: boolean;
  /** The amount in the display currency (a decimal string), or null when its currency has no rate. */
  toDisplay: (amount: string, currency: string) => string | null;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setCurrencyState] = useState<Currency>(storedCurrency);
  const ratesQuery = useQuery(displayRatesQuery);
  const ready = ratesQuery.isSuccess;
  const rates = ratesQuery.data?.rates ?? unitRates;

  const setCurrency = useCallback((next: Currency) => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, next);
    setCurrencyState(next);
  }, []);

  useEffect(() => {
    announceCurrency({ currency, ready });
  }, [currency, ready]);

  const toDisplay = useCallback(
    (amount: string, from: string) => {
      const fromRate = rates[from];
      if (from === currency) return amount;
      if (!fromRate || !/[1-9]/.test(fromRate)) return null;
      return scaleDecimal(amount, rates[currency] ?? '1', fromRate);
    },
    [rates, currency],
  );

  const value = useMemo(
    () => ({ currency, setCurrency, rates, ready, live: ratesQuery.data?.live ?? false, toDisplay }),
    [currency, setCurrency, rates, ready, ratesQuery.data?.live, toDisplay],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
