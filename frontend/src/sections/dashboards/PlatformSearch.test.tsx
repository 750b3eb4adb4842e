import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import AdminPage from '../admin/AdminPage';
import HostDashboard from './HostDashboard';

const brand = (id: string, name: string) => ({
  id, name, company_name: name, domain: `${id}.example.com`, public_id: id, default_currency: 'RON', domains: [], created_at: '2026-11-01T00:00:00Z',
});
const stats = {
  total_clicks: 0, conversions: 0, revenue: '0', commission: '0', conversion_rate: '0', campaigns_joined: 0, discount_codes_used: 0, last_conversion_at: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
/** Lists answered per kind: brands, affiliates, campaigns (the query is recorded, the answer is fixed). */
let answers: { brands: unknown[]; affiliates: unknown[]; campaigns: unknown[]; brandTotal?: number };

function list(key: string, items: unknown[], total = items.length) {
  return jsonResponse({ success: true, data: { [key]: items, total, limit: 5, offset: 0 } });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  answers = { brands: [], affiliates: [], campaigns: [] };
  fetchMock = vi.fn(async (url: string) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path === '/brands') return list('brands', answers.brands, answers.brandTotal);
    if (path === '/affiliates') return list('affiliates', answers.affiliates);
    if (path === '/campaigns') return list('campaigns', answers.campaigns);
    if (path === '/discount-codes') return list('discount_codes', []);
    if (path === '/tracking-links') return list('links', []);
    if (path.startsWith('/settings/currency')) return jsonResponse({ success: true, data: { base: 'RON', rates: { RON: '1', EUR: '0.2', USD: '0.22' } } });
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const searched = (path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url as string, 'http://x'))
    .filter((url) => url.pathname === `/api/v1${path}` && url.searchParams.has('query'))
    .map((url) => url.searchParams.get('query'));

describe("the host dashboard's platform search", () => {
  it('searches brands, affiliates and campaigns on the server once typing settles, grouped with links into Admin', async () => {
    answers = {
      brands: [brand('b-1', 'Ada Shoes')],
      brandTotal: 7,
      affiliates: [{ id: 'a-1', name: 'Ada Promoter', email: 'ada@example.com', user_id: null, created_at: '2026-11-01T00:00:00Z', stats }],
      campaigns: [campaignFixture({ id: 'c-9', name: 'Ada Summer', brand_name: 'Ada Shoes', status: 'paused' })],
    };
    renderWithProviders(<HostDashboard />);
    const box = screen.getByTestId('platform-search');
    for (const text of ['a', 'ad', 'ada ']) fireEvent.change(box, { target: { value: text } });

    const brands = await screen.findByTestId('search-group-brands');
    await within(brands).findByText('Ada Shoes');
    expect(searched('/brands')).toEqual(['ada']);
    expect(searched('/affiliates')).toEqual(['ada']);
    expect(searched('/campaigns')).toEqual(['ada']);

    expect(within(brands).getByTestId('search-hit').getAttribute('href')).toBe('/admin?tab=brands&q=b-1');
    expect(within(brands).getByTestId('search-count-brands').textContent).toBe('7');
    expect(within(brands).getByTestId('search-all-brands').getAttribute('href')).toBe('/admin?tab=brands&q=ada');
    const affiliates = screen.getByTestId('search-group-affiliates');
    await within(affiliates).findByText('ada@example.com');
    expect(within(affiliates).getByTestId('search-hit').getAttribute('href')).toBe('/admin?tab=affiliates&q=a-1');
    const campaigns = screen.getByTestId('search-group-campaigns');
    await within(campaigns).findByText('Ada Shoes · Paused');
    expect(within(campaigns).getByTestId('search-hit').getAttribute('href')).toBe('/admin?tab=campaigns&q=c-9');
    expect(screen.queryByTestId('platform-search-empty')).toBeNull();
  });

  it('says so when nothing on the platform matches, and keeps matching shortcut tiles', async () => {
    renderWithProviders(<HostDashboard />);
    fireEvent.change(screen.getByTestId('platform-search'), { target: { value: 'zzz-nothing' } });
    expect((await screen.findByTestId('platform-search-empty')).textContent).toBe(
      'No brand, affiliate or campaign matches “zzz-nothing”.',
    );
    expect(screen.queryByText('Shortcuts')).toBeNull();

    fireEvent.change(screen.getByTestId('platform-search'), { target: { value: 'data management' } });
    await screen.findByTestId('shortcut-data-management');
    await waitFor(() => expect(searched('/brands')).toContain('data management'));
  });

  it('sends no search before anything is typed', async () => {
    renderWithProviders(<HostDashboard />);
    await screen.findByTestId('shortcut-admin');
    expect(searched('/brands')).toEqual([]);
    expect(screen.queryByTestId('platform-search-results')).toBeNull();
  });

  it('a result opens Admin on its tab, filtered to it', async () => {
    answers = {
      brands: [],
      affiliates: [{ id: 'a-1', name: 'Ion', email: 'ion@example.com', user_id: null, created_at: '2026-11-01T00:00:00Z', stats }],
      campaigns: [],
    };
    renderWithProviders(<AdminPage />, { path: '/admin', route: '/admin?tab=affiliates&q=ion@' });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-tab-affiliates').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('admin-search') as HTMLInputElement).value).toBe('ion@');
  });
});
