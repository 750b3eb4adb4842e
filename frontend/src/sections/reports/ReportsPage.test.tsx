import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import ReportsPage from './ReportsPage';

let fetchMock: ReturnType<typeof vi.fn>;

/** A CSV answer that arrives in two chunks, as a streamed report does. */
function csvResponse(name: string, lines: string[]) {
  const encoder = new TextEncoder();
  const half = Math.ceil(lines.length / 2);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(lines.slice(0, half).join('')));
      controller.enqueue(encoder.encode(lines.slice(half).join('')));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` } });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/reports/conversions')) return csvResponse('conversions-2026-01-01-2026-01-31.csv', ['id,order_id\n', 'c1,o1\n', 'c2,o2\n', 'c3,o3\n']);
    if (url.includes('/reports/clicks')) return jsonResponse({ success: false, error: 'A range is at most 366 days', code: 'VALIDATION_ERROR' }, 400);
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reports page', () => {
  it('downloads the conversions of the chosen days with a status, and says what arrived', async () => {
    renderWithProviders(<ReportsPage accountType="brand" />);
    fireEvent.change(screen.getByTestId('reports-range'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByTestId('reports-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('reports-to'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByTestId('reports-conversion-status'), { target: { value: 'confirmed' } });
    fireEvent.click(screen.getByTestId('report-conversions-download'));
    await waitFor(() => expect(screen.getByTestId('report-conversions-status').textContent).toBe('conversions-2026-01-01-2026-01-31.csv: 3 rows, 30 B.'));
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain('/api/v1/reports/conversions?');
    expect(new URL(url, 'http://x').searchParams.toString()).toBe('from=2026-01-01&to=2026-01-31&status=confirmed');
    expect((await screen.findByTestId('toast')).textContent).toContain('downloaded');
  });

  it('refuses a backwards period before asking, and shows the server refusal of a report', async () => {
    renderWithProviders(<ReportsPage accountType="affiliate" />);
    fireEvent.change(screen.getByTestId('reports-range'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByTestId('reports-from'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByTestId('reports-to'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('The last day is before the first.')).toBeTruthy();
    expect((screen.getByTestId('report-clicks-download') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('reports-range'), { target: { value: '365d' } });
    fireEvent.click(screen.getByTestId('report-clicks-download'));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Download failed')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes('/reports/conversions'))).toBe(true);
  });
});
