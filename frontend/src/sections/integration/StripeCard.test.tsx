import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { StripeCard, stripeEvents } from './StripeCard';

const url = 'https://platform.example/api/v1/integrations/stripe/shop-srl';
let fetchMock: ReturnType<typeof vi.fn>;
let saved: string | null;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  saved = null;
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const route = path.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (route === '/brands/b-1/stripe-secret' && method === 'PUT') {
      saved = JSON.parse(init?.body as string).stripe_secret as string;
      return jsonResponse({ success: true, message: 'Stripe signing secret saved' });
    }
    if (route === '/brands/stripe/test-event' && method === 'POST') {
      return jsonResponse({
        success: true,
        data: {
          result: 'test_event',
          webhook_url: url,
          event_type: 'checkout.session.completed',
          event_id: 'evt_test1',
          order_id: 'pi_test1',
          amount: '236.81',
          currency: 'RON',
          signature_checked: true,
        },
      });
    }
    return jsonResponse({ success: true, data: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Stripe card', () => {
  it.each([
    ['en', 'Endpoint URL', 'No signing secret'],
    ['ro', 'Adresa endpointului', 'Niciun secret de semnare'],
  ])('shows the endpoint URL, the events to select and the secret state (%s)', async (lng, urlLabel, state) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<StripeCard brandUuid="b-1" webhookUrl={url} hasSecret={false} />);
    expect(screen.getByTestId('stripe-url').textContent).toBe(url);
    expect(screen.getByText(urlLabel)).toBeTruthy();
    expect(screen.getByTestId('stripe-events').textContent).toBe(stripeEvents.join(''));
    expect(screen.getByTestId('stripe-secret-state').textContent).toBe(state);
    expect((screen.getByTestId('stripe-test-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses what is not a signing secret and saves one that is', async () => {
    renderWithProviders(<StripeCard brandUuid="b-1" webhookUrl={url} hasSecret={false} />);
    const field = screen.getByTestId('stripe-secret') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'sk_live_abc123' } });
    expect(screen.getByText(/starts with whsec_/)).toBeTruthy();
    expect((screen.getByTestId('stripe-secret-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'whsec_4eC39HqLyjWDarjtT1zdp7dc' } });
    fireEvent.click(screen.getByTestId('stripe-secret-save'));
    await waitFor(() => expect(screen.getByTestId('stripe-secret-message').textContent).toContain('Signing secret saved'));
    expect(saved).toBe('whsec_4eC39HqLyjWDarjtT1zdp7dc');
    expect(field.value).toBe('');
  });

  it('sends a test event and shows what the endpoint read', async () => {
    renderWithProviders(<StripeCard brandUuid="b-1" webhookUrl={url} hasSecret />);
    fireEvent.click(screen.getByTestId('stripe-test-send'));
    const outcome = await screen.findByTestId('stripe-test-result');
    expect(outcome.textContent).toContain('checkout.session.completed');
    expect(outcome.textContent).toContain('pi_test1');
    expect(outcome.textContent).toMatch(/236[.,]81\sRON/);
  });
});
