import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import CalendarPage from './CalendarPage';
import { isoDay, monthWeeks } from './calendarGrid';

let fetchMock: ReturnType<typeof vi.fn>;
let inMonth: ReturnType<typeof campaignFixture>[];

const page = (campaigns: unknown[], total = campaigns.length) => ({ success: true, data: { campaigns, total, limit: 100, offset: 0 } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  inMonth = [campaignFixture({ start_date: null, end_date: null, membership_status: 'approved' })];
  fetchMock = vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://oa.test');
    if (pathname.endsWith('/campaigns/my-campaigns')) {
      // The month's request names its days; the one that asks whether there is any campaign at all does not.
      return jsonResponse(searchParams.has('from') ? page(inMonth) : page([campaignFixture()], 3));
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const asked = () =>
  fetchMock.mock.calls.map(([url]) => Object.fromEntries(new URL(String(url), 'http://oa.test').searchParams)).filter((params) => params.from);

/** The first and last day the grid shows for the month `delta` months from this one. */
function shown(delta: number) {
  const today = new Date();
  const first = new Date(today.getFullYear(), today.getMonth() + delta, 1);
  const weeks = monthWeeks(first.getFullYear(), first.getMonth());
  return { from: isoDay(weeks[0][0]), to: isoDay(weeks[weeks.length - 1][6]) };
}

describe('campaign calendar', () => {
  it('asks the server for the campaigns that run on the days the grid shows, month by month', async () => {
    renderWithProviders(<CalendarPage />);
    expect(await screen.findByTestId('calendar-undated')).toBeTruthy();
    expect(asked()).toEqual([shown(0)]);
    fireEvent.click(screen.getByTestId('calendar-next'));
    await waitFor(() => expect(asked()).toContainEqual(shown(1)));
    // No request asks for a whole list.
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes('limit=1000'))).toBe(true);
  });

  it('says a month is empty apart from having no campaign at all', async () => {
    inMonth = [];
    renderWithProviders(<CalendarPage />);
    expect((await screen.findByTestId('calendar-empty')).textContent).toBe('None of your campaigns runs this month.');
  });

  it('says when the month holds more campaigns than one page', async () => {
    inMonth = [campaignFixture({ start_date: null, end_date: null })];
    fetchMock.mockImplementation(async () => jsonResponse(page(inMonth, 140)));
    renderWithProviders(<CalendarPage />);
    expect((await screen.findByTestId('calendar-partial')).textContent).toBe('The first 1 of the 140 campaigns that run this month.');
  });
});
