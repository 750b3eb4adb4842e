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
      'attribution_window_days',
    ]) {
      expect(input(name), name).toBeTruthy();
    }
    expect(input('attribution_window_days').value).toBe('30');
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

  it('sends the campaign and hands back the created one', async () => {
    const campaign = { id: 'c1', name: 'Summer Sale' };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/v1/campaigns' && init?.method === 'POST'
        ? jsonResponse({ success: true, data: { campaign } }, 201)
        : jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404),
    );
    const onSaved = renderDialog();
    fill('name', 'Summer Sale');
    fill('commission_value', '0,10');
    fireEvent.click(document.querySelector('input[name="approval_mode"][value="manual"]') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('campaign-dialog-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(campaign, true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/campaigns');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({
      name: 'Summer Sale',
      commission_type: 'percentage',
      commission_value: '0.10',
      attribution_window_days: 30,
      visibility: 'public',
      approval_mode: 'manual',
      status: 'active',
    });
  });
});
