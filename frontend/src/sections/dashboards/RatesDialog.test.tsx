import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { RatesCard } from './RatesCard';
import { rateError } from './RatesDialog';

let fetchMock: ReturnType<typeof vi.fn>;
const settings = (eur: string) => ({
  success: true,
  data: { base: 'RON', default_currency: 'RON', currencies: ['RON', 'EUR', 'USD'], rates: { RON: '1', EUR: eur, USD: '0.218' }, updated_at: '2026-11-24T10:00:00Z' },
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  let eur = '0.201';
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/settings/currency') && init?.method === 'PUT') {
      eur = (JSON.parse(String(init.body)) as { rates: { EUR: string } }).rates.EUR;
      return jsonResponse(settings(eur));
    }
    if (url.startsWith('/api/v1/settings/currency')) return jsonResponse(settings(eur));
    return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exchange rates', () => {
  it('takes rates from 0.0001 to 100000 with at most ten decimals, a comma for the point', () => {
    expect(rateError('0,2012')).toBeNull();
    expect(rateError('4.9751243781')).toBeNull();
    expect(rateError('0.0001')).toBeNull();
    expect(rateError('100000')).toBeNull();
    expect(rateError('0')).toBe('dashboard.rateInvalid');
    expect(rateError('0.0000000001')).toBe('dashboard.rateInvalid');
    expect(rateError('0.00009999')).toBe('dashboard.rateInvalid');
    expect(rateError('100000.0000000001')).toBe('dashboard.rateInvalid');
    expect(rateError('0.12345678901')).toBe('dashboard.rateInvalid');
    expect(rateError('-1')).toBe('dashboard.rateInvalid');
    expect(rateError('1e3')).toBe('dashboard.rateInvalid');
  });

  it('lets the host change them, then shows the new ones', async () => {
    renderWithProviders(<RatesCard editable />);
    fireEvent.click(await screen.findByTestId('rates-edit'));
    expect((screen.getByTestId('rate-EUR') as HTMLInputElement).value).toBe('0.201');
    fireEvent.change(screen.getByTestId('rate-EUR'), { target: { value: '0,25' } });
    fireEvent.click(screen.getByTestId('rates-dialog-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ rates: { EUR: '0.25', USD: '0.218' } });
    await waitFor(() => expect(screen.getByTestId('rates-card').textContent).toMatch(/25,00\s*€/));
  });

  it('offers no editing elsewhere', async () => {
    renderWithProviders(<RatesCard />);
    await waitFor(() => expect(screen.getByTestId('rates-card').textContent).toMatch(/20,10\s*€/));
    expect(screen.queryByTestId('rates-edit')).toBeNull();
  });
});
