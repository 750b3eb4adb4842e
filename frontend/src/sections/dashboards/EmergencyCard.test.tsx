import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { EmergencyCard } from './EmergencyCard';

let state: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  state = { payouts_frozen: false, ingestion_paused: true, maintenance: false, campaigns_paused: 0, updated_at: '2026-11-24T10:00:00Z' };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/admin/emergency/campaigns')) {
      state = { ...state, campaigns_paused: 4 };
      return jsonResponse({ success: true, data: state });
    }
    if (url.startsWith('/api/v1/admin/emergency') && init?.method === 'PUT') {
      state = { ...state, ...(JSON.parse(String(init.body)) as object) };
      return jsonResponse({ success: true, data: state });
    }
    if (url.startsWith('/api/v1/admin/emergency')) return jsonResponse({ success: true, data: state });
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const puts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe('emergency actions', () => {
  it('asks before turning a switch on, not before turning it off', async () => {
    renderWithProviders(<EmergencyCard />);
    const freeze = (await screen.findByTestId('emergency-payouts_frozen')) as HTMLInputElement;
    expect(freeze.checked).toBe(false);
    fireEvent.click(freeze);
    expect(screen.getByTestId('confirm-message').textContent).toBe('Freeze payouts? No payout can be created or paid until you unfreeze them.');
    expect(puts()).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(puts()).toEqual([{ payouts_frozen: true }]));
    await waitFor(() => expect((screen.getByTestId('emergency-payouts_frozen') as HTMLInputElement).checked).toBe(true));

    fireEvent.click(screen.getByTestId('emergency-ingestion_paused'));
    await waitFor(() => expect(puts()).toEqual([{ payouts_frozen: true }, { ingestion_paused: false }]));
  });

  it('pauses every campaign after a question and offers to resume them', async () => {
    renderWithProviders(<EmergencyCard />);
    fireEvent.click(await screen.findByTestId('emergency-pause-campaigns'));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect((await screen.findByTestId('emergency-resume-campaigns')).textContent).toBe('Resume 4 campaigns');
  });

  it.each([
    ['en', 'Pause'],
    ['ro', 'Pune pe pauză'],
  ])('names the pause of every campaign on its confirmation button (%s)', async (language, label) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<EmergencyCard />);
    fireEvent.click(await screen.findByTestId('emergency-pause-campaigns'));
    expect(screen.getByTestId('confirm-ok').textContent).toBe(label);
  });
});
