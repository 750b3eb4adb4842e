import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { chooseSearched } from '../../test/searchSelect';
import AdminPage from './AdminPage';

const stats = {
  total_clicks: 0,
  conversions: 0,
  revenue: '0',
  commission: '0',
  conversion_rate: '0',
  campaigns_joined: 0,
  discount_codes_used: 0,
  last_conversion_at: null,
};

let brands: Record<string, unknown>[];

function discountCode(id: string, code: string, type: string, value: string, limit: number | null) {
  return {
    id, code, description: '', brand_id: 'b-1', brand_name: 'Ada Shoes', campaign_id: 'c-1', campaign_name: 'Summer Sale',
    currency: 'RON', affiliate_id: 'a-1', affiliate_name: 'Ion', discount_type: type, discount_value: value, minimum_order_amount: null,
    usage_limit: limit, usage_limit_per_customer: null, current_usage_count: 3, valid_from: null, valid_until: null,
    is_exclusive: true, commission_override: null, status: 'active', created_at: '2026-11-01T00:00:00Z',
  };
}

function trackingLink(id: string, name: string, destination: string, clicks: number) {
  return {
    id, name, short_code: 'Ab12Cd34', destination_url: destination, tracking_url: 'http://localhost/r/Ab12Cd34', status: 'paused',
    click_count: clicks, campaign_id: 'c-1', campaign_name: 'Summer Sale', affiliate_id: 'a-1', affiliate_name: 'Ion',
    brand_id: 'b-1', created_at: '2026-11-01T00:00:00Z',
  };
}
function conversion(id: string, orderId: string, total: string, currency: string, commission: string) {
  return {
    id, order_id: orderId, customer_email: 'ana@shop.ro', affiliate_id: 'a-1', affiliate_name: 'Ion', brand_id: 'b-1',
    brand_name: 'Ada Shoes', campaign_id: 'c-1', campaign_name: 'Summer Sale', order_total: total, currency,
    commission_amount: commission, commission_currency: 'RON', exchange_rate: '1', refunded_amount: '0.00', status: 'pending',
    flag_reason: '', attribution: 'link', link_id: 't-1', link_code: 'Ab12Cd34', discount_code: '', source: 'api',
    converted_at: '2026-11-20T10:00:00Z', created_at: '2026-11-20T10:00:01Z',
  };
}
let fetchMock: ReturnType<typeof vi.fn>;
let listUrls: URL[];

