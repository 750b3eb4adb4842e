import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { CampaignDialog } from './CampaignDialog';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  fetchMock = vi.fn(async () => jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404));
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

function renderDialog(onSaved = vi.fn()) {
  renderWithProviders(<CampaignDialog open onClose={() => {}} onSaved={onSaved} />);
  return onSaved;
}

describe('create-campaign dialog', () => {
  it('shows every field of the campaign with its defaults', () => {
    renderDialog();
    for (const name of [
      'name',
      'description',
      'homepage_url',
      'status',
      'start_date',
      'end_date',
      'budget',
      'currency',
      'commission_type',
      'commission_value',
      'commission_base',
      'recurring',
      'attribution_window_days',
    ]) {
      expect(input(name), name).toBeTruthy();
    }
    expect(input('attribution_window_days').value).toBe('30');
    expect(input('commission_base').value).toBe('subtotal');
    expect(input('recurring').value).toBe('first_payment');
    expect(input('recurring_limit')).toBeNull();
    expect((document.querySelector('input[name="visibility"][value="public"]') as HTMLInputElement).checked).toBe(true);
    expect((document.querySelector('input[name="approval_mode"][value="auto"]') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('A fraction of the order total: 0.10 means 10%.')).toBeTruthy();
  });

  it('explains what is wrong before sending anything', async () => {
    renderDialog();
    fill('start_date', '2026-12-10');
    fill('end_date', '2026-12-01');
    fill('commission_value', 'abc');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('End date cannot be before the start date.')).toBeTruthy();
    expect(screen.getByText('Commission value must be a number ≥ 0. A fraction of the order total: 0.10 means 10%.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/campaigns'), expect.anything());
  });

  it('never cuts a long name: it counts the characters and refuses it with a message', async () => {
    renderDialog();
    const long = 'x'.repeat(201);
    fill('name', long);
    fill('commission_value', '0.10');
    expect(input('name').value).toBe(long);
    expect(input('name').maxLength).toBe(-1);
    expect(screen.getAllByTestId('length-counter')[0].textContent).toBe('201/200');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    expect(await screen.findByText('Name can have at most 200 characters.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/campaigns'), expect.anything());
  });

  it('shows the messages in Romanian', async () => {
    await i18n.changeLanguage('ro');
    renderDialog();
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    expect(await screen.findByText('Numele este obligatoriu.')).toBeTruthy();
    expect(screen.getByText('Valoarea comisionului este obligatorie. O fracțiune din totalul comenzii: 0,10 înseamnă 10 %.')).toBeTruthy();
  });

  it('explains the server refusal at the field, in the chosen language', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/v1/campaigns')
        ? jsonResponse(
            {
              success: false,
              error: 'homepage_url must be on one of the brand domains',
              code: 'VALIDATION_ERROR',
              details: [{ field: 'homepage_url', message: 'not an allowed domain' }],
            },
            400,
          )
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    fill('name', 'Summer Sale');
    fill('homepage_url', 'https://elsewhere.example.org');
    fill('commission_value', '0.10');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    expect((await screen.findByTestId('campaign-dialog-error')).textContent).toBe(
      "Homepage URL: enter a full URL (http or https) on one of the brand's domains.",
    );
    expect(screen.getByText("Enter a full URL (http or https) on one of the brand's domains.")).toBeTruthy();
    expect(screen.queryByText(/not an allowed domain/)).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers to add the homepage domain the brand lacks, in one click, and then saves', async () => {
    await i18n.changeLanguage('ro');
    localStorage.setItem('auth_token', 'jwt');
    const brandUser = {
      id: 'u-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Pop', companyName: 'Ada SRL', accountType: 'brand',
      isVerified: true, createdAt: '2026-11-01T00:00:00Z', brandId: 'ada', brandIdHash: null, brandUuid: 'b-1',
    };
    let domains: string[] = [];
    const campaign = { id: 'c1', name: 'Prima campanie' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/auth/me') return jsonResponse({ success: true, data: { user: brandUser } });
      if (url === '/api/v1/brands/b-1/domains' && init?.method === 'PUT') {
        domains = JSON.parse(init.body as string).domains;
        return jsonResponse({ success: true, data: { domains } });
      }
      if (url === '/api/v1/brands/b-1/domains') return jsonResponse({ success: true, data: { domains } });
      if (url === '/api/v1/campaigns' && init?.method === 'POST') {
        return domains.includes('shop.example.com')
          ? jsonResponse({ success: true, data: { campaign } }, 201)
          : jsonResponse(
              {
                success: false,
                error: "The homepage must be on one of the brand's domains: none",
                code: 'VALIDATION_ERROR',
                details: [{ field: 'homepage_url', message: "The homepage must be on one of the brand's domains: none" }],
              },
              400,
            );
      }
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    });
    const onSaved = renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/brands/b-1/domains', expect.anything()));
    fill('name', 'Prima campanie');
    fill('homepage_url', 'https://Shop.example.com/ro');
    fill('commission_value', '0.10');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    const add = await screen.findByTestId('homepage-add-domain');
    expect(add.textContent).toBe('Adaugă shop.example.com la domenii');
    expect(screen.getByTestId('homepage-help').textContent).toContain(
      'Brandul tău nu are încă domenii: adaugă domeniul magazinului (shop.example.com) și salvează din nou.',
    );
    expect(screen.getByTestId('campaign-dialog-error').textContent).toBe(
      'URL pagină principală: brandul tău nu are încă domenii: adaugă domeniul magazinului (shop.example.com) și salvează din nou.',
    );
    fireEvent.click(add);
    await waitFor(() => expect(domains).toEqual(['shop.example.com']));
    expect(await screen.findByText('shop.example.com a fost adăugat la domeniile magazinului. Acum poți salva campania.')).toBeTruthy();
    expect(screen.queryByTestId('homepage-add-domain')).toBeNull();
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    localStorage.clear();
  });

  it('sends an active campaign without a homepage, its help saying that links then name their page, in both languages', async () => {
    const campaign = { id: 'c1', name: 'Anywhere' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/v1/campaigns' && init?.method === 'POST'
        ? jsonResponse({ success: true, data: { campaign } }, 201)
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    expect(screen.getByTestId('homepage-help').textContent).toContain('Optional: without it, each affiliate enters the page for their link.');
    await i18n.changeLanguage('ro');
    expect(screen.getByTestId('homepage-help').textContent).toContain('Opțională: fără ea, fiecare afiliat introduce pagina linkului său.');
    fill('name', 'Anywhere');
    fill('commission_value', '0.10');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/campaigns');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ name: 'Anywhere', status: 'active', homepage_url: '' });
  });

  it('sends the campaign and hands back the created one', async () => {
    const campaign = { id: 'c1', name: 'Summer Sale' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/v1/campaigns' && init?.method === 'POST'
        ? jsonResponse({ success: true, data: { campaign } }, 201)
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    fill('name', 'Summer Sale');
    fill('homepage_url', 'https://shop.example.com/');
    fill('commission_value', '0,10');
    fireEvent.change(input('commission_base'), { target: { value: 'total' } });
    fireEvent.click(document.querySelector('input[name="approval_mode"][value="manual"]') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/campaigns');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({
      name: 'Summer Sale',
      commission_type: 'percentage',
      commission_value: '0.10',
      commission_base: 'total',
      attribution_window_days: 30,
      visibility: 'public',
      approval_mode: 'manual',
      status: 'active',
    });
  });

  it('asks for the recurring limit of a limited rule and sends the rule', async () => {
    const campaign = { id: 'c2', name: 'Abonamente' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/v1/campaigns' && init?.method === 'POST'
        ? jsonResponse({ success: true, data: { campaign } }, 201)
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    fill('name', 'Abonamente');
    fill('homepage_url', 'https://shop.example.com/');
    fill('commission_value', '0.10');
    fireEvent.change(input('recurring'), { target: { value: 'first_payments' } });
    expect(screen.getByText('Payments, the first included (1 to 120).')).toBeTruthy();
    fill('recurring_limit', '121');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    expect(await screen.findByText('Enter a whole number from 1 to 120.')).toBeTruthy();
    await i18n.changeLanguage('ro');
    expect(await screen.findByText('Introdu un număr întreg de la 1 la 120.')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Toate plățile, pe viață' })).toBeTruthy();
    fill('recurring_limit', '12');
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/campaigns');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ recurring: 'first_payments', recurring_limit: 12 });
  });

  it('edits product rates and tiers and sends them exactly', async () => {
    const campaign = { id: 'c3', name: 'Produse' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/v1/campaigns' && init?.method === 'POST'
        ? jsonResponse({ success: true, data: { campaign } }, 201)
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    fill('name', 'Produse');
    fill('homepage_url', 'https://shop.example.com/');
    fill('commission_value', '0.10');
    fireEvent.click(screen.getByTestId('add-product-rate'));
    const testInput = (id: string, index = 0) => screen.getAllByTestId(id)[index] as HTMLInputElement;
    fireEvent.change(testInput('product-rate-match'), { target: { value: 'category' } });
    fireEvent.change(testInput('product-rate-key'), { target: { value: ' pulovere ' } });
    fireEvent.change(testInput('product-rate-value'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('add-tier'));
    fireEvent.click(screen.getByTestId('add-tier'));
    fireEvent.change(testInput('tier-threshold', 0), { target: { value: '1000' } });
    fireEvent.change(testInput('tier-value', 0), { target: { value: '0,12' } });
    fireEvent.change(testInput('tier-threshold', 1), { target: { value: '500' } });
    fireEvent.change(testInput('tier-value', 1), { target: { value: '0.15' } });
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    // A percentage above 1, and thresholds not ascending: nothing is sent.
    expect(await screen.findByText(/Each product rate needs a product/)).toBeTruthy();
    expect(screen.getByText(/Each tier needs a threshold above the one before it/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/campaigns')).toBe(false);
    fireEvent.change(testInput('product-rate-value'), { target: { value: '0.25' } });
    fireEvent.change(testInput('tier-threshold', 1), { target: { value: '2500,50' } });
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/campaigns');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({
      product_rates: [{ match: 'category', match_value: 'pulovere', commission_type: 'percentage', commission_value: '0.25' }],
      tier_basis: 'revenue',
      tiers: [
        { threshold: '1000', value: '0.12' },
        { threshold: '2500.50', value: '0.15' },
      ],
    });
  });
});

