import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/config';
import { jsonResponse, renderWithProviders } from '../test/renderWithProviders';
import ResetPasswordPage, { resetPasswordProblem } from './ResetPasswordPage';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  fetchMock = vi.fn(async () => jsonResponse({ success: true, data: { dev_mode: false, version: '1', public_url: '' } }));
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function submit(password: string, confirmation: string) {
  fireEvent.change(document.querySelector('input[name="newPassword"]') as HTMLInputElement, { target: { value: password } });
  fireEvent.change(document.querySelector('input[name="confirmPassword"]') as HTMLInputElement, { target: { value: confirmation } });
  fireEvent.click(screen.getByTestId('reset-submit'));
}

const renderAt = (route: string) => renderWithProviders(<ResetPasswordPage />, { path: '/reset-password', route });

describe('ResetPasswordPage', () => {
  it('checks token, then match, then length', () => {
    expect(resetPasswordProblem('', 'a', 'a')).toBe('reset.missingToken');
    expect(resetPasswordProblem('t', 'long-enough', 'different!!')).toBe('reset.mismatch');
    expect(resetPasswordProblem('t', 'short', 'short')).toBe('reset.tooShort');
    expect(resetPasswordProblem('t', 'long-enough', 'long-enough')).toBeNull();
  });

  it('without a token shows the invalid-link screen', () => {
    renderAt('/reset-password');
    expect(screen.getByText('Invalid Reset Link')).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    fireEvent.click(screen.getByText('Go to Login'));
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('shows the three validation messages', () => {
    renderAt('/reset-password?token=');
    submit('long-enough-1', 'long-enough-1');
    expect(screen.getByTestId('reset-error').textContent).toBe('Invalid or missing reset token.');
  });

  it('shows mismatch and length messages, in Romanian too', async () => {
    renderAt('/reset-password?token=abc');
    submit('long-enough-1', 'long-enough-2');
    expect(screen.getByTestId('reset-error').textContent).toBe('Passwords do not match.');
    submit('short', 'short');
    expect(screen.getByTestId('reset-error').textContent).toBe('Password must be at least 8 characters long.');
    await i18n.changeLanguage('ro');
    submit('short', 'short');
    expect(screen.getByTestId('reset-error').textContent).toBe('Parola trebuie să aibă cel puțin 8 caractere.');
    submit('long-enough-1', 'long-enough-2');
    expect(screen.getByTestId('reset-error').textContent).toBe('Parolele nu se potrivesc.');
  });

  it('explains the refusal in the chosen language, or shows the fallback when the server sent none', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, error: 'This reset link has expired', code: 'VALIDATION_ERROR', details: [{ field: 'token', message: 'This reset link has expired' }] }, 400),
    );
    renderAt('/reset-password?token=abc');
    submit('long-enough-1', 'long-enough-1');
    expect((await screen.findByTestId('reset-error')).textContent).toBe('This password reset link is invalid or has expired.');
    await i18n.changeLanguage('ro');
    submit('long-enough-1', 'long-enough-1');
    await vi.waitFor(() => expect(screen.getByTestId('reset-error').textContent).toBe('Acest link de resetare a parolei este invalid sau a expirat.'));
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(async () => new Response('', { status: 400 }));
    submit('long-enough-1', 'long-enough-1');
    await vi.waitFor(() => expect(screen.getByTestId('reset-error').textContent).toBe('Failed to reset password'));
  });

  it('sends token and new password, then returns to /auth after 3 s', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, message: 'Password changed' }));
    renderAt('/reset-password?token=abc');
    submit('long-enough-1', 'long-enough-1');
    expect((await screen.findByTestId('reset-success')).textContent).toBe(
      'Password has been reset successfully! You will be redirected to the login page.',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/reset-password') as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc', newPassword: 'long-enough-1' });
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await screen.findByTestId('elsewhere', {}, { timeout: 4000 });
  });
});
