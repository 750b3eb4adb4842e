import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/config';
import { jsonResponse, renderWithProviders } from '../test/renderWithProviders';
import DashboardShell from './DashboardShell';
import { SIDEBAR_TOGGLE_EVENT } from './useSidebar';

function userOf(accountType: 'brand' | 'affiliate' | 'host', extra: Record<string, unknown> = {}) {
  return {
    id: '7d3c4f0e-1111-4c5e-9d7a-000000000001',
    email: `${accountType}@example.com`,
    firstName: 'Test',
    lastName: accountType,
    companyName: null,
    accountType,
    isVerified: true,
    createdAt: '2026-11-23T10:00:00Z',
    brandId: null,
    brandIdHash: null,
    brandUuid: null,
    ...extra,
  };
}

function signedInAs(user: ReturnType<typeof userOf>, devMode = false) {
  localStorage.setItem('auth_token', 'jwt');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/auth/me') return jsonResponse({ success: true, data: { user } });
      if (url === '/api/v1/system/config') return jsonResponse({ success: true, data: { dev_mode: devMode, version: '1', public_url: '' } });
      if (url === '/api/v1/auth/logout') return jsonResponse({ success: true, message: 'ok' });
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    }),
  );
}

function renderShell(route: string) {
  // The shell needs the signed-in user from AuthProvider; wait until /auth/me answered.
  renderWithProviders(<DashboardShell />, { path: '/:page?/*', route });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardShell', () => {
  it('shows the affiliate menu, badges and the affiliate dashboard', async () => {
    signedInAs(userOf('affiliate'), true);
    renderShell('/dashboard');
    await screen.findByText('Affiliate Dashboard');
    expect(screen.getByTestId('section-subtitle').textContent).toMatch(/Track performance/);
    expect(screen.getByTestId('menu-offers').textContent).toBe('Campaigns');
    expect(screen.getByTestId('account-type-badge').textContent).toBe('Affiliate');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(await screen.findByTestId('dev-badge')).toBeTruthy();
    expect(screen.getByTestId('app-version').textContent).toBe('v1.0');
    expect(document.title).toBe('Affiliate Dashboard · OpenAffiliate');
  });

  it('names the open page in the browser tab and follows the language', async () => {
    signedInAs(userOf('brand'));
    renderShell('/discount-codes');
    await waitFor(() => expect(document.title).toBe('Discount Codes · OpenAffiliate'));
    await act(() => i18n.changeLanguage('ro'));
    await waitFor(() => expect(document.title).toBe('Coduri de reducere · OpenAffiliate'));
  });

  it('starts groups that are not open by default collapsed, and toggles them', async () => {
    signedInAs(userOf('brand'));
    renderShell('/dashboard');
    await screen.findByText('Brand Dashboard');
    expect(screen.getByTestId('menu-offers')).toBeTruthy();
    expect(screen.queryByTestId('menu-reports')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-group-analyticsReports'));
    expect(screen.getByTestId('menu-reports')).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-group-management'));
    await waitFor(() => expect(screen.queryByTestId('menu-offers')).toBeNull());
  });

  it('opens the docs in a new tab', async () => {
    signedInAs(userOf('host'));
    renderShell('/settings');
    const docs = await screen.findByTestId('menu-docs');
    expect(docs.getAttribute('href')).toBe('/docs/index.html');
    expect(docs.getAttribute('target')).toBe('_blank');
  });

  it('tells a host that a brand section is not available', async () => {
    signedInAs(userOf('host'));
    renderShell('/discount-codes');
    expect((await screen.findByTestId('section-not-available')).textContent).toBe(
      'This page is not available for host accounts.',
    );
  });

  it('shows the host all payouts and what is ready to pay', async () => {
    signedInAs(userOf('host'));
    renderShell('/payouts');
    expect(await screen.findByText('All Payouts')).toBeTruthy();
    expect(screen.getByText('Ready to pay')).toBeTruthy();
  });

  it('shows the email when there is no first name', async () => {
    signedInAs(userOf('brand', { firstName: '' }));
    renderShell('/dashboard');
    expect((await screen.findByTestId('user-name')).textContent).toBe('brand@example.com');
  });

  it('announces the sidebar state on the window', async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(SIDEBAR_TOGGLE_EVENT, listener);
    signedInAs(userOf('brand'));
    renderShell('/dashboard');
    await screen.findByText('Brand Dashboard');
    expect(events).toContainEqual({ open: false });
    window.removeEventListener(SIDEBAR_TOGGLE_EVENT, listener);
  });
  it('starts with a skip link that moves focus into the page', async () => {
    signedInAs(userOf('brand'));
    renderShell('/dashboard');
    await screen.findByText('Brand Dashboard');
    const focusable = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    const skip = screen.getByTestId('skip-link');
    expect(focusable[0]).toBe(skip);
    expect(skip.textContent).toBe('Skip to content');
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    await act(() => i18n.changeLanguage('ro'));
    expect(skip.textContent).toBe('Sari la conținut');
  });

  it("focuses the new page's heading after a menu choice, not on the first load", async () => {
    signedInAs(userOf('affiliate'));
    renderShell('/dashboard');
    const first = await screen.findByText('Affiliate Dashboard');
    expect(document.activeElement).not.toBe(first);
    fireEvent.click(screen.getByTestId('menu-group-performance'));
    fireEvent.click(screen.getByTestId('menu-earnings'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Earnings' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // A second placeholder page in a row mounts a heading of its own, which takes focus too.
    fireEvent.click(screen.getByTestId('menu-analytics'));
    const next = await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    await waitFor(() => expect(document.activeElement).toBe(next));
  });
});
