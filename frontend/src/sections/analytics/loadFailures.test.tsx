import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import BrandDashboard from '../dashboards/BrandDashboard';
import AnalyticsPage from './AnalyticsPage';

/** Every figure the page asks for fails; once `hold` is set, the next calls never answer (a retry under way). */
let hold = false;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  hold = false;
  fetchMock = vi.fn(async () => {
    if (hold) return new Promise<Response>(() => undefined);
    return jsonResponse({ success: false, error: 'boom', code: 'INTERNAL_ERROR' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const skeletons = () => [
  ...screen.queryAllByTestId('stat-cards-loading'),
  ...screen.queryAllByTestId('chart-loading'),
  ...screen.queryAllByTestId('row-loading'),
];

describe.each<[string, () => ReactElement]>([
  ['the brand dashboard', () => <BrandDashboard />],
  ['the analytics page', () => <AnalyticsPage accountType="brand" />],
])('figures that fail to load on %s', (_name, page) => {
  it('show the reason in place of their skeletons, never over them, and the skeletons again while retrying', async () => {
    renderWithProviders(page());
    await screen.findAllByTestId('list-error');
    await waitFor(() => expect(skeletons()).toEqual([]));
    // Each region that failed says so: the headline figures, the chart and the top list(s).
    expect(screen.getAllByTestId('list-error').length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByTestId('list-error')[0].textContent).toContain('Server error occurred.');

    // Retrying the headline figures puts their skeleton back in place of their error box.
    const failures = screen.getAllByTestId('list-error').length;
    hold = true;
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    await waitFor(() => expect(screen.queryAllByTestId('stat-cards-loading')).toHaveLength(1));
    expect(screen.queryAllByTestId('list-error').length).toBeLessThan(failures);
  });
});
