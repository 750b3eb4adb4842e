import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders';
import { chooseSearched } from '../../test/searchSelect';
import TrackingPage from './TrackingPage';

const link = {
  id: 'l-1',
  name: 'Newsletter',
  short_code: 'Ab3dE6gH',
  destination_url: 'https://ada.ro/summer?utm=nl',
  tracking_url: 'http://oa.test/r/Ab3dE6gH',
  status: 'active',
  click_count: 1234,
  bot_clicks: 0,
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  brand_id: 'b-1',
  created_at: '2026-11-20T10:00:00Z',
};

const campaign = campaignFixture({
  brand_name: 'Ada',
  homepage_url: 'https://ada.ro/summer',
  membership_status: 'approved',
});

const application = {
  id: 'app-1',
  campaign_id: 'c-1',
  campaign_name: 'Summer Sale',
  brand_id: 'b-1',
  affiliate_id: 'a-1',
  affiliate_name: 'Ion Popescu',
  affiliate_email: 'ion@example.com',
  status: 'approved',
  created_at: '2026-11-01T10:00:00Z',
  decided_at: '2026-11-01T10:00:00Z',
};

const page = (key: string, items: unknown[]) => ({ success: true, data: { [key]: items, total: items.length, limit: 100, offset: 0 } });

let links: (typeof link)[];
let myCampaigns: (typeof campaign)[];
let fetchMock: ReturnType<typeof vi.fn>;
let createAnswer: () => Response;
let generateRefusal: Response | null;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  links = [{ ...link }];
  myCampaigns = [campaign];
  createAnswer = () => jsonResponse({ success: true, data: { link: { ...link, id: 'l-2', name: 'Bio' } } }, 201);
  generateRefusal = null;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/tracking-links' && method === 'GET') return jsonResponse(page('links', links));
    if (path === '/affiliate-links' && method === 'GET') return jsonResponse(page('links', links));
    if (path === '/campaigns') return jsonResponse(page('campaigns', [campaign]));
    if (path === '/campaigns/my-campaigns') return jsonResponse(page('campaigns', myCampaigns));
    if (path === '/applications') return jsonResponse(page('applications', [application]));
    if (path === '/tracking-links' && method === 'POST') return createAnswer();
    if (path === '/affiliate-links/generate' && method === 'POST') {
      if (generateRefusal) return generateRefusal;
      const made = { ...link, id: 'l-3', name: 'Summer Sale', short_code: 'NewCode1', tracking_url: 'http://oa.test/r/NewCode1' };
      links = [...links, made];
      return jsonResponse({ success: true, data: { link: made } }, 201);
    }
    if (path === '/tracking-links/l-1' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { status: string };
      links = [{ ...links[0], status: body.status }];
      return jsonResponse({ success: true, data: { link: links[0] } });
    }
    return jsonResponse({ success: false, error: 'not here', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

describe('tracking links (brand)', () => {
  it('lists the links with code, clicks, status and actions', async () => {
    renderWithProviders(<TrackingPage accountType="brand" />);
    const row = await screen.findByTestId('link-row');
    expect(within(row).getByTestId('link-code').textContent).toBe('Ab3dE6gH');
    expect(within(row).getByTestId('link-clicks').textContent).toBe('1,234');
    expect(within(row).getByTestId('link-status').textContent).toBe('Active');
    expect(within(row).getByTestId('link-destination').getAttribute('title')).toBe(link.destination_url);
    expect(within(row).getByText('Ion Popescu')).toBeTruthy();
    expect(calls('/tracking-links')[0][0]).toContain('limit=25');

    fireEvent.click(within(row).getByTestId('link-pause'));
    await waitFor(() => expect(within(screen.getByTestId('link-row')).getByTestId('link-status').textContent).toBe('Paused'));
    expect(JSON.parse(String((calls('/tracking-links/l-1', 'PUT')[0][1] as RequestInit).body))).toEqual({ status: 'paused' });
  });

  it('checks the form, then shows the server code at its field', async () => {
    renderWithProviders(<TrackingPage accountType="brand" />);
    fireEvent.click(await screen.findByTestId('create-link'));
    const dialog = await screen.findByTestId('link-dialog');
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    expect(within(dialog).getByText('Choose an affiliate')).toBeTruthy();
    expect(within(dialog).getByText('Link name is required')).toBeTruthy();
    expect(calls('/tracking-links', 'POST')).toHaveLength(0);

    await chooseSearched(dialog, 'affiliate_id', 'Ion Popescu');
    // The affiliate's only campaign is picked for it.
    await waitFor(() => expect((dialog.querySelector('input[name="campaign_id"]') as HTMLInputElement).value).toBe('Summer Sale'));
    expect(calls('/applications').some(([url]) => String(url).includes('affiliate_id=a-1'))).toBe(true);
    fireEvent.change(dialog.querySelector('input[name="name"]') as HTMLInputElement, { target: { value: 'Bio' } });
    fireEvent.change(dialog.querySelector('input[name="destination_url"]') as HTMLInputElement, { target: { value: 'https://elsewhere.com/x' } });
    createAnswer = () =>
      jsonResponse({ success: false, error: "The destination must be on the brand's domain", code: 'DOMAIN_NOT_ALLOWED' }, 400);
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    expect((await within(dialog).findByTestId('destination_url-message')).textContent).toBe("The destination must be on the brand's domain");

    createAnswer = () => jsonResponse({ success: false, error: 'x', code: 'AFFILIATE_NOT_APPROVED' }, 400);
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    expect((await within(dialog).findByTestId('affiliate_id-message')).textContent).toBe('This affiliate is not approved for the campaign');

    createAnswer = () => jsonResponse({ success: false, error: 'Server error', code: 'INTERNAL' }, 409);
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    expect(await screen.findByText('Failed to create tracking link')).toBeTruthy();

    createAnswer = () => jsonResponse({ success: true, data: { link: { ...link, id: 'l-2', name: 'Bio' } } }, 201);
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('link-dialog')).toBeNull());
    const body = JSON.parse(String((calls('/tracking-links', 'POST').at(-1)?.[1] as RequestInit).body));
    expect(body).toEqual({ affiliate_id: 'a-1', campaign_id: 'c-1', name: 'Bio', destination_url: 'https://elsewhere.com/x' });
  });

  it('shows the Romanian messages by default language', async () => {
    await i18n.changeLanguage('ro');
    renderWithProviders(<TrackingPage accountType="brand" />);
    fireEvent.click(await screen.findByTestId('create-link'));
    const dialog = await screen.findByTestId('link-dialog');
    fireEvent.click(within(dialog).getByTestId('link-dialog-submit'));
    expect(within(dialog).getByText('Alege un afiliat')).toBeTruthy();
    expect(within(dialog).getByText('Numele linkului este obligatoriu')).toBeTruthy();
  });
});

