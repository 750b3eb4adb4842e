import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import AuthPage from './AuthPage';

const user = {
  id: '7d3c4f0e-1111-4c5e-9d7a-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Brand',
  companyName: 'Ada SRL',
  accountType: 'brand',
  isVerified: false,
  createdAt: '2026-11-23T10:00:00Z',
  brandId: 'ada',
  brandIdHash: 'abc',
  brandUuid: '7d3c4f0e-1111-4c5e-9d7a-000000000002',
};

let fetchMock: ReturnType<typeof vi.fn>;

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url: string) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    return routes[path]?.() ?? jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
}

beforeEach(async () => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`) as HTMLInputElement, { target: { value } });

describe('AuthPage', () => {
  it('explains the refusal in a red box in the chosen language, and toggling the mode clears it', async () => {
    serve({
      '/system/config': () => jsonResponse({ success: true, data: { dev_mode: false, version: '1', public_url: '' } }),
      '/auth/login': () => jsonResponse({ success: false, error: 'Invalid email or password', code: 'UNAUTHORIZED' }, 401),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fill('email', 'ada@example.com');
    fill('password', 'wrong-password');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect(await screen.findByTestId('auth-error')).toHaveProperty('textContent', 'Invalid email or password.');

    fireEvent.click(screen.getByTestId('auth-toggle'));
    expect(screen.queryByTestId('auth-error')).toBeNull();
    expect(screen.getByText('Create account', { selector: 'h1' })).toBeTruthy();
  });

  it('falls back to "Login failed" when the server gives no message', async () => {
    serve({ '/auth/login': () => new Response('', { status: 401 }) });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fill('email', 'ada@example.com');
    fill('password', 'x');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Login failed');
  });

  it('asks brands for a company, an optional shop domain (saying why) and brand id, affiliates for none', () => {
    serve({});
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('auth-toggle'));
    expect(screen.getByTestId('account-type-affiliate').getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('input[name="companyName"]')).toBeNull();
    fireEvent.click(screen.getByTestId('account-type-brand'));
    expect((document.querySelector('input[name="companyName"]') as HTMLInputElement).required).toBe(true);
    expect((document.querySelector('input[name="preferredBrandId"]') as HTMLInputElement).required).toBe(false);
    expect(screen.getByText(/used in integrations \(such as the Shopify webhook address\)/)).toBeTruthy();
    expect((document.querySelector('input[name="domain"]') as HTMLInputElement).required).toBe(false);
    expect(screen.getByTestId('signup-domain-help').textContent).toBe(
      "For example shop.example.com or the shop's address. Campaigns and affiliates' links may only send visitors to your domains; you can also add it later in Settings.",
    );
    fireEvent.click(screen.getByTestId('account-type-affiliate'));
    expect(document.querySelector('input[name="domain"]')).toBeNull();
  });

  it("sends the brand's shop domain and explains a refused one in both languages", async () => {
    serve({
      '/auth/signup': () =>
        jsonResponse(
          {
            success: false,
            error: 'Invalid domain: use a host name such as shop.example.com',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'domain', message: 'Invalid domain: use a host name such as shop.example.com' }],
          },
          400,
        ),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('auth-toggle'));
    fireEvent.click(screen.getByTestId('account-type-brand'));
    fill('firstName', 'Ada');
    fill('lastName', 'Brand');
    fill('email', 'ada@example.com');
    fill('password', 'long-enough-1');
    fill('companyName', 'Ada SRL');
    fill('domain', ' shop .example.com ');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe(
      "Shop domain: enter a host name such as shop.example.com, or the shop's address.",
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/signup')) as [string, RequestInit];
    expect(JSON.parse(String(init.body)).domain).toBe('shop .example.com');
    await i18n.changeLanguage('ro');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('auth-error').textContent).toBe(
        'Domeniul magazinului: introdu un nume de domeniu precum shop.example.com sau adresa magazinului.',
      ),
    );
  });

  it('signs up a brand, stores the token and leaves for the dashboard', async () => {
    serve({
      '/auth/signup': () => jsonResponse({ success: true, message: 'Account created', data: { jwt: 'jwt-1', user } }, 201),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('auth-toggle'));
    fireEvent.click(screen.getByTestId('account-type-brand'));
    fill('firstName', 'Ada');
    fill('lastName', 'Brand');
    fill('email', 'ada@example.com');
    fill('password', 'long-enough-1');
    fill('companyName', 'Ada SRL');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('elsewhere');
    expect(localStorage.getItem('auth_token')).toBe('jwt-1');
    expect(screen.getByText('Account created successfully!')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/signup')) as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      accountType: 'brand',
      firstName: 'Ada',
      lastName: 'Brand',
      email: 'ada@example.com',
      password: 'long-enough-1',
      language: 'en',
      companyName: 'Ada SRL',
    });
  });

  it('signs up through an invitation link as an affiliate, sending its token', async () => {
    serve({
      '/auth/signup': () =>
        jsonResponse({ success: true, message: 'Account created', data: { jwt: 'jwt-2', user: { ...user, accountType: 'affiliate' } } }, 201),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth?invite=invite-token-1' });
    expect(screen.getByText('Create account', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByTestId('auth-invited').textContent).toMatch(/invited as an affiliate/);
    expect(screen.queryByTestId('account-type-brand')).toBeNull();
    fill('firstName', 'Ada');
    fill('lastName', 'Pop');
    fill('email', 'ada@example.com');
    fill('password', 'long-enough-1');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await screen.findByTestId('elsewhere');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/signup')) as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      accountType: 'affiliate',
      firstName: 'Ada',
      lastName: 'Pop',
      email: 'ada@example.com',
      password: 'long-enough-1',
      language: 'en',
      inviteToken: 'invite-token-1',
    });
  });

  it('explains a refused sign-up in Romanian, not with the server text', async () => {
    await i18n.changeLanguage('ro');
    let answer = () =>
      jsonResponse(
        { success: false, error: 'An account with this email already exists', code: 'CONFLICT', details: [{ field: 'email', message: 'An account with this email already exists' }] },
        409,
      );
    serve({ '/auth/signup': () => answer() });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('auth-toggle'));
    fill('firstName', 'Ada');
    fill('lastName', 'Brand');
    fill('email', 'ada@example.com');
    fill('password', 'long-enough-1');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Email: există deja un cont cu acest email.');

    answer = () =>
      jsonResponse(
        { success: false, error: 'password: minimum string length is 8', code: 'VALIDATION_ERROR', details: [{ field: 'password', rule: 'minLength', message: 'password: minimum string length is 8' }] },
        400,
      );
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(screen.getByTestId('auth-error').textContent).toBe('Parolă: introdu cel puțin 8 caractere.'));
  });

  it('forgot password only tells the user to contact support', () => {
    serve({});
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('forgot-password'));
    expect(screen.getByTestId('auth-info').textContent).toMatch(/contact the OpenAffiliate support team/);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('reset'))).toBe(false);
  });

  it('forgot password opens the mail form when the server sends email', async () => {
    serve({
      '/system/config': () => jsonResponse({ success: true, data: { dev_mode: false, version: '1', public_url: '', maintenance: false, email: true } }),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/system/config'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the config's answer is in
    fireEvent.click(screen.getByTestId('forgot-password'));
    await screen.findByTestId('elsewhere');
    expect(screen.queryByTestId('auth-info')).toBeNull();
  });

  it('offers demo accounts in dev mode and sets the dev flags', async () => {
    serve({
      '/system/config': () => jsonResponse({ success: true, data: { dev_mode: true, version: '1', public_url: '' } }),
      '/auth/dev-login': () => jsonResponse({ success: true, message: 'ok', data: { jwt: 'dev-jwt', user: { ...user, accountType: 'host' } } }),
    });
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(await screen.findByTestId('dev-login-host'));
    await screen.findByTestId('elsewhere');
    expect(localStorage.getItem('auth_token')).toBe('dev-jwt');
    expect(localStorage.getItem('dev_mode')).toBe('true');
    expect(localStorage.getItem('dev_account_type')).toBe('host');
  });

  it('switches the language with the RO button', async () => {
    serve({});
    renderWithProviders(<AuthPage />, { path: '/auth', route: '/auth' });
    fireEvent.click(screen.getByTestId('language-ro'));
    await waitFor(() => expect(screen.getByTestId('auth-submit').textContent).toBe('Autentifică-te'));
    expect(localStorage.getItem('language')).toBe('ro');
  });
});
