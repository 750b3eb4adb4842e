import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_CHANGE_EVENT, type CurrencyChangeDetail } from './currencyRates';
import { CurrencyProvider, useCurrency } from './CurrencyProvider';
import { formatAmount } from './format';
import { resolveThemeMode, storedThemeMode, THEME_STORAGE_KEY } from './ThemeModeProvider';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Probe() {
  const { currency, setCurrency, toDisplay, ready } = useCurrency();
  return (
    <>
      <span data-testid="amount">{ready ? formatAmount(toDisplay('100', 'RON') ?? '100', currency) : 'loading'}</span>
      <button onClick={() => setCurrency('EUR')}>eur</button>
      <span data-testid="currency">{currency}</span>
    </>
  );
}

function renderWithRates() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CurrencyProvider>
        <Probe />
      </CurrencyProvider>
    </QueryClientProvider>,
  );
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme preference', () => {
  it('defaults to system and follows the colour scheme', () => {
    expect(storedThemeMode()).toBe('system');
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
    expect(resolveThemeMode('light', true)).toBe('light');
  });

  it('reads vite-ui-theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(storedThemeMode()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(storedThemeMode()).toBe('system');
  });
});

describe('display currency', () => {
  it('defaults to RON, converts with the fetched rate and announces changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          success: true,
          data: { base: 'RON', default_currency: 'RON', currencies: ['RON', 'EUR', 'USD'], rates: { RON: '1', EUR: '0.2010', USD: '0.2180' }, updated_at: '2026-11-23T00:00:00Z' },
        }),
      ),
    );
    const events: CurrencyChangeDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<CurrencyChangeDetail>).detail);
    window.addEventListener(CURRENCY_CHANGE_EVENT, listener);
    renderWithRates();
    expect(screen.getByTestId('currency').textContent).toBe('RON');
    await waitFor(() => expect(plain(screen.getByTestId('amount').textContent)).toBe('100,00 RON'));
    act(() => screen.getByText('eur').click());
    expect(plain(screen.getByTestId('amount').textContent)).toBe('20,10 €');
    expect(localStorage.getItem('currency')).toBe('EUR');
    expect(events).toContainEqual({ currency: 'EUR', ready: true });
    expect(events[0]).toEqual({ currency: 'RON', ready: false });
    window.removeEventListener(CURRENCY_CHANGE_EVENT, listener);
  });

  it('falls back to /fx/rates, then to rates of 1', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/fx/rates')) return json({ success: true, data: { base: 'RON', rates: { EUR: '0.5' } } });
      return json({ success: false, error: 'nope', code: 'NOT_FOUND' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('currency', 'EUR');
    renderWithRates();
    await waitFor(() => expect(plain(screen.getByTestId('amount').textContent)).toBe('50,00 €'));
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/v1/settings/currency', '/api/v1/fx/rates?base=RON']);
  });

  it('uses a rate of 1 when no rates can be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: false, error: 'gone', code: 'NOT_FOUND' }, 404)));
    localStorage.setItem('currency', 'USD');
    renderWithRates();
    await waitFor(() => expect(screen.getByTestId('amount').textContent).toBe('$100.00'));
  });
});