describe('visits from bots and previews', () => {
  it('shows them apart from the counted clicks on both pages, and says why on hover', async () => {
    links = [{ ...link, click_count: 3, bot_clicks: 2 }];
    for (const accountType of ['brand', 'affiliate'] as const) {
      const { unmount } = renderWithProviders(<TrackingPage accountType={accountType} />);
      const row = await screen.findByTestId('link-row');
      expect(within(row).getByTestId('link-clicks').textContent).toBe('3');
      const bots = within(row).getByTestId('link-bot-clicks');
      expect(bots.textContent).toBe('+2 bots');
      expect(bots.getAttribute('aria-label')).toBe('2 visits from bots or link previews, not counted.');
      fireEvent.mouseOver(bots);
      const tip = (await screen.findByRole('tooltip')).textContent;
      expect(tip).toContain('2 visits from bots or link previews, not counted.');
      expect(tip).toContain('HEAD requests are not recorded');
      unmount();
    }
  });

  it('says nothing when there were none, and speaks Romanian with its plural forms', async () => {
    renderWithProviders(<TrackingPage accountType="brand" />);
    expect(within(await screen.findByTestId('link-row')).queryByTestId('link-bot-clicks')).toBeNull();
    await i18n.changeLanguage('ro');
    const ro = (key: 'label' | 'summary', count: number) => i18n.t(`tracking:botClicks.${key}`, { count, formatted: String(count) });
    expect([ro('label', 1), ro('label', 2), ro('label', 25)]).toEqual(['+1 bot', '+2 boți', '+25 de boți']);
    expect(ro('summary', 1)).toBe('1 vizită de la un bot sau o previzualizare de link, care nu se numără.');
    expect(ro('summary', 2)).toBe('2 vizite de la boți sau previzualizări de linkuri, care nu se numără.');
    expect(ro('summary', 25)).toBe('25 de vizite de la boți sau previzualizări de linkuri, care nu se numără.');
  });
});

