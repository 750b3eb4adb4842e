import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import ApplicationsPage from '../applications/ApplicationsPage';
import AffiliateOffersPage from './AffiliateOffersPage';

const campaign = campaignFixture({
  description: 'Sandals for everyone',
  homepage_url: 'https://ada.ro/summer',
  start_date: '2026-11-01',
  budget: '5000.00',
  remaining: '4200.00',
  approval_mode: 'manual',
  affiliates_count: 3,
});

const application = {
  id: 'app-1',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  brand_id: 'b-1',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  affiliate_email: 'ion@example.com',
  status: 'pending',
  created_at: '2026-11-20T10:00:00Z',
  decided_at: null as string | null,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  campaign.membership_status = null;
  application.status = 'pending';
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    if (path === '/campaigns/available') {
      return jsonResponse({ success: true, data: { campaigns: [campaign], total: 1, limit: 100, offset: 0 } });
    }
    if (path === '/campaigns/c-1/join' && init?.method === 'POST') {
      campaign.membership_status = 'pending';
      return jsonResponse({ success: true, data: { application } });
    }
    if (path === '/applications') {
      const status = new URL(url, 'http://x').searchParams.get('status');
      const list = !status || status === application.status ? [application] : [];
      return jsonResponse({ success: true, data: { applications: list, total: list.length, limit: 1000, offset: 0 } });
    }
    if (path === '/applications/app-1/approve' && init?.method === 'POST') {
      application.status = 'approved';
      application.decided_at = '2026-11-21T10:00:00Z';
      return jsonResponse({ success: true, data: { application } });
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('available offers (affiliate)', () => {
  it('shows the offer terms and turns Join into Pending approval', async () => {
    renderWithProviders(<AffiliateOffersPage />);
    expect(screen.getByTestId('section-title').textContent).toBe('Available Offers');
    const card = await screen.findByTestId('campaign-card');
    expect(within(card).getByText('Ada Shoes')).toBeTruthy();
    expect(within(card).getByTestId('campaign-commission').textContent).toBe('10% of each order');
    expect(within(card).getByText('30 days')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('campaign-join'));
    const status = await screen.findByTestId('membership-status');
    expect(status.textContent).toBe('Pending approval');
    expect(screen.queryByTestId('campaign-join')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('You applied to “Summer Sale”');
  });
});

describe('applications (brand)', () => {
  it('lists pending applications first and approves one', async () => {
    renderWithProviders(<ApplicationsPage />);
    const row = await screen.findByTestId('application-row');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/applications?status=pending'))).toBe(true);
    expect(within(row).getByText('Ion Popescu')).toBeTruthy();
    expect(within(row).getByTestId('application-status').textContent).toBe('Pending');
    fireEvent.click(within(row).getByTestId('application-approve'));
    await waitFor(() => expect(screen.getByTestId('applications-empty')).toBeTruthy());
    fireEvent.click(screen.getByTestId('applications-filter-approved'));
    const approved = await screen.findByTestId('application-row');
    expect(within(approved).getByTestId('application-status').textContent).toBe('Approved');
    expect(within(approved).queryByTestId('application-approve')).toBeNull();
  });
});
