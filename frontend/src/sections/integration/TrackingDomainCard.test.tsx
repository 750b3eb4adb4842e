import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingDomain } from '../../api/generated/model';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { TrackingDomainCard } from './TrackingDomainCard';

const PATH = '/brands/b-1/tracking-domain';
let stored: TrackingDomain | undefined;
let dnsPointsHere: boolean;
let targetHidden: boolean;
let fetchMock: ReturnType<typeof vi.fn>;

function domainOf(hostname: string): TrackingDomain {
  return {
    hostname,
    status: 'pending',
    dns_record: { type: 'CNAME', name: hostname, value: 'oa.test' },
    txt_record: { type: 'TXT', name: `_openaffiliate.${hostname}`, value: 'openaffiliate-verification=0123456789abcdef0123456789abcdef' },
    tracking_base_url: `https://${hostname}/r/`,
    created_at: '2026-11-20T10:00:00Z',
    verified_at: null,
    expires_at: '2026-11-27T10:00:00Z',
    checked_at: null,
    check_result: null,
    found_target: null,
  };
}

const answer = () => jsonResponse({ success: true, data: { cname_target: 'oa.test', ...(stored ? { tracking_domain: stored } : {}) } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  stored = undefined;
  dnsPointsHere = false;
  targetHidden = false;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === PATH && method === 'GET') return answer();
    if (path === PATH && method === 'PUT') {
      const hostname = JSON.parse(init?.body as string).hostname as string;
      if (hostname === 'go.taken.ro') {
        const message = 'Another brand has verified this domain';
        return jsonResponse({ success: false, error: message, code: 'CONFLICT', details: [{ field: 'hostname', message }] }, 409);
      }
      stored = domainOf(hostname);
      return answer();
    }
    if (path === `${PATH}/check` && method === 'POST' && stored) {
      stored = dnsPointsHere
        ? { ...stored, status: 'verified', verified_at: '2026-11-20T10:05:00Z', expires_at: null, checked_at: '2026-11-20T10:05:00Z', check_result: 'points_here' }
        : { ...stored, checked_at: '2026-11-20T10:05:00Z', check_result: 'points_elsewhere', found_target: targetHidden ? null : 'old.example.net' };
      return answer();
    }
    if (path === PATH && method === 'DELETE' && stored) {
      stored = undefined;
      return jsonResponse({ success: true, message: 'Tracking domain removed' });
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const input = () => document.querySelector('[name="trackingDomain"]') as HTMLInputElement;

function add(value: string) {
  fireEvent.change(input(), { target: { value } });
  fireEvent.click(screen.getByTestId('tracking-domain-add'));
}

describe('tracking domain', () => {
  it('adds a domain and shows the CNAME and TXT records to create, pending until a check finds them', async () => {
    renderWithProviders(<TrackingDomainCard brandUuid="b-1" />);
    await screen.findByText(/Its CNAME record will point at oa\.test/);
    add('https://GO.Shop.example.com/products');
    await screen.findByTestId('tracking-domain-record');
    expect(JSON.parse(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1].body)).toEqual({ hostname: 'go.shop.example.com' });
    expect(screen.getByTestId('tracking-domain-status').textContent).toBe('Waiting for DNS');
    expect(screen.getByTestId('tracking-domain-record-type').textContent).toBe('CNAME');
    expect(screen.getByTestId('tracking-domain-record-name').textContent).toBe('go.shop.example.com');
    expect(screen.getByTestId('tracking-domain-record-value').textContent).toBe('oa.test');
    expect(screen.getByTestId('tracking-domain-txt-type').textContent).toBe('TXT');
    expect(screen.getByTestId('tracking-domain-txt-name').textContent).toBe('_openaffiliate.go.shop.example.com');
    expect(screen.getByTestId('tracking-domain-txt-value').textContent).toBe('openaffiliate-verification=0123456789abcdef0123456789abcdef');
    expect(screen.getByRole('button', { name: "Copy the TXT record's value" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Copy the CNAME record's name" })).toBeTruthy();
    expect(screen.getByTestId('tracking-domain-expires').textContent).toMatch(/^Unless it is verified by .+, this domain is removed/);
    expect(screen.getByTestId('tracking-domain-last-check').textContent).toBe('Not checked yet.');

    fireEvent.click(screen.getByTestId('tracking-domain-check'));
    await screen.findByText('The domain is not verified yet: see below what the check found.');
    expect(screen.getByTestId('tracking-domain-last-check').textContent).toMatch(/the record points at old\.example\.net, not at oa\.test\.$/);

    // The server names no internal target: the card says only that it is another name.
    targetHidden = true;
    fireEvent.click(screen.getByTestId('tracking-domain-check'));
    await waitFor(() =>
      expect(screen.getByTestId('tracking-domain-last-check').textContent).toMatch(/the CNAME record points at another name, not at oa\.test\.$/),
    );

    dnsPointsHere = true;
    fireEvent.click(screen.getByTestId('tracking-domain-check'));
    await screen.findByText('The domain is verified: your links are shown on it.');
    expect(screen.getByTestId('tracking-domain-status').textContent).toBe('Verified');
    expect(screen.getByTestId('tracking-domain-live').textContent).toContain('https://go.shop.example.com/r/');
    expect(screen.queryByTestId('tracking-domain-expires')).toBeNull();
  });

  it('refuses what is not a subdomain, the platform’s own host and a name another brand has', async () => {
    renderWithProviders(<TrackingDomainCard brandUuid="b-1" />);
    await screen.findByTestId('tracking-domain-add');
    add('not a domain');
    expect(screen.getByText('Enter a subdomain such as go.yourbrand.com.')).toBeTruthy();
    add('links.oa.test');
    expect(screen.getByText("This is the platform's own address: use a domain of your brand.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    add('go.taken.ro');
    await screen.findByText('Another brand has verified this domain.');
  });

  it('removes the domain after asking', async () => {
    stored = domainOf('go.shop.example.com');
    renderWithProviders(<TrackingDomainCard brandUuid="b-1" />);
    fireEvent.click(await screen.findByTestId('tracking-domain-remove'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-message').textContent).toContain('go.shop.example.com');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await screen.findByText('Tracking domain removed.');
    await waitFor(() => expect(input()).toBeTruthy());
  });
});
