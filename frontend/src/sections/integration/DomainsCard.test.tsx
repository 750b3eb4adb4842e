import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { DomainsCard } from './DomainsCard';

let stored: string[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  stored = ['shop.example.com'];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/brands/b-1/domains' && method === 'GET') return jsonResponse({ success: true, data: { domains: stored } });
    if (path === '/brands/b-1/domains' && method === 'PUT') {
      // The server answers its own (sorted) copy of the list.
      stored = [...(JSON.parse(init?.body as string).domains as string[])].sort();
      return jsonResponse({ success: true, data: { domains: stored } });
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const chips = () => screen.queryAllByTestId('domain-chip').map((chip) => chip.textContent);
const saveButton = () => screen.getByTestId('domains-save') as HTMLButtonElement;

function addDomain(domain: string) {
  fireEvent.change(document.querySelector('[name="domain"]') as HTMLInputElement, { target: { value: domain } });
  fireEvent.click(screen.getByTestId('domain-add'));
}

describe('allowed domains', () => {
  it('shows the saved list, edits a draft and takes the server’s list after a save', async () => {
    renderWithProviders(<DomainsCard brandUuid="b-1" />);
    await waitFor(() => expect(chips()).toEqual(['shop.example.com']));
    expect(saveButton().disabled).toBe(true);

    addDomain('https://Blog.Example.com/posts');
    expect(chips()).toEqual(['shop.example.com', 'blog.example.com']);
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    await screen.findByText('Shop domains saved.');
    expect(chips()).toEqual(['blog.example.com', 'shop.example.com']);
    expect(saveButton().disabled).toBe(true);
  });

  it('discards a draft back to the saved list', async () => {
    renderWithProviders(<DomainsCard brandUuid="b-1" />);
    await waitFor(() => expect(chips()).toEqual(['shop.example.com']));
    addDomain('blog.example.com');
    expect(chips()).toHaveLength(2);
    fireEvent.click(screen.getByText('Discard changes'));
    expect(chips()).toEqual(['shop.example.com']);
  });
});
