import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { CURRENCY_STORAGE_KEY } from '../../preferences/currencyRates';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import EarningsPage from './EarningsPage';

let earnings: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/earnings')) return jsonResponse({ success: true, data: { earnings } });
      if (url.startsWith('/api/v1/settings/currency')) {
        return jsonResponse({ success: true, data: { base: 'RON', rates: { RON: '1', EUR: '0.2', USD: '0.25' } } });
      }
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(CURRENCY_STORAGE_KEY);
});

const amountOf = (kind: string) => within(screen.getByTestId(`earnings-${kind}`)).getByTestId('earnings-amount').textContent;

describe('earnings page', () => {
  it('adds pending, confirmed, paid and reversed commission over currencies in the display currency', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    earnings = [
      { currency: 'RON', pending: '50.00', confirmed: '10.00', paid: '0.00', reversed: '5.00', conversions: 4 },
      { currency: 'EUR', pending: '1.00', confirmed: '0.00', paid: '3.50', reversed: '0.00', conversions: 2 },
    ];
    renderWithProviders(<EarningsPage />);
    expect(await screen.findAllByTestId('earnings-row')).toHaveLength(2);
    // 50 RON = 10 EUR, plus 1 EUR.
    expect(amountOf('pending')).toMatch(/^11,00\s*€$/);
    expect(amountOf('confirmed')).toMatch(/^2,00\s*€$/);
    expect(amountOf('paid')).toMatch(/^3,50\s*€$/);
    expect(amountOf('reversed')).toMatch(/^1,00\s*€$/);
    expect(screen.getByTestId('earnings-count').textContent).toContain('From 6 conversions.');
    expect(screen.queryByTestId('earnings-unconverted')).toBeNull();
    // Each row in the display currency, its own amount under it; the euro row as it is.
    const [ron, eur] = screen.getAllByTestId('earnings-row');
    expect(within(ron).getAllByTestId('display-amount')[0].textContent).toMatch(/^10,00\s*€$/);
    expect(within(ron).getAllByTestId('original-amount')[0].textContent).toMatch(/^50,00\s*RON$/);
    expect(within(eur).queryByTestId('display-amount')).toBeNull();
  });

  it('says so when nothing is earned yet', async () => {
    earnings = [];
    renderWithProviders(<EarningsPage />);
    expect((await screen.findByTestId('earnings-empty')).textContent).toContain('No earnings yet');
    expect(amountOf('pending')).toMatch(/^0,00\s*RON$/);
  });
});
