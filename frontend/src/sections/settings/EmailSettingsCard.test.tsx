import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { EmailSettingsCard } from './EmailSettingsCard';

let preferences: { enabled: boolean; confirmed: boolean; language: string; muted: string[] };
let fetchMock: ReturnType<typeof vi.fn>;

function serve() {
  localStorage.setItem('auth_token', 'jwt');
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/email/preferences' && init?.method === 'PUT') {
      preferences = { ...preferences, ...JSON.parse(String(init.body)) };
      return jsonResponse({ success: true, data: preferences });
    }
    if (url === '/api/v1/email/preferences') return jsonResponse({ success: true, data: preferences });
    if (url === '/api/v1/email/confirmation') return jsonResponse({ success: true, message: 'ok' }, 202);
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Emails card', () => {
  it('says when email is off on the server, and offers nothing to set', async () => {
    preferences = { enabled: false, confirmed: false, language: 'ro', muted: [] };
    serve();
    renderWithProviders(<EmailSettingsCard accountType="affiliate" address="ana@example.com" />);
    expect((await screen.findByTestId('email-off')).textContent).toMatch(/Email is off on this server/);
    expect(screen.queryByTestId('email-payout_paid')).toBeNull();
  });

  it('asks an affiliate to confirm, resends the link, and stops one kind of mail', async () => {
    preferences = { enabled: true, confirmed: false, language: 'en', muted: [] };
    serve();
    renderWithProviders(<EmailSettingsCard accountType="affiliate" address="ana@example.com" />);
    const warning = await screen.findByTestId('email-unconfirmed');
    expect(warning.textContent).toMatch(/ana@example\.com/);
    fireEvent.click(within(warning).getByRole('button'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/email/confirmation')).toBe(true));
    // An affiliate is not offered the brand's tracking domain mail.
    expect(screen.queryByTestId('email-tracking_domain_unverified')).toBeNull();
    fireEvent.click(screen.getByTestId('email-commission_digest'));
    await waitFor(() => expect(preferences.muted).toEqual(['commission_digest']));
    expect(preferences.language).toBe('en');
    await waitFor(() => expect((screen.getByTestId('email-commission_digest') as HTMLInputElement).checked).toBe(false));
  });
});
