import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../api/generated/model';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { WebhooksCard } from './WebhooksCard';

let endpoints: WebhookEndpoint[];
let deliveries: WebhookDelivery[];
let fetchMock: ReturnType<typeof vi.fn>;
let full: boolean;

const endpoint = (url: string, eventTypes: WebhookEndpoint['event_types']): WebhookEndpoint => ({
  id: 'e-1',
  url,
  description: '',
  event_types: eventTypes,
  enabled: true,
  disabled_reason: '',
  previous_secret_until: null,
  created_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-26T10:00:00Z',
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  endpoints = [];
  deliveries = [];
  full = false;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/brands/webhooks' && method === 'GET') return jsonResponse({ success: true, data: { endpoints } });
    if (path === '/brands/webhooks' && method === 'POST') {
      const body = JSON.parse(init?.body as string);
      if (full) {
        return jsonResponse({ success: false, error: 'A brand may have at most 10 webhook endpoints: delete one first', code: 'CONFLICT', details: [{ message: 'x' }] }, 409);
      }
      endpoints = [endpoint(body.url, body.event_types)];
      return jsonResponse({ success: true, data: { endpoint: endpoints[0], secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' } }, 201);
    }
    if (path === '/brands/webhooks/e-1/test' && method === 'POST') {
      deliveries = [
        {
          id: 'd-1',
          event_type: 'webhook.test',
          status: 'failed',
          payload: '{}',
          created_at: '2026-11-26T10:01:00Z',
          last_attempt_at: '2026-11-26T10:01:01Z',
          attempts: [
            { attempt: 1, outcome: 'failed', response_code: 500, duration_ms: 42, excerpt: 'boom', error: '', attempted_at: '2026-11-26T10:01:01Z' },
          ],
        },
      ];
      return jsonResponse({ success: true, data: { delivery: deliveries[0] } }, 202);
    }
    if (path === '/brands/webhooks/e-1/rotate-secret' && method === 'POST') {
      endpoints = [{ ...endpoints[0], previous_secret_until: '2026-11-27T10:00:00Z' }];
      return jsonResponse({ success: true, data: { endpoint: endpoints[0], secret: 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=' } });
    }
    if (path === '/brands/webhooks/e-1/end-previous-secret' && method === 'POST') {
      endpoints = [{ ...endpoints[0], previous_secret_until: null }];
      return jsonResponse({ success: true, data: { endpoint: endpoints[0] } });
    }
    if (path === '/brands/webhooks/e-1/deliveries' && method === 'GET') return jsonResponse({ success: true, data: { deliveries } });
    if (path === '/brands/webhooks/e-1/deliveries/d-1/resend' && method === 'POST') {
      return jsonResponse({ success: true, data: { delivery: { ...deliveries[0], status: 'pending' } } }, 202);
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('webhooks card', () => {
  it('adds an endpoint with the chosen events, shows its secret once, sends a test event and resends from the log', async () => {
    renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByTestId('webhook-add'));
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.change(dialog.querySelector('[name="url"]') as HTMLInputElement, { target: { value: 'crm.example.com/in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('Enter an https:// address on a public host.');
    fireEvent.change(dialog.querySelector('[name="url"]') as HTMLInputElement, { target: { value: 'https://crm.example.com/in' } });
    // Every event is chosen at first; leave out the payout ones.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /payout\.created/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /payout\.paid/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0');
    const sent = JSON.parse(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1].body);
    expect(sent).toEqual({
      url: 'https://crm.example.com/in',
      description: '',
      enabled: true,
      event_types: ['conversion.created', 'conversion.status_changed', 'affiliate.applied', 'affiliate.approved'],
    });
    const row = await screen.findByTestId('webhook-row');
    expect(row.textContent).toContain('https://crm.example.com/in');

    fireEvent.click(within(row).getByTestId('webhook-test'));
    await screen.findByText('Test event queued; its result shows in the delivery log.');
    fireEvent.click(within(row).getByTestId('webhook-log'));
    const attempt = await screen.findByTestId('webhook-attempt');
    expect(attempt.textContent).toMatch(/^#1 .+: failed, HTTP 500, 42 ms/);
    fireEvent.click(screen.getByTestId('webhook-resend'));
    await screen.findByText('Delivery queued again.');
  });

  it('rotates the secret, shows until when the previous one signs, and ends it at once', async () => {
    endpoints = [endpoint('https://crm.example.com/in', ['payout.paid'])];
    renderWithProviders(<WebhooksCard />);
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).queryByTestId('webhook-previous-secret')).toBeNull();
    fireEvent.click(within(row).getByTestId('webhook-rotate'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=');
    const previous = await screen.findByTestId('webhook-previous-secret');
    expect(previous.textContent).toMatch(/^The previous secret also signs until .+\.End it now$/);

    fireEvent.click(within(previous).getByTestId('webhook-end-previous'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('a receiver that still checks the old secret will refuse them');
    fireEvent.click(within(confirm).getByRole('button', { name: 'End it now' }));
    await screen.findByText('The previous secret no longer signs.');
    expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/brands/webhooks/e-1/end-previous-secret') && init?.method === 'POST')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('webhook-previous-secret')).toBeNull());
  });

  it('says the brand has as many endpoints as it may when the server refuses one more', async () => {
    full = true;
    renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByTestId('webhook-add'));
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.change(dialog.querySelector('[name="url"]') as HTMLInputElement, { target: { value: 'https://crm.example.com/in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('This brand has as many endpoints as it may have: delete one to add another.');
  });
});