/** The server's answer to a list: what its search finds (a substring of these fields, ignoring case), and their total. */
function page(url: URL, key: string, list: Record<string, unknown>[], fields: string[]) {
  const query = (url.searchParams.get('query') ?? '').toLowerCase();
  const found = list.filter((row) => fields.some((field) => String(row[field] ?? '').toLowerCase().includes(query)));
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return jsonResponse({ success: true, data: { [key]: found.slice(offset, offset + limit), total: found.length, limit, offset } });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  brands = [
    { id: 'b-1', name: 'Ada Shoes', company_name: 'Ada Shoes', domain: 'ada.ro', public_id: 'ada', default_currency: 'RON', domains: [], created_at: '2026-11-01T00:00:00Z' },
    { id: 'b-2', name: 'Bob Bikes', company_name: 'Bob Bikes', domain: null, public_id: 'bob', default_currency: 'RON', domains: [], created_at: '2026-11-01T00:00:00Z' },
  ];
  listUrls = [];
  fetchMock = vi.fn(async (address: string, init?: RequestInit) => {
    const url = new URL(address, 'http://localhost');
    const path = url.pathname.replace('/api/v1', '');
    const method = init?.method ?? 'GET';
    if (method === 'GET') listUrls.push(url);
    if (path === '/brands' && method === 'GET') return page(url, 'brands', brands, ['name', 'domain', 'public_id', 'id']);
    if (path === '/affiliates') {
      return page(url, 'affiliates', [{ id: 'a-1', name: 'Ion', email: 'ion@example.com', user_id: null, created_at: '2026-11-01T00:00:00Z', stats }], ['name', 'email', 'id']);
    }
    if (path === '/campaigns' && method === 'GET') return page(url, 'campaigns', [{ id: 'c-1', name: 'Summer Sale', status: 'active' }], ['name', 'id']);
    if (path === '/discount-codes') {
      const codes = [discountCode('d-1', 'SUMMER10', 'percentage', '0.1000', null), discountCode('d-2', 'ion-25', 'fixed_amount', '25.00', 100)];
      return page(url, 'discount_codes', codes, ['code', 'affiliate_id', 'brand_id', 'id']);
    }
    if (path === '/conversions') {
      const conversions = [conversion('v-1', '5512', '249.90', 'RON', '24.99'), conversion('v-2', 'A-77', '10.00', '', '1.00')];
      return page(url, 'conversions', conversions, ['order_id', 'customer_email', 'affiliate_id', 'id']);
    }
    if (path === '/tracking-links') {
      return page(url, 'links', [trackingLink('t-1', 'Newsletter', 'https://ada.ro/sale?x=1', 7)], ['name', 'destination_url', 'short_code', 'affiliate_id', 'id']);
    }
    if (path === '/admin/jobs') {
      return jsonResponse({
        success: true,
        data: {
          kinds: [
            {
              kind: 'conversions.confirm_held', available: 0, scheduled: 1, pending: 0, running: 0, retryable: 2, completed: 40,
              discarded: 1, cancelled: 0, last_error: 'connection reset by peer', last_error_at: '2026-11-26T12:00:00Z', last_error_attempt: 3,
            },
            {
              kind: 'mail.send', available: 4, scheduled: 0, pending: 0, running: 1, retryable: 0, completed: 9,
              discarded: 0, cancelled: 0, last_error: null, last_error_at: null, last_error_attempt: null,
            },
          ],
        },
      });
    }
    if (path === '/affiliates/a-1' && method === 'PUT') {
      const body = JSON.parse(init?.body as string);
      return jsonResponse({ success: true, data: { affiliate: { id: 'a-1', name: body.name, email: body.email, user_id: null, created_at: '2026-11-01T00:00:00Z', stats } } });
    }
    if (path === '/brands/b-2' && method === 'DELETE') {
      brands = brands.filter((brand) => brand.id !== 'b-2');
      return jsonResponse({ success: true, message: 'Deleted' });
    }
    if (path === '/campaigns' && method === 'POST' && JSON.parse(init?.body as string).status === '') {
      // A name and a blank status: created active, without a homepage.
      const body = JSON.parse(init?.body as string);
      return jsonResponse({ success: true, data: { campaign: campaignFixture({ id: 'c-new', name: body.name, status: 'active', homepage_url: null }) } }, 201);
    }
    if (path === '/campaigns' && method === 'POST') {
      return jsonResponse(
        {
          success: false,
          error: 'Invalid status "x": allowed values are active, paused, ended',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'status', message: 'Invalid status "x": allowed values are active, paused, ended' }],
        },
        400,
      );
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin screen', () => {
  it('shows the background jobs per kind: retrying and given-up ones marked, with the last error', async () => {
    renderWithProviders(<AdminPage />);
    const held = await screen.findByTestId('admin-job-conversions.confirm_held');
    expect(within(held).getByText('Confirm conversions past their holding period')).toBeTruthy();
    expect(screen.getByTestId('admin-job-retryable-conversions.confirm_held').textContent).toBe('2');
    expect(screen.getByTestId('admin-job-discarded-conversions.confirm_held').textContent).toBe('1');
    expect(screen.getByTestId('admin-job-error-conversions.confirm_held').textContent).toContain('connection reset by peer');
    expect(screen.getByTestId('admin-job-error-conversions.confirm_held').textContent).toContain('Attempt 3');
    const mail = screen.getByTestId('admin-job-mail.send');
    expect(within(mail).getAllByText('mail.send')).toHaveLength(2); // an unknown kind shows its name
    expect(screen.getByTestId('admin-job-error-mail.send').textContent).toBe('No errors');

    await i18n.changeLanguage('ro');
    await waitFor(() => expect(screen.getByTestId('admin-jobs').textContent).toContain('Sarcini în fundal'));
    expect(screen.getByTestId('admin-job-error-conversions.confirm_held').textContent).toContain('Încercarea 3');
  });

  it('shows the fixed tabs with counts, Brands first', async () => {
    renderWithProviders(<AdminPage />);
    expect(screen.getByTestId('section-title').textContent).toBe('Admin');
    await waitFor(() => expect(screen.getByTestId('admin-count-brands').textContent).toBe('2'));
    expect(screen.getByTestId('admin-count-affiliates').textContent).toBe('1');
    expect(screen.getByTestId('admin-count-campaigns').textContent).toBe('1');
    await waitFor(() => expect(screen.getByTestId('admin-count-trackingLinks').textContent).toBe('1'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Brands2',
      'Affiliates1',
      'Campaigns1',
      'Conversions2',
      'Discount Codes2',
      'Tracking Links1',
    ]);
    expect(screen.getByTestId('admin-add').textContent).toBe('Add brand');
    expect(screen.getByRole('button', { name: 'Create Host Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getAllByTestId('admin-row')).toHaveLength(2);
  });

  it('asks the server to search every list as the search is typed, and counts what it found', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: ' ADA.RO ' } });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('admin-count-campaigns').textContent).toBe('0'));
    expect(screen.getByTestId('admin-count-brands').textContent).toBe('1');
    for (const list of ['/brands', '/affiliates', '/campaigns', '/conversions', '/discount-codes', '/tracking-links']) {
      expect(listUrls.filter((url) => url.pathname === `/api/v1${list}`).at(-1)?.searchParams.get('query')).toBe('ADA.RO');
    }
    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: 'zebra' } });
    expect((await screen.findByTestId('admin-empty')).textContent).toBe('Nothing matches “zebra”.');
  });

  it('pages and sorts each tab on the server: 25 rows at first, newest first, the name A to Z, Z to A, then newest again', async () => {
    brands = Array.from({ length: 30 }, (_, i) => ({ ...brands[0], id: `b-${i}`, name: `Brand ${i}`, company_name: `Brand ${i}` }));
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-brands').textContent).toBe('30'));
    const lastBrandsUrl = () => listUrls.filter((url) => url.pathname === '/api/v1/brands').at(-1) as URL;
    expect(Object.fromEntries(lastBrandsUrl().searchParams)).toEqual({ limit: '25', offset: '0', sort: 'created_at', order: 'desc' });
    expect(screen.getAllByTestId('admin-row')).toHaveLength(25);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(5));
    expect(lastBrandsUrl().searchParams.get('offset')).toBe('25');

    const name = () => within(screen.getByRole('grid')).getAllByRole('columnheader').find((cell) => cell.textContent === 'Name') as HTMLElement;
    fireEvent.click(name());
    await waitFor(() => expect(Object.fromEntries(lastBrandsUrl().searchParams)).toEqual({ limit: '25', offset: '0', sort: 'name', order: 'asc' }));
    expect(name().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(name());
    await waitFor(() => expect(lastBrandsUrl().searchParams.get('order')).toBe('desc'));
    expect(lastBrandsUrl().searchParams.get('sort')).toBe('name');
    fireEvent.click(name());
    await waitFor(() => expect(lastBrandsUrl().searchParams.get('sort')).toBe('created_at'));
    expect(name().getAttribute('aria-sort')).toBe('none');

    // The conversions tab sorts by amount, commission or date; the codes tab does not sort.
    fireEvent.click(screen.getByTestId('admin-tab-conversions'));
    const header = (label: string) => within(screen.getByRole('grid')).getAllByRole('columnheader').find((cell) => cell.textContent === label) as HTMLElement;
    expect(header('Converted').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Amount'));
    await waitFor(() => expect(listUrls.filter((url) => url.pathname === '/api/v1/conversions').at(-1)?.searchParams.get('sort')).toBe('order_total'));
    fireEvent.click(screen.getByTestId('admin-tab-discountCodes'));
    fireEvent.click(header('Code'));
    expect(listUrls.filter((url) => url.pathname === '/api/v1/discount-codes').every((url) => !url.searchParams.has('sort'))).toBe(true);
  });

  it('shows discount codes and tracking links read-only with the fixed columns', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-discountCodes').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('admin-tab-discountCodes'));
    expect(screen.queryByTestId('admin-add')).toBeNull();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Code', 'Affiliate', 'Brand', 'Campaign', 'Type', 'Value', 'Status', 'Usage',
    ]);
    expect(screen.getAllByTestId('admin-code-value').map((cell) => cell.textContent)).toEqual(['10%', '25,00\u00a0RON']);
    expect(screen.getAllByTestId('admin-code-usage').map((cell) => cell.textContent)).toEqual(['3/∞', '3/100']);
    expect(screen.queryByTestId('admin-edit')).toBeNull();
    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: 'ION-25' } });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));

    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: 'ada.ro/sale' } });
    await waitFor(() => expect(screen.getByTestId('admin-count-discountCodes').textContent).toBe('0'));
    fireEvent.click(screen.getByTestId('admin-tab-trackingLinks'));
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Short code', 'Destination', 'Clicks', 'Status']);
    const row = screen.getByTestId('admin-row');
    expect(row.textContent).toContain('Newsletter');
    expect(within(row).getByTestId('admin-link-clicks').textContent).toBe('7');
    expect(row.textContent).toContain('Paused');
  });

  it('shows conversions read-only with the fixed columns, USD when a conversion has no currency', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-conversions').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('admin-tab-conversions'));
    expect(screen.queryByTestId('admin-add')).toBeNull();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order ID', 'Customer email', 'Amount', 'Commission', 'Converted',
    ]);
    const amounts = screen.getAllByTestId('admin-conversion-amount').map((cell) => cell.textContent);
    expect(amounts[0]).toMatch(/249,90\s*RON/);
    expect(amounts[1]).toBe('$10.00');
    expect(screen.getAllByTestId('admin-row')[0].textContent).toContain('Nov 20, 2026');
    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: 'a-77' } });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-count-conversions').textContent).toBe('1');
  });

  it('asks before deleting, says Deleted and reloads the list', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('admin-row')[1]).getByTestId('admin-delete'));
    expect(screen.getByTestId('confirm-message').textContent).toBe('Delete this brand and related data? This cannot be undone.');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Deleted');
    expect(toast.textContent).toContain('brand b-2 deleted.');
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-count-brands').textContent).toBe('1');
  });

  it("asks for the host's password when an affiliate's email changes, and sends it", async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-affiliates').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('admin-tab-affiliates'));
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    fireEvent.click(within(screen.getAllByTestId('admin-row')[0]).getByTestId('admin-edit'));
    expect(document.querySelector('input[name="current_password"]')).toBeNull();
    fireEvent.change(document.querySelector('input[name="email"]') as HTMLInputElement, { target: { value: 'ion.new@example.com' } });
    fireEvent.click(screen.getByTestId('admin-dialog-submit'));
    expect(await screen.findByText('Enter your password to change the email.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.change(document.querySelector('input[name="current_password"]') as HTMLInputElement, { target: { value: 'host-password' } });
    fireEvent.click(screen.getByTestId('admin-dialog-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/v1/affiliates/a-1' && init?.method === 'PUT');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ name: 'Ion', email: 'ion.new@example.com', current_password: 'host-password' });
  });

  it('opens Add campaign with a brand choice and explains the server refusal in a Failed toast', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-campaigns').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('admin-tab-campaigns'));
    fireEvent.click(screen.getByTestId('admin-add'));
    expect(screen.getByTestId('admin-dialog-title').textContent).toBe('Add campaign');
    const status = document.querySelector('input[name="status"]') as HTMLInputElement;
    expect(status.placeholder).toBe('active, paused or ended');
    fireEvent.change(document.querySelector('input[name="name"]') as HTMLInputElement, { target: { value: 'Autumn' } });
    fireEvent.change(status, { target: { value: 'archived' } });
    fireEvent.click(screen.getByTestId('admin-dialog-submit'));
    expect(await screen.findByText('Choose the brand this campaign belongs to.')).toBeTruthy();
    // The brands are searched as the host types.
    await chooseSearched(document, 'brand_id', 'Ada Shoes');
    fireEvent.click(screen.getByTestId('admin-dialog-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed');
    expect(toast.textContent).toContain('Status: type one of the statuses: active, paused or ended.');
    expect(toast.textContent).not.toContain('Invalid status');
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/v1/campaigns' && init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ brand_id: 'b-1', name: 'Autumn', status: 'archived' });
    expect(screen.getByTestId('admin-dialog')).toBeTruthy();
  });

  it('adds an active campaign from a name and a blank status, without asking for a homepage', async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('admin-count-campaigns').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('admin-tab-campaigns'));
    fireEvent.click(screen.getByTestId('admin-add'));
    fireEvent.change(document.querySelector('input[name="name"]') as HTMLInputElement, { target: { value: 'Autumn' } });
    await chooseSearched(document, 'brand_id', 'Ada Shoes');
    fireEvent.click(screen.getByTestId('admin-dialog-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Created');
    expect(toast.textContent).not.toContain('homepage');
    await waitFor(() => expect(screen.queryByTestId('admin-dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/v1/campaigns' && init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ brand_id: 'b-1', name: 'Autumn', status: '' });
  });
});
