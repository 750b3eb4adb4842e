import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../api/download';
import { passwordProblem } from '../settings/SettingsPage';
import { normalizeDomain } from './domains';

describe('allowed domains input', () => {
  it('keeps host names, lower-cased', () => {
    expect(normalizeDomain('Shop.Example.com')).toBe('shop.example.com');
    expect(normalizeDomain('  ada-shoes.ro ')).toBe('ada-shoes.ro');
  });

  it('takes the host out of a pasted URL', () => {
    expect(normalizeDomain('https://shop.example.com/products?x=1')).toBe('shop.example.com');
    expect(normalizeDomain('shop.example.com:8443/path')).toBe('shop.example.com');
  });

  it('accepts localhost, as the server does, for trying the product out', () => {
    expect(normalizeDomain('http://localhost:8080/')).toBe('localhost');
  });

  it('refuses what is not a host name', () => {
    expect(normalizeDomain('')).toBeNull();
    expect(normalizeDomain('192.168.1.10')).toBeNull();
    expect(normalizeDomain('shop')).toBeNull();
    expect(normalizeDomain('not a domain')).toBeNull();
    expect(normalizeDomain('-bad.example.com')).toBeNull();
  });
});

describe('password change checks', () => {
  const form = { currentPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' };
  it('passes a good change', () => expect(passwordProblem(form)).toBeNull());
  it('wants 8 characters, a matching confirmation and a new password', () => {
    expect(passwordProblem({ ...form, newPassword: 'short', confirmPassword: 'short' })).toBe('auth:reset.tooShort');
    expect(passwordProblem({ ...form, confirmPassword: 'other-password' })).toBe('auth:reset.mismatch');
    expect(passwordProblem({ ...form, newPassword: 'old-password', confirmPassword: 'old-password' })).toBe('account:password.same');
    expect(passwordProblem({ ...form, currentPassword: '' })).toBe('account:password.required');
  });
});

describe('CSV download file name', () => {
  it('reads Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="brands-2026-11-23.csv"')).toBe('brands-2026-11-23.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''users%202026.csv")).toBe('users 2026.csv');
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
