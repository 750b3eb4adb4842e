import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { chooseSearched } from '../../test/searchSelect';
import DiscountCodesPage from './DiscountCodesPage';

const campaign = campaignFixture();
const pausedCampaign = campaignFixture({ id: 'c-2', name: 'Winter Sale', status: 'paused' });

const approval = {
  id: 'app-1',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  brand_id: 'b-1',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  affiliate_email: 'ion@example.com',
  status: 'approved',
  created_at: '2026-11-20T10:00:00Z',
  decided_at: '2026-11-20T10:00:00Z',
};

const stored = {
  id: 'd-1',
  code: 'SUMMER10',
  description: '',
  brand_id: 'b-1',
  brand_name: 'Ada Shoes',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  currency: 'RON',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  discount_type: 'fixed_amount',
  discount_value: '25',
  minimum_order_amount: '50.00',
  usage_limit: 100,
  usage_limit_per_customer: null,
  current_usage_count: 3,
  valid_from: null,
  valid_until: null,
  is_exclusive: true,
  commission_override: null,
  status: 'active',
  created_at: '2026-10-01T00:00:00Z',
};

let codes: Record<string, unknown>[];
let fetchMock: ReturnType<typeof vi.fn>;
const sent = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api/v1${path}` && init?.method === method).map(([, init]) => JSON.parse(init.body as string));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  codes = [{ ...stored }];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/discount-codes' && method === 'GET') {
      return jsonResponse({ success: true, data: { discount_codes: codes, total: codes.length, limit: 100, offset: 0 } });
    }
    if (path === '/discount-codes' && method === 'POST') {
      const body = JSON.parse(init?.body as string);
      if (codes.some((c) => String(c.code).toLowerCase() === String(body.code).toLowerCase())) {
        return jsonResponse(
          { success: false, error: 'This brand already has this code', code: 'CODE_TAKEN', details: [{ field: 'code', message: 'This brand already has this code' }] },
          409,
        );
      }
      const created = { ...stored, id: 'd-2', code: body.code, discount_type: body.discount_type, discount_value: body.discount_value, usage_limit: body.usage_limit, current_usage_count: 0 };
      codes = [created, ...codes];
      return jsonResponse({ success: true, data: { discount_code: created } }, 201);
    }
    if (path === '/discount-codes/d-1' && method === 'PUT') {
      codes = codes.map((c) => (c.id === 'd-1' ? { ...c, ...JSON.parse(init?.body as string) } : c));
      return jsonResponse({ success: true, data: { discount_code: codes.find((c) => c.id === 'd-1') } });
    }
    if (path === '/discount-codes/d-1' && method === 'DELETE') {
      codes = codes.filter((c) => c.id !== 'd-1');
      return jsonResponse({ success: true, message: 'Discount code deleted' });
    }
    if (path === '/campaigns') return jsonResponse({ success: true, data: { campaigns: [campaign, pausedCampaign], total: 2, limit: 20, offset: 0 } });
    if (path === '/applications') return jsonResponse({ success: true, data: { applications: [approval], total: 1, limit: 1000, offset: 0 } });
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('discount codes (brand)', () => {
  it('lists the codes with value, usage and status', async () => {
    renderWithProviders(<DiscountCodesPage accountType="brand" />);
    const row = await screen.findByTestId('discount-code-row');
    expect(within(row).getByTestId('discount-code-code').textContent).toBe('SUMMER10');
    expect(within(row).getByText('Ion Popescu')).toBeTruthy();
    expect(within(row).getByTestId('discount-code-type').textContent).toBe('Fixed amount');
    await waitFor(() => expect(plain(within(row).getByTestId('discount-code-value').textContent)).toBe('25,00 RON'));
    expect(within(row).getByTestId('discount-code-usage').textContent).toBe('3/100');
    expect(within(row).getByTestId('discount-code-status').textContent).toBe('Active');
    expect(within(row).getByTestId('discount-code-validity').textContent).toBe('Always');
    expect(within(row).getByTestId('discount-code-copy')).toBeTruthy();
  });

  it('checks the form, then creates a code for an approved affiliate', async () => {
    renderWithProviders(<DiscountCodesPage accountType="brand" />);
    await screen.findByTestId('discount-code-row');
    fireEvent.click(screen.getByTestId('create-discount-code'));
    await screen.findByTestId('discount-code-dialog');
    expect(field('discount_value').placeholder).toBe('0.10');
    expect(field('minimum_order_amount').placeholder).toBe('50.00');
    expect(field('usage_limit').placeholder).toBe('100 or blank for unlimited');
    expect(field('usage_limit_per_customer').placeholder).toBe('1');
    fill('discount_value', '1.5');
    fireEvent.click(screen.getByTestId('discount-code-dialog-submit'));
    expect(await screen.findByText('Choose a campaign.')).toBeTruthy();
    expect(screen.getByText('Enter a code, or generate one.')).toBeTruthy();
    expect(screen.getByText(/^A percentage is a fraction above 0 and at most 1/)).toBeTruthy();
    expect(sent('POST', '/discount-codes')).toHaveLength(0);

    await chooseSearched(document, 'campaign_id', 'Summer Sale');
    await chooseSearched(document, 'affiliate_id', 'Ion Popescu');
    fill('code', 'NEW10');
    fill('discount_value', '0.10');
    fireEvent.click(screen.getByTestId('discount-code-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Discount code created successfully');
    expect(sent('POST', '/discount-codes')[0]).toMatchObject({
      code: 'NEW10',
      campaign_id: 'c-1',
      affiliate_id: 'a-1',
      discount_type: 'percentage',
      discount_value: '0.10',
      usage_limit: null,
    });
    const row = await screen.findByText('NEW10');
    expect(within(row.closest('[data-testid="discount-code-row"]') as HTMLElement).getByTestId('discount-code-usage').textContent).toBe('0/∞');
    expect(within(row.closest('[data-testid="discount-code-row"]') as HTMLElement).getByTestId('discount-code-value').textContent).toBe('10%');
  });

  it('marks a campaign that is not active in the campaign choice, and the field keeps its name', async () => {
    renderWithProviders(<DiscountCodesPage accountType="brand" />);
    await screen.findByTestId('discount-code-row');
    fireEvent.click(screen.getByTestId('create-discount-code'));
    await screen.findByTestId('discount-code-dialog');
    fireEvent.focus(field('campaign_id'));
    fireEvent.change(field('campaign_id'), { target: { value: 'Sale' } });
    expect(await screen.findByRole('option', { name: 'Winter Sale (Paused)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Summer Sale' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Winter Sale (Paused)' }));
    expect(field('campaign_id').value).toBe('Winter Sale');
  });

  it('shows the taken-code refusal on the code field', async () => {
    renderWithProviders(<DiscountCodesPage accountType="brand" />);
    await screen.findByTestId('discount-code-row');
    fireEvent.click(screen.getByTestId('create-discount-code'));
    await screen.findByTestId('discount-code-dialog');
    await chooseSearched(document, 'campaign_id', 'Summer Sale');
    await chooseSearched(document, 'affiliate_id', 'Ion Popescu');
    fill('code', 'summer10');
    fill('discount_value', '0.10');
    fireEvent.click(screen.getByTestId('discount-code-dialog-submit'));
    expect(await within(screen.getByTestId('discount-code-dialog')).findByText('You already have this code (codes ignore case).')).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to create discount code');
  });

  it('pauses a code with its whole form, and deletes one after asking', async () => {
    renderWithProviders(<DiscountCodesPage accountType="brand" />);
    const row = await screen.findByTestId('discount-code-row');
    fireEvent.click(within(row).getByTestId('discount-code-pause'));
    await waitFor(() => expect(within(screen.getByTestId('discount-code-row')).getByTestId('discount-code-status').textContent).toBe('Paused'));
    expect(sent('PUT', '/discount-codes/d-1')[0]).toMatchObject({
      status: 'paused',
      code: 'SUMMER10',
      discount_value: '25',
      minimum_order_amount: '50.00',
      usage_limit: 100,
      usage_limit_per_customer: null,
    });

    fireEvent.click(within(screen.getByTestId('discount-code-row')).getByTestId('discount-code-delete'));
    expect((await screen.findByTestId('confirm-message')).textContent).toContain('SUMMER10');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('discount-codes-empty')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/discount-codes/d-1' && init?.method === 'DELETE')).toBe(true);
  });
});

describe('discount codes (affiliate)', () => {
  it('shows its codes read-only, with the brand and a copy button', async () => {
    await i18n.changeLanguage('ro');
    renderWithProviders(<DiscountCodesPage accountType="affiliate" />);
    const row = await screen.findByTestId('discount-code-row');
    expect(screen.getByTestId('section-title').textContent).toBe('Coduri de reducere');
    expect(within(row).getByText('Ada Shoes')).toBeTruthy();
    expect(within(row).getByTestId('discount-code-copy')).toBeTruthy();
    expect(within(row).getByTestId('discount-code-type').textContent).toBe('Sumă fixă');
    expect(screen.queryByTestId('create-discount-code')).toBeNull();
    expect(within(row).queryByTestId('discount-code-edit')).toBeNull();
    expect(within(row).queryByTestId('discount-code-delete')).toBeNull();
  });
});