describe('my links (affiliate)', () => {
  it('asks for its links without caches and generates a link to copy', async () => {
    renderWithProviders(<TrackingPage accountType="affiliate" />);
    await screen.findByTestId('link-row');
    const init = calls('/affiliate-links')[0][1] as RequestInit;
    expect(new Headers(init.headers).get('Cache-Control')).toBe('no-cache');
    expect(init.cache).toBe('no-store');

    const card = screen.getByTestId('generate-card');
    await within(card).findByTestId('generate-campaign');
    fireEvent.click(within(card).getByTestId('generate-submit'));
    expect(within(card).getByTestId('campaign_id-message').textContent).toBe('Choose a campaign');
    await chooseSearched(card, 'campaign_id', 'Summer Sale');
    fireEvent.click(within(card).getByTestId('generate-submit'));
    expect((await within(card).findByTestId('generated-url')).textContent).toBe('http://oa.test/r/NewCode1');
    expect(JSON.parse(String((calls('/affiliate-links/generate', 'POST')[0][1] as RequestInit).body))).toEqual({ campaign_id: 'c-1' });
    await waitFor(() => expect(screen.getAllByTestId('link-row')).toHaveLength(2));
  });

  it('searches its approved, active campaigns a page at a time for the campaign choice', async () => {
    renderWithProviders(<TrackingPage accountType="affiliate" />);
    const card = await screen.findByTestId('generate-card');
    await within(card).findByTestId('generate-campaign');
    const input = card.querySelector('input[name="campaign_id"]') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'sum' } });
    const asked = () => calls('/campaigns/my-campaigns').map(([url]) => Object.fromEntries(new URL(String(url), 'http://oa.test').searchParams));
    await waitFor(() =>
      expect(asked()).toContainEqual({ query: 'sum', limit: '20', sort: 'name', order: 'asc', membership_status: 'approved', status: 'active' }),
    );
    expect(await within(document.body).findByRole('option', { name: 'Summer Sale' })).toBeTruthy();
    // Every request narrows to the linkable campaigns, and none asks for a whole list.
    for (const params of asked()) expect(params).toMatchObject({ membership_status: 'approved', status: 'active' });
    expect(asked().every((params) => Number(params.limit) <= 20)).toBe(true);
  });

  it('asks for the page when the campaign has no homepage, and words the server refusal the same, in English and Romanian', async () => {
    const destinationMessage = async (card: HTMLElement) => (await within(card).findByTestId('destination_url-message')).textContent;
    // Chosen without a homepage: the help says the destination is required, and a blank one is not sent.
    myCampaigns = [{ ...campaign, homepage_url: null }];
    const { unmount } = renderWithProviders(<TrackingPage accountType="affiliate" />);
    let card = await screen.findByTestId('generate-card');
    await within(card).findByTestId('generate-campaign');
    await chooseSearched(card, 'campaign_id', 'Summer Sale');
    expect(await destinationMessage(card)).toBe("Required: the campaign has no homepage, so choose the page on the brand's domain yourself.");
    fireEvent.click(within(card).getByTestId('generate-submit'));
    await waitFor(async () =>
      expect(await destinationMessage(card)).toBe("This campaign has no homepage: enter the address of the page you send visitors to, on the brand's domain."),
    );
    expect(calls('/affiliate-links/generate', 'POST')).toHaveLength(0);
    unmount();

    // Its homepage was removed after the list was read: the server's DESTINATION_REQUIRED lands on the field.
    myCampaigns = [campaign];
    await i18n.changeLanguage('ro');
    generateRefusal = jsonResponse(
      { success: false, error: 'This campaign has no homepage', code: 'DESTINATION_REQUIRED', details: [{ field: 'destination_url', message: 'x' }] },
      400,
    );
    renderWithProviders(<TrackingPage accountType="affiliate" />);
    card = await screen.findByTestId('generate-card');
    await within(card).findByTestId('generate-campaign');
    await chooseSearched(card, 'campaign_id', 'Summer Sale');
    fireEvent.click(within(card).getByTestId('generate-submit'));
    await waitFor(async () =>
      expect(await destinationMessage(card)).toBe(
        'Campania nu are o pagină principală: introdu adresa paginii la care trimiți vizitatorii, pe domeniul brandului.',
      ),
    );
    expect(calls('/affiliate-links/generate', 'POST')).toHaveLength(1);
  });

  it('sends the affiliate to the offers when no campaign can have a link', async () => {
    myCampaigns = [];
    renderWithProviders(<TrackingPage accountType="affiliate" />);
    expect(await screen.findByTestId('generate-no-campaigns')).toBeTruthy();
    expect(document.querySelector('input[name="campaign_id"]')).toBeNull();
  });
});
