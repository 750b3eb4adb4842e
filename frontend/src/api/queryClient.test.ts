import { MutationObserver, onlineManager, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/config';
import { ApiError, apiFetch, configureApiFetch, onNetworkNotice } from './fetcher';
import { createQueryClient } from './queryClient';

type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<FetchImpl>>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  fetchMock = vi.fn<FetchImpl>();
  vi.stubGlobal('fetch', fetchMock);
  configureApiFetch();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** The query's latest result, as a page's hook would see it. */
function observeQuery(path: string) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: [path], queryFn: ({ signal }) => apiFetch(path, { signal }) });
  let latest: QueryObserverResult | undefined;
  const stop = observer.subscribe((result) => {
    latest = result;
  });
  return { current: () => latest, stop };
}

describe('the query client with the fetcher', () => {
  it('reports a query whose server cannot be reached within two seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const query = observeQuery('/campaigns');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(query.current()?.status).toBe('error');
    expect(query.current()?.error).toMatchObject({ kind: 'NETWORK_ERROR' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    query.stop();
  });

  it('shows a change refused for maintenance at once: one request, no retry', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () =>
      json({ success: false, code: 'MAINTENANCE', error: 'The platform is in maintenance' }, 503),
    );
    const client = createQueryClient();
    const mutation = new MutationObserver(client, { mutationFn: () => apiFetch('/campaigns', { method: 'POST', body: '{}' }) });
    const outcome = mutation.mutate().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(50);
    expect(mutation.getCurrentResult().isPending).toBe(false);
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(await outcome).toMatchObject({ status: 503, code: 'MAINTENANCE' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells the user at once that an action made offline waits for the connection', async () => {
    const notices: string[] = [];
    const stop = onNetworkNotice((kind) => notices.push(kind));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    fetchMock.mockImplementation(async () => json({ success: true, data: {} }));
    const client = createQueryClient();
    const mutation = new MutationObserver(client, { mutationFn: () => apiFetch('/campaigns', { method: 'POST', body: '{}' }) });
    const done = mutation.mutate();
    await vi.waitFor(() => expect(notices).toEqual(['OFFLINE']));
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });
});
