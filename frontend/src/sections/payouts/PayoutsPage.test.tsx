import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { CURRENCY_STORAGE_KEY } from '../../preferences/currencyRates';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import PayoutsPage from './PayoutsPage';

const payout = (id: string, status: 'pending' | 'paid') => ({
  id, brand_id: 'b-1', brand_name: 'Ada Shoes', affiliate_id: 'a-1', affiliate_name: 'Ion Promoter', affiliate_email: 'ion@example.com',
  currency: 'RON', amount: '120.50', conversion_count: 3, status, reference: status === 'paid' ? 'TRX-9' : '',
  created_at: '2026-11-20T10:00:00Z', paid_at: status === 'paid' ? '2026-11-22T10:00:00Z' : null,
});

let fetchMock: ReturnType<typeof vi.fn>;
let listUrls: string[];
let listTotal: number;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  listUrls = [];
  listTotal = 2;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    const list = (payouts: unknown[]) => jsonResponse({ success: true, data: { payouts, total: Math.max(payouts.length, listTotal), limit: 25, offset: 0 } });
    if (path === '/payouts' && method === 'GET') {
      listUrls.push(url);
      return list([payout('p-1', 'pending'), payout('p-2', 'paid')]);
    }
    if (path === '/payouts/payable') {
      return jsonResponse({
        success: true,
        data: { payable: [{ brand_id: 'b-1', brand_name: 'Ada Shoes', affiliate_id: 'a-2', affiliate_name: 'Maria', currency: 'EUR', amount: '40.00', conversion_count: 2 }], total: 1, limit: 25, offset: 0 },
      });
    }
    if (path === '/payouts/generate') {
      return jsonResponse({ success: true, data: { payouts: [payout('p-3', 'pending')], skipped: [], total: 1, limit: 1, offset: 0 } });
    }
    if (path === '/settings/currency') return jsonResponse({ success: true, data: { base: 'RON', rates: { RON: '1', EUR: '0.2', USD: '0.25' } } });
    if (path === '/payouts/p-1/pay') return jsonResponse({ success: true, data: { payout: payout('p-1', 'paid') } });
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(CURRENCY_STORAGE_KEY);
});

const calls = (suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(suffix) && (init as RequestInit | undefined)?.method === 'POST');

describe('payouts page', () => {
  it('shows payouts and what is payable in the display currency, the original amount under each', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'USD');
    renderWithProviders(<PayoutsPage accountType="brand" />, { path: '/payouts', route: '/payouts' });
    // 120.50 RON at 0.25 is 30.125, 30.13 USD (half up); 40.00 EUR is 40 / 0.2 * 0.25 = 50.00 USD.
    await waitFor(() => expect(within(screen.getAllByTestId('payout-amount')[0]).getByTestId('display-amount').textContent).toBe('$30.13'));
    expect(within(screen.getAllByTestId('payout-amount')[0]).getByTestId('original-amount').textContent).toMatch(/^120,50\s*RON$/);
    const payable = await screen.findByTestId('payable-amount');
    expect(within(payable).getByTestId('display-amount').textContent).toBe('$50.00');
    expect(within(payable).getByTestId('original-amount').textContent).toMatch(/^40,00\s*€$/);
  });

  it('lets a brand create payouts from what is ready and mark one paid with a reference', async () => {
    renderWithProviders(<PayoutsPage accountType="brand" />);
    const payable = await screen.findByTestId('payable-row');
    expect(within(payable).getByTestId('payable-amount').textContent).toMatch(/40,00\s*€/);
    // What is payable comes a page at a time.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url)).find((url) => url.includes('/payouts/payable'))).toMatch(/limit=25&offset=0/);
    fireEvent.change(screen.getByTestId('payout-minimum'), { target: { value: '25,5' } });
    fireEvent.click(screen.getByTestId('payouts-generate'));
    await waitFor(() => expect(calls('/payouts/generate')).toHaveLength(1));
    expect(JSON.parse(String((calls('/payouts/generate')[0][1] as RequestInit).body))).toEqual({ minimum_amount: '25.5' });
    expect((await screen.findByTestId('toast')).textContent).toContain('1 payout created.');

    const rows = await screen.findAllByTestId('payout-row');
    expect(within(rows[1]).queryByTestId('payout-pay')).toBeNull();
    expect(within(rows[1]).getByTestId('payout-paid').textContent).toContain('Ref. TRX-9');
    fireEvent.click(within(rows[0]).getByTestId('payout-pay'));
    expect(screen.getByTestId('pay-summary').textContent).toMatch(/120,50\s*RON for 3 conversions\./);
    fireEvent.click(screen.getByTestId('pay-dialog-submit'));
    expect(await screen.findByText('Say how it was paid.')).toBeTruthy();
    expect(calls('/p-1/pay')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('pay-reference'), { target: { value: ' OP-2026-118 ' } });
    fireEvent.click(screen.getByTestId('pay-dialog-submit'));
    await waitFor(() => expect(calls('/payouts/p-1/pay')).toHaveLength(1));
    expect(JSON.parse(String((calls('/payouts/p-1/pay')[0][1] as RequestInit).body))).toEqual({ reference: 'OP-2026-118' });
  });

  it('shows an affiliate its payment history without actions or what is payable', async () => {
    renderWithProviders(<PayoutsPage accountType="affiliate" />);
    expect(await screen.findAllByTestId('payout-row')).toHaveLength(2);
    expect(screen.getByText('Payment History')).toBeTruthy();
    expect(screen.queryByTestId('payable-card')).toBeNull();
    expect(screen.queryByTestId('payout-pay')).toBeNull();
    expect(screen.getAllByRole('columnheader')[0].textContent).toBe('Brand');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payouts/payable'))).toBe(false);
  });

  it('shows the host every column and asks the server for another order when a header is clicked', async () => {
    listTotal = 60;
    renderWithProviders(<PayoutsPage accountType="host" />);
    const rows = await screen.findAllByTestId('payout-row');
    const headers = () => within(screen.getByRole('grid', { name: 'All Payouts' })).getAllByRole('columnheader');
    const header = (name: string) => headers().find((cell) => cell.textContent === name) as HTMLElement;
    expect(headers().map((cell) => cell.textContent)).toEqual([
      'Affiliate', 'Brand', 'Amount', 'Conversions', 'Status', 'Created', 'Paid', 'Actions',
    ]);
    expect(within(rows[0]).getByTestId('payout-amount').textContent).toMatch(/^120,50\sRON$/);
    // Newest first, as the server lists them by default.
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    expect(listUrls.at(-1)).toMatch(/sort=created_at&order=desc/);

    // The payouts' pager: the last on the page, under what is payable.
    fireEvent.click(screen.getAllByRole('button', { name: 'Go to next page' }).at(-1) as HTMLElement);
    await waitFor(() => expect(listUrls.at(-1)).toMatch(/offset=25&sort=created_at/));
    // Another order starts again at the first page.
    fireEvent.click(header('Amount'));
    await waitFor(() => expect(listUrls.at(-1)).toMatch(/offset=0&sort=amount&order=desc/));
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Amount'));
    await waitFor(() => expect(listUrls.at(-1)).toMatch(/sort=amount&order=asc/));
    fireEvent.click(header('Paid'));
    await waitFor(() => expect(listUrls.at(-1)).toMatch(/sort=paid_at&order=desc/));
    // Only the server's sorts are offered.
    fireEvent.click(header('Status'));
    expect(listUrls.at(-1)).toMatch(/sort=paid_at&order=desc/);
  });
});
