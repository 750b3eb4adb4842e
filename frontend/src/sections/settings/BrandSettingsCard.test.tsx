import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import SettingsPage from './SettingsPage';

const brand = {
  id: 'b-1',
  name: 'Ada Shoes SRL',
  company_name: 'Ada Shoes SRL',
  domain: 'ada.example.com',
  public_id: 'ada-shoes',
  default_currency: 'RON',
  domains: ['ada.example.com'],
  created_at: '2026-11-01T00:00:00Z',
};

function user(accountType: 'brand' | 'affiliate') {
  return {
    id: 'u-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Pop', companyName: 'Ada Shoes SRL', accountType,
    isVerified: true, createdAt: '2026-11-01T00:00:00Z', brandId: 'ada-shoes', brandIdHash: null, brandUuid: 'b-1',
  };
}

let setupAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(accountType: 'brand' | 'affiliate' = 'brand') {
  localStorage.setItem('auth_token', 'jwt');
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/auth/me') return jsonResponse({ success: true, data: { user: user(accountType) } });
    if (url === '/api/v1/brands/setup' && init?.method === 'PUT') return setupAnswer();
    if (url === '/api/v1/brands/b-1/domains') return jsonResponse({ success: true, data: { domains: brand.domains } });
    if (url.startsWith('/api/v1/brands')) return jsonResponse({ success: true, data: { brands: [brand], total: 1, limit: 100, offset: 0 } });
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
}

const setupCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v1/brands/setup');
const input = (card: HTMLElement, name: string) => card.querySelector(`input[name="${name}"]`) as HTMLInputElement;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('brand details on the settings page', () => {
  it('is prefilled from GET /brands and saves with PUT /brands/setup', async () => {
    serve();
    setupAnswer = () => jsonResponse({ success: true, data: { brand: { ...brand, company_name: 'Ada Boots SRL', default_currency: 'EUR', domain: 'boots.example.com' } } });
    renderWithProviders(<SettingsPage />);
    const card = await screen.findByTestId('brand-card');
    await waitFor(() => expect(input(card, 'company_name').value).toBe('Ada Shoes SRL'));
    expect(input(card, 'default_currency').value).toBe('RON');
    // The shop's domains are one list, in their own card on this page; the details card has no domain field.
    expect(input(card, 'domain')).toBeNull();
    expect((await screen.findAllByTestId('domain-chip')).map((chip) => chip.textContent)).toEqual(['ada.example.com']);

    fireEvent.change(input(card, 'company_name'), { target: { value: '  Ada Boots SRL ' } });
    fireEvent.mouseDown(within(card).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('brand-currency-EUR'));
    fireEvent.click(within(card).getByTestId('brand-save'));

    expect((await within(card).findByTestId('brand-message')).textContent).toBe('Your brand details were saved.');
    const [, init] = setupCalls()[0];
    // No domain is sent: the server keeps the brand's main domain.
    expect(JSON.parse(init.body as string)).toEqual({ company_name: 'Ada Boots SRL', default_currency: 'EUR' });
  });

  it('checks the company name before sending', async () => {
    serve();
    renderWithProviders(<SettingsPage />);
    const card = await screen.findByTestId('brand-card');
    await waitFor(() => expect(input(card, 'company_name').value).toBe('Ada Shoes SRL'));
    fireEvent.change(input(card, 'company_name'), { target: { value: ' ' } });
    fireEvent.click(within(card).getByTestId('brand-save'));
    expect(within(card).getByTestId('brand-company_name-help').textContent).toBe('Enter the company name.');
    expect(setupCalls()).toHaveLength(0);
  });

  it("shows the server's refusal next to the field it names", async () => {
    serve();
    setupAnswer = () =>
      jsonResponse(
        {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'company_name', message: 'Name is required' }],
        },
        400,
      );
    renderWithProviders(<SettingsPage />);
    const card = await screen.findByTestId('brand-card');
    await waitFor(() => expect(input(card, 'company_name').value).toBe('Ada Shoes SRL'));
    fireEvent.click(within(card).getByTestId('brand-save'));
    await waitFor(() => expect(within(card).getByTestId('brand-company_name-help').textContent).toBe('Enter the company name.'));
    expect(within(card).queryByTestId('brand-message')).toBeNull();
    expect(input(card, 'company_name').getAttribute('aria-invalid')).toBe('true');
  });

  it('is not shown to affiliates', async () => {
    serve('affiliate');
    renderWithProviders(<SettingsPage />);
    await screen.findByTestId('profile-card');
    expect(screen.queryByTestId('brand-card')).toBeNull();
  });
});
