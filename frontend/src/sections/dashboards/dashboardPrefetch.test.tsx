import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import i18n from '../../i18n/config';
import { preloadPage } from '../../shell/pages';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import BrandDashboard from './BrandDashboard';

const totals = (revenue: string) => ({
  clicks: 120, unique_clicks: 100, conversions: 4, revenue, commission: '40.00', pending_commission: '10.00',
  confirmed_commission: '30.00', paid_commission: '0.00', conversion_rate: '4.00',
});

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock = vi.fn(async (url: string) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path === '/brands/dashboard') {
      return jsonResponse({
        success: true,
        data: {
          currency: 'EUR', last_30_days: totals('400.00'), previous_30_days: totals('200.00'),
          active_campaigns: 3, affiliates: 7, pending_applications: 2, pending_conversions: 1,
        },
      });
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const dashboardCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/brands/dashboard')).map(([url]) => String(url));

describe('a cold load of the brand dashboard', () => {
  it('asks for its figures with its code, once: the page finds the answer under its own key', async () => {
    const client = createQueryClient();
    await preloadPage('/dashboard', 'brand', { client, currency: 'EUR' });
    expect(dashboardCalls()).toEqual(['/api/v1/brands/dashboard?currency=EUR']);

    localStorage.setItem('currency', 'EUR');
    renderWithProviders(<BrandDashboard />, { client });
    expect(await screen.findByTestId('count-affiliates')).toHaveProperty('textContent', expect.stringContaining('7'));
    expect(screen.queryByTestId('stat-cards-loading')).toBeNull();
    expect(dashboardCalls()).toHaveLength(1);
    localStorage.removeItem('currency');
  });
});
