import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { CURRENCY_STORAGE_KEY } from '../../preferences/currencyRates';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import AffiliatesPage from './AffiliatesPage';

const affiliate = {
  id: 'a-1',
  name: 'Ion Promoter',
  email: 'ion@example.com',
  user_id: 'u-1',
  created_at: '2026-11-01T00:00:00Z',
  stats: {
    total_clicks: 1234,
    conversions: 25,
    revenue: '5000.50',
    commission: '500.05',
    conversion_rate: '2.03',
    campaigns_joined: 2,
    discount_codes_used: 3,
    last_conversion_at: '2026-11-20T10:00:00Z' as string | null,
  },
};

const newcomer = {
  ...affiliate,
  stats: { ...affiliate.stats, total_clicks: 0, conversions: 0, revenue: '0.00', commission: '0.00', conversion_rate: '0.00', last_conversion_at: null },
};

function serve(row: typeof affiliate | typeof newcomer = affiliate, rates: Record<string, string> = { RON: '1' }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/affiliates?')) {
        return jsonResponse({ success: true, data: { affiliates: [row], total: 1, limit: 25, offset: 0 } });
      }
      if (url.startsWith('/api/v1/settings/currency')) return jsonResponse({ success: true, data: { base: 'RON', rates } });
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(CURRENCY_STORAGE_KEY);
});

describe('AffiliatesPage statistics', () => {
  it('shows revenue and commission in the display currency, the RON amount under each', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'USD');
    serve(affiliate, { RON: '1', EUR: '0.2', USD: '0.25' });
    renderWithProviders(<AffiliatesPage accountType="host" />);
    const row = await screen.findByTestId('affiliate-row');
    // 5000.50 RON at 0.25 is 1250.125, $1,250.13 (half up); 500.05 RON is 125.0125, $125.01.
    await waitFor(() => expect(within(row).getAllByTestId('display-amount').map((amount) => amount.textContent)).toEqual(['$1,250.13', '$125.01']));
    const originals = within(row).getAllByTestId('original-amount').map((amount) => amount.textContent);
    expect(originals[0]).toMatch(/^5\.000,50\sRON$/);
    expect(originals[1]).toMatch(/^500,05\sRON$/);
  });

  it('shows clicks, conversions, the rate, money in the display currency and the last conversion', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderWithProviders(<AffiliatesPage accountType="host" />);
    const row = await screen.findByTestId('affiliate-row');
    const cells = within(row).getAllByRole('gridcell').map((cell) => cell.textContent);
    // Affiliate, campaigns, clicks, conversions, rate, revenue, commission, last conversion, since.
    expect(cells.slice(1, 5)).toEqual(['2', '1234', '25', '2.03%']);
    expect(cells[5]).toMatch(/5\.000,50\s*RON|5,000\.50\s*RON|RON\s*5,000\.50/);
    expect(cells[6]).toMatch(/500,05\s*RON|500\.05\s*RON|RON\s*500\.05/);
    expect(cells[7]).toBe('Nov 20, 2026');
    // The server pages the list: one page is asked for, not the first thousand.
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/v1/affiliates?'));
    expect(asked).toMatch(/limit=25&offset=0/);
  });

  it('says Never before the first conversion, in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    serve(newcomer);
    renderWithProviders(<AffiliatesPage accountType="brand" />);
    const row = await screen.findByTestId('affiliate-row');
    expect(within(row).getByTestId('affiliate-last-conversion').textContent).toBe('Niciodată');
    // The rate and the date follow the language: '0,00 %' (a no-break space) and '1 nov. 2026'.
    expect(row.textContent).toContain('0,00\u00a0%');
    expect(row.textContent).toContain('1 nov. 2026');
    await i18n.changeLanguage('en');
  });
});
