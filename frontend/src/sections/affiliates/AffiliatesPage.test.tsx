import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import AffiliatesPage from './AffiliatesPage';

const affiliate = {
  id: 'a-1',
  name: 'Ion Promoter',
  email: 'ion@example.com',
  user_id: 'u-1',
  created_at: '2026-11-01T00:00:00Z',
  // What the server answers today: zeros for everything after the click.
  stats: {
    total_clicks: 1234,
    conversions: 0,
    revenue: '0',
    commission: '0',
    conversion_rate: '0',
    campaigns_joined: 2,
    discount_codes_used: 0,
    last_conversion_at: null,
  },
};

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/affiliates?')) {
        return jsonResponse({ success: true, data: { affiliates: [affiliate], total: 1, limit: 1000, offset: 0 } });
      }
      if (url.startsWith('/api/v1/settings/currency')) return jsonResponse({ success: true, data: { base: 'RON', rates: { RON: '1' } } });
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AffiliatesPage statistics', () => {
  it('shows clicks as numbers and what is not tracked yet as a labelled dash', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderWithProviders(<AffiliatesPage accountType="host" />);
    const row = await screen.findByTestId('affiliate-row');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // Affiliate, campaigns, clicks, conversions, rate, revenue, commission, last conversion, since.
    expect(cells.slice(1, 3)).toEqual(['2', '1234']);
    expect(cells.slice(3, 8)).toEqual(Array(5).fill('—Not tracked yet'));
    expect(within(row).getAllByTestId('stat-not-tracked')).toHaveLength(5);
    expect(row.textContent).not.toMatch(/Never|0\.00|RON/);
  });

  it('says so in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    serve();
    renderWithProviders(<AffiliatesPage accountType="brand" />);
    const row = await screen.findByTestId('affiliate-row');
    expect(within(row).getAllByTestId('stat-not-tracked')[0].textContent).toBe('—Nu se măsoară încă');
    expect(row.textContent).not.toMatch(/Niciodată/);
    await i18n.changeLanguage('en');
  });
});
