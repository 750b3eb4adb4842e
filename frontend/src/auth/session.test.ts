import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY, storedAccountTypeHint } from './session';

/** A token shaped like the server's (header.payload.signature, base64url without padding). */
function token(payload: object): string {
  const base64url = (value: string) => btoa(String.fromCharCode(...new TextEncoder().encode(value))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.signature`;
}

describe('storedAccountTypeHint', () => {
  it('reads the account type the stored token names', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, token({ role: 'brand', sub: '1c0ffee0-0000-4000-8000-000000000000', gen: 1 }));
    expect(storedAccountTypeHint()).toBe('brand');
    localStorage.setItem(AUTH_TOKEN_KEY, token({ role: 'affiliate', name: 'Ștefan ~~~>>>???' }));
    expect(storedAccountTypeHint()).toBe('affiliate');
  });

  it('gives no hint without a token, for an unknown role or for a payload that is not a token', () => {
    expect(storedAccountTypeHint()).toBeNull();
    localStorage.setItem(AUTH_TOKEN_KEY, token({ role: 'admin' }));
    expect(storedAccountTypeHint()).toBeNull();
    localStorage.setItem(AUTH_TOKEN_KEY, 'not-a-token');
    expect(storedAccountTypeHint()).toBeNull();
    localStorage.setItem(AUTH_TOKEN_KEY, 'a.%%%.b');
    expect(storedAccountTypeHint()).toBeNull();
  });
});
