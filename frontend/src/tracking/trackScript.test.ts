// The tracking script a shop embeds (served by the server from server/domain/trackingscript/track.js):
// run in a page with an affiliate's click id, it keeps the id in a first-party cookie.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const source = readFileSync(resolve(import.meta.dirname, '../../../server/domain/trackingscript/track.js'), 'utf8');

function runAt(search: string) {
  window.history.replaceState(null, '', `/products/shoes${search}`);
  new Function(source)();
}

function clearCookie() {
  document.cookie = 'aff_click=; path=/; max-age=0';
}

describe('track.js', () => {
  afterEach(() => {
    clearCookie();
    vi.unstubAllGlobals();
  });

  it('stays small and has no dependencies', () => {
    expect(source.length).toBeLessThan(4096);
    expect(source).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('keeps the click id of the address in a cookie and offers it to the checkout', () => {
    runAt('?utm_source=news&aff_click=0193a4c2-7f1e-7cc0-9a1b-3f2d4e5f6a7b');
    expect(document.cookie).toContain('aff_click=0193a4c2-7f1e-7cc0-9a1b-3f2d4e5f6a7b');
    const api = (window as unknown as { OpenAffiliate: { clickId: () => string | null } }).OpenAffiliate;
    expect(api.clickId()).toBe('0193a4c2-7f1e-7cc0-9a1b-3f2d4e5f6a7b');
  });

  it('keeps the earlier click when the page has none, and refuses a hostile value', () => {
    runAt('?aff_click=first-click');
    runAt('?page=2');
    expect(document.cookie).toContain('aff_click=first-click');
    runAt('?aff_click=%3Cscript%3E;domain=evil');
    expect(document.cookie).toContain('aff_click=first-click');
    expect(document.cookie).not.toContain('script');
  });

  it('puts the click id on a Shopify cart', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('Shopify', {});
    runAt('?aff_click=shop-click');
    expect(fetchMock).toHaveBeenCalledWith('/cart/update.js', expect.objectContaining({ method: 'POST' }));
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, { body: string }])[1].body) as { attributes: { aff_click: string } };
    expect(body.attributes.aff_click).toBe('shop-click');
  });
});
