import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { formatDateTime } from '../../preferences/format';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import AdminPage from './AdminPage';

const stats = {
  total_clicks: 0, conversions: 0, revenue: '0', commission: '0', conversion_rate: '0', campaigns_joined: 0, discount_codes_used: 0, last_conversion_at: null,
};
const affiliates = [
  { id: 'a-1', name: 'Ion Promoter', email: 'ion@example.com', user_id: '7d3c4f0e-1111-4c5e-9d7a-000000000007', created_at: '2026-11-01T00:00:00Z', stats },
  // Created by the host: no user account yet, so no reset link.
  { id: 'a-2', name: 'Ana Offline', email: 'ana@example.com', user_id: null, created_at: '2026-11-01T00:00:00Z', stats },
];
const brand = (id: string, name: string, owner: string | null) => ({
  id, name, company_name: name, domain: null, public_id: id, default_currency: 'RON', domains: [], created_at: '2026-11-01T00:00:00Z',
  owner_user_id: owner, owner_email: owner ? 'owner@shop.example' : null,
});
const brands = [brand('b-1', 'Shop SRL', '7d3c4f0e-1111-4c5e-9d7a-000000000008'), brand('b-2', 'Host Made SRL', null)];
const expiresAt = '2026-11-23T21:30:00Z';
let resetAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

function list(key: string, items: unknown[]) {
  return jsonResponse({ success: true, data: { [key]: items, total: items.length, limit: 1000, offset: 0 } });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  resetAnswer = () =>
    jsonResponse(
      { success: true, data: { url: 'http://localhost/reset-password?token=tok-123', token: 'tok-123', expires_at: expiresAt } },
      201,
    );
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path.endsWith('/reset-link') && init?.method === 'POST') return resetAnswer();
    if (path === '/affiliates') return list('affiliates', affiliates);
    if (path === '/brands') return list('brands', brands);
    if (path === '/campaigns') return list('campaigns', []);
    if (path === '/discount-codes') return list('discount_codes', []);
    if (path === '/tracking-links') return list('links', []);
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openFor(name: string) {
  renderWithProviders(<AdminPage />);
  fireEvent.click(screen.getByTestId('admin-tab-affiliates'));
  await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
  const rows = screen.getAllByTestId('admin-row');
  expect(within(rows[1]).queryByTestId('admin-reset-link')).toBeNull();
  const row = rows.find((candidate) => candidate.textContent?.includes(name)) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Password reset link' }));
  return screen.findByTestId('reset-link-dialog');
}

describe('password reset link from the admin screen', () => {
  it('is offered for affiliates with a user, and shows the one-time link with a copy button and its expiry', async () => {
    const dialog = await openFor('Ion Promoter');
    expect(within(dialog).getByTestId('reset-link-intro').textContent).toMatch(/Ion Promoter \(ion@example\.com\).*one hour/);
    // Nothing is issued until the host asks for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('reset-link'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('reset-link-create'));

    expect((await within(dialog).findByTestId('reset-link-url')).textContent).toBe('http://localhost/reset-password?token=tok-123');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('reset-link'));
    expect(call?.[0]).toBe('/api/v1/admin/users/7d3c4f0e-1111-4c5e-9d7a-000000000007/reset-link');
    expect(within(dialog).getByTestId('reset-link-url-copy')).toBeTruthy();
    expect(within(dialog).getByTestId('reset-link-expires').textContent).toBe(`Valid until ${formatDateTime(expiresAt, 'en')}.`);
    expect(formatDateTime(expiresAt, 'en')).toMatch(/Nov 2[34], 2026/);
    expect(within(dialog).queryByTestId('reset-link-create')).toBeNull();
  });

  it("shows the server's refusal in the dialog, in the chosen language", async () => {
    resetAnswer = () => jsonResponse({ success: false, error: 'User not found', code: 'NOT_FOUND' }, 404);
    const dialog = await openFor('Ion Promoter');
    fireEvent.click(within(dialog).getByTestId('reset-link-create'));
    expect((await within(dialog).findByTestId('reset-link-error')).textContent).toBe('This item no longer exists or you cannot see it.');
    expect(within(dialog).queryByTestId('reset-link-url')).toBeNull();
  });

  it("is offered for a brand's first user, and not for a brand nobody joined", async () => {
    renderWithProviders(<AdminPage />);
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
    const [joined, hostMade] = screen.getAllByTestId('admin-row');
    expect(within(hostMade).queryByTestId('admin-reset-link')).toBeNull();
    fireEvent.click(within(joined).getByRole('button', { name: 'Password reset link' }));
    const dialog = await screen.findByTestId('reset-link-dialog');
    expect(within(dialog).getByTestId('reset-link-intro').textContent).toMatch(/Shop SRL \(owner@shop\.example\)/);
    fireEvent.click(within(dialog).getByTestId('reset-link-create'));
    await within(dialog).findByTestId('reset-link-url');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('reset-link'));
    expect(call?.[0]).toBe('/api/v1/admin/users/7d3c4f0e-1111-4c5e-9d7a-000000000008/reset-link');
  });
});
