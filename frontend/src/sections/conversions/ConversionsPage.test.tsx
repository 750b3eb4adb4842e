import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { CURRENCY_STORAGE_KEY } from '../../preferences/currencyRates';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import ConversionsPage from './ConversionsPage';

function conversion(id: string, orderId: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id, order_id: orderId, customer_email: 'ana@shop.ro', affiliate_id: 'a-1', affiliate_name: 'Ion Promoter', brand_id: 'b-1',
    brand_name: 'Ada Shoes', campaign_id: 'c-1', campaign_name: 'Summer Sale', order_total: '249.90', currency: 'RON',
    commission_amount: '24.99', commission_currency: 'RON', exchange_rate: '1', refunded_amount: '0.00', status,
    flag_reason: '', attribution: 'link', link_id: 't-1', link_code: 'Ab12Cd34', discount_code: '', source: 'api',
    converted_at: '2026-11-20T10:00:00Z', created_at: '2026-11-20T10:00:01Z', ...extra,
  };
}

const rows = [
  conversion('v-1', '1001', 'pending'),
  conversion('v-2', '1002', 'flagged', { flag_reason: 'self_referral', attribution: 'discount_code', discount_code: 'ION10', link_code: '' }),
  conversion('v-3', '1003', 'confirmed', { refunded_amount: '50.00', currency: 'EUR', order_total: '100.00' }),
  conversion('v-4', '1004', 'paid'),
];

let fetchMock: ReturnType<typeof vi.fn>;
let listUrls: string[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  listUrls = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/conversions' && method === 'GET') {
      listUrls.push(url);
      return jsonResponse({ success: true, data: { conversions: rows, total: 4, counted: 4, limit: 100, offset: 0 } });
    }
    if (path === '/settings/currency') return jsonResponse({ success: true, data: { base: 'RON', rates: { RON: '1', EUR: '0.2', USD: '0.25' } } });
    if (path === '/conversions/v-1' && method === 'GET') {
      return jsonResponse({ success: true, data: { conversion: { ...rows[0], kind: 'renewal', commission_amount: '22.00',
        tier: { index: 2, basis: 'conversions', threshold: '10', value: '0.15', commission_type: 'percentage' },
        lines: [
          { product_id: '7', sku: 'PRO', categories: [], price_id: '', quantity: 1, amount: '60.00',
            rule: { match: 'sku', match_value: 'PRO', commission_type: 'percentage', commission_value: '0.3' }, commission: '18' },
          { product_id: '8', sku: 'ADDON', categories: ['extra'], price_id: '', quantity: 2, amount: '40.00', rule: null, commission: null },
        ] } } });
    }
    if (path === '/conversions/review') {
      const body = JSON.parse(String(init?.body)) as { conversion_ids: string[] };
      return jsonResponse({ success: true, data: { conversions: rows.filter((row) => body.conversion_ids.includes(row.id)), total: 1, limit: 500, offset: 0 } });
    }
    if (path === '/campaigns') return jsonResponse({ success: true, data: { campaigns: [{ id: 'c-1', name: 'Summer Sale' }], total: 1, limit: 1000, offset: 0 } });
    if (path === '/affiliates') return jsonResponse({ success: true, data: { affiliates: [{ id: 'a-1', name: 'Ion Promoter' }], total: 1, limit: 1000, offset: 0 } });
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(CURRENCY_STORAGE_KEY);
});

const reviewCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/conversions/review'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe('conversions page', () => {
  it('shows amounts in the display currency, exactly, with the original under them, and what the dashboards count', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    const found = await screen.findAllByTestId('conversion-row');
    // 249.90 RON at 0.2 is 49.98 EUR; 24.99 RON is 4.998, 5.00 EUR.
    await waitFor(() => expect(within(within(found[0]).getByTestId('conversion-total')).getByTestId('display-amount').textContent).toMatch(/^49,98\s*€$/));
    const commission = within(found[0]).getByTestId('conversion-commission');
    expect(within(commission).getByTestId('display-amount').textContent).toMatch(/^5,00\s*€$/);
    expect(within(commission).getByTestId('original-amount').textContent).toMatch(/^24,99\s*RON$/);
    // Already in euros: shown once.
    expect(within(found[2]).getByTestId('conversion-total').textContent).toMatch(/^100,00\s*€Refunded: 50,00\s*€$/);
    expect(screen.getByTestId('conversions-counted').textContent).toBe(
      'Orders listed: 4 · counted in the dashboards’ conversions: 4 (rejected, reversed and orders with no affiliate are left out)',
    );
  });

  it('lets a brand review: statuses in words, the flag rule named, actions only where they apply', async () => {
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    const found = await screen.findAllByTestId('conversion-row');
    expect(found).toHaveLength(4);
    expect(screen.getAllByTestId('conversion-status').map((chip) => chip.textContent)).toEqual(['Pending', 'Flagged', 'Confirmed', 'Paid']);
    expect(screen.getByTestId('conversion-flag').textContent).toBe("The customer's email is the affiliate's own.");
    expect(screen.getAllByTestId('conversion-attribution').map((cell) => cell.textContent)).toEqual([
      'Link Ab12Cd34', 'Code ION10', 'Link Ab12Cd34', 'Link Ab12Cd34',
    ]);
    expect(within(found[2]).getByTestId('conversion-total').textContent).toMatch(/100,00\s*€[\s\S]*Refunded: 50,00\s*€/);
    // Confirm and reject on what waits; reverse on the confirmed one; nothing on a paid one; no delete for a brand.
    expect(within(found[0]).queryByTestId('conversion-confirm')).not.toBeNull();
    expect(within(found[1]).queryByTestId('conversion-reject')).not.toBeNull();
    expect(within(found[2]).queryByTestId('conversion-confirm')).toBeNull();
    expect(within(found[2]).queryByTestId('conversion-reverse')).not.toBeNull();
    // A paid conversion has no action: its order id opens its detail, nothing else.
    expect(within(found[3]).getAllByRole('button').map((button) => button.dataset.testid)).toEqual(['conversion-order']);
    expect(screen.queryByTestId('conversion-delete')).toBeNull();
    expect(screen.getAllByTestId('conversion-select')).toHaveLength(2);
    // The list asked for the last 30 days, newest first, 100 rows.
    expect(listUrls[0]).toContain('range=30d');
    expect(listUrls[0]).toContain('limit=100');
  });

  it('confirms several at once and asks before rejecting', async () => {
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    await screen.findAllByTestId('conversion-row');
    fireEvent.click(within(screen.getByTestId('select-all')).getByRole('checkbox'));
    expect(screen.getByTestId('conversions-bulk').textContent).toContain('2 conversions selected');
    fireEvent.click(screen.getByTestId('bulk-confirm'));
    await waitFor(() => expect(reviewCalls()).toEqual([{ conversion_ids: ['v-1', 'v-2'], decision: 'confirm' }]));
    expect((await screen.findByTestId('toast')).textContent).toContain('2 conversions confirmed.');

    fireEvent.click(within(screen.getAllByTestId('conversion-row')[1]).getByTestId('conversion-reject'));
    expect(screen.getByTestId('confirm-message').textContent).toBe('Reject this conversion? Its commission will not be paid.');
    expect(reviewCalls()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(reviewCalls()[1]).toEqual({ conversion_ids: ['v-2'], decision: 'reject' }));
  });

  it.each([
    ['en', 'Reject conversion', 'Reject conversions'],
    ['ro', 'Respinge conversia', 'Respinge conversiile'],
  ])('titles the reject question in the singular for one order and the plural for several (%s)', async (language, one, several) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    await screen.findAllByTestId('conversion-row');
    const title = () => within(screen.getByTestId('confirm-dialog')).getByRole('heading').textContent;
    fireEvent.click(within(screen.getAllByTestId('conversion-row')[1]).getByTestId('conversion-reject'));
    expect(title()).toBe(one);
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    fireEvent.click(within(screen.getByTestId('select-all')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('bulk-reject'));
    expect(title()).toBe(several);
  });

  it('keeps filters in the URL and sends them', async () => {
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    await screen.findAllByTestId('conversion-row');
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'flagged' } });
    fireEvent.change(screen.getByTestId('filter-sort'), { target: { value: 'order_total' } });
    await waitFor(() => expect(listUrls.at(-1)).toContain('status=flagged'));
    expect(listUrls.at(-1)).toContain('sort=order_total');
    fireEvent.change(screen.getByTestId('filter-period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(listUrls.at(-1)).toContain('from=2026-01-01'));
    expect(listUrls.at(-1)).not.toContain('range=');
  });

  it('shows an affiliate its own conversions without review controls or an affiliate filter', async () => {
    renderWithProviders(<ConversionsPage accountType="affiliate" />, { path: '/conversions', route: '/conversions' });
    await screen.findAllByTestId('conversion-row');
    expect(screen.queryByTestId('select-all')).toBeNull();
    expect(screen.queryByTestId('conversion-confirm')).toBeNull();
    expect(screen.queryByTestId('filter-affiliate')).toBeNull();
    expect(screen.queryByTestId('conversion-affiliate')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/affiliates'))).toBe(false);
  });

  it('gives the host a brand column and delete, except on a paid conversion', async () => {
    renderWithProviders(<ConversionsPage accountType="host" />, { path: '/conversions', route: '/conversions' });
    const found = await screen.findAllByTestId('conversion-row');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Affiliate, brand and campaign');
    expect(found[0].textContent).toContain('Ada Shoes · Summer Sale');
    expect(screen.getAllByTestId('conversion-delete')).toHaveLength(3);
    expect(within(found[3]).queryByTestId('conversion-delete')).toBeNull();
  });

  it('opens a conversion\'s detail: its lines with the rule and commission of each, and the tier it reached', async () => {
    renderWithProviders(<ConversionsPage accountType="brand" />, { path: '/conversions', route: '/conversions' });
    const found = await screen.findAllByTestId('conversion-row');
    fireEvent.click(within(found[0]).getByTestId('conversion-order'));
    const dialog = await screen.findByTestId('conversion-detail');
    const lines = await within(dialog).findAllByTestId('detail-line');
    expect(lines).toHaveLength(2);
    expect(lines[0].textContent).toMatch(/^7 · PRO160,00\s*RONSKU PRO: 30%18,00\s*RON$/);
    expect(lines[1].textContent).toMatch(/^8 · ADDON \(extra\)2.*Campaign rate \(rest of the order\)—$/);
    expect(within(dialog).getByTestId('detail-tier').textContent).toBe('Tier 2: from 10 confirmed conversions, commission 15%');
    expect(within(dialog).getByTestId('detail-kind').textContent).toBe('Subscription renewal');
    fireEvent.click(within(dialog).getByTestId('conversion-detail-close'));
    await waitFor(() => expect(screen.queryByTestId('conversion-detail')).toBeNull());
  });
});
