import { AccountType } from '../api/generated/model';

// Local storage keys of the signed-in session (docs/product.md §1).
export const AUTH_TOKEN_KEY = 'auth_token';
export const DEV_MODE_KEY = 'dev_mode';
export const DEV_ACCOUNT_TYPE_KEY = 'dev_account_type';

export function storedToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_KEY);
}

/**
 * The account type the stored token was issued for, read from its payload without checking it: only
 * a hint for which page's code to fetch first (the server checks the token on every request).
 */
export function storedAccountTypeHint(): AccountType | null {
  const payload = storedToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const role: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).role;
    return Object.values(AccountType).find((type) => type === role) ?? null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, devAccountType?: AccountType): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  if (devAccountType) {
    localStorage.setItem(DEV_MODE_KEY, 'true');
    localStorage.setItem(DEV_ACCOUNT_TYPE_KEY, devAccountType);
  } else {
    localStorage.removeItem(DEV_MODE_KEY);
    localStorage.removeItem(DEV_ACCOUNT_TYPE_KEY);
  }
}

/** Keeps the session (and its dev-mode flags) but with a new token, e.g. after a password change ended the old one. */
export function replaceToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearSession(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(DEV_MODE_KEY);
  localStorage.removeItem(DEV_ACCOUNT_TYPE_KEY);
}
