import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import ApplicationsPage from './ApplicationsPage';

const application = {
  id: 'app-1',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  brand_id: 'b-1',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  affiliate_email: 'ion@example.com',
  status: 'pending',
  created_at: '2026-11-01T10:00:00Z',
  decided_at: null,
};

let asked: string[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/applications?')) {
        asked.push(url);
        const rows = url.includes('query=nobody') ? [] : [application];
        return jsonResponse({ success: true, data: { applications: rows, total: rows.length, limit: 25, offset: 0 } });
      }
      return jsonResponse({ success: false, error: 'no', code: 'NOT_FOUND' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApplicationsPage', () => {
  it('asks the server for one page of the pending applications, and searches them', async () => {
    renderWithProviders(<ApplicationsPage />);
    const row = await screen.findByTestId('application-row');
    expect(within(row).getByText('Ion Popescu')).toBeTruthy();
    expect(within(row).getByTestId('application-approve')).toBeTruthy();
    expect(asked[0]).toMatch(/status=pending&limit=25&offset=0/);

    fireEvent.change(screen.getByTestId('applications-search'), { target: { value: 'nobody' } });
    expect((await screen.findByTestId('applications-empty')).textContent).toBe('No application matches “nobody”.');
    expect(asked.at(-1)).toMatch(/query=nobody&limit=25&offset=0/);
  });
});
