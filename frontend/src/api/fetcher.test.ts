import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import i18n from '../i18n/config';
import {
  ApiError,
  apiFetch,
  configureApiFetch,
  isWorthRetrying,
  kindForStatus,
  networkErrorMessage,
  newIdempotencyKey,
  onNetworkNotice,
  takesNoIdempotencyKey,
} from './fetcher';
import { keylessOperations } from './generated/policy';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const failure = (status: number, code = 'X', error = 'server says no') => json({ success: false, error, code }, status);

type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<FetchImpl>>;

beforeEach(() => {
  fetchMock = vi.fn<FetchImpl>();
  vi.stubGlobal('fetch', fetchMock);
  configureApiFetch();
  void i18n.changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  configureApiFetch();
});

/** Runs a call under fake timers, recording when (in fake ms) each attempt was made. */
async function runWithFakeTimers<T>(call: () => Promise<T>) {
  vi.useFakeTimers();
  const start = Date.now();
  const attempts: number[] = [];
  const wrapped = fetchMock.getMockImplementation();
  fetchMock.mockImplementation((url: string, init: RequestInit) => {
    attempts.push(Date.now() - start);
    return (wrapped as FetchImpl)(url, init);
  });
  const outcome = call().then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), attempts };
}

describe('apiFetch', () => {
  it('adds the base URL, JSON and the bearer token, and returns the body', async () => {
    localStorage.setItem('auth_token', 'tok-123');
    fetchMock.mockResolvedValue(json({ success: true, data: { ok: 1 } }));
    const body = await apiFetch<{ data: { ok: number } }>('/auth/me', { method: 'POST', body: '{}' });
    expect(body.data.ok).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/me');
    const headers = init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: {} }));
    await apiFetch('/system/config');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Headers).has('Authorization')).toBe(false);
  });

  it('throws a typed ApiError with the server envelope', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, error: 'Email is already registered', code: 'CONFLICT', details: [{ field: 'email', message: 'taken' }] }, 409),
    );
    const error = (await apiFetch('/auth/signup').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.kind).toBe('CLIENT_ERROR');
    expect(error.message).toBe('Email is already registered');
    expect(error.details).toEqual([{ field: 'email', message: 'taken' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats success:false in a 200 answer as an error', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'no', code: 'NOPE' }, 200));
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'NOPE', message: 'no' });
  });

  it.each([400, 401, 403, 404, 408, 409, 422, 429, 500])('never retries a %i: the answer is shown at once', async (status) => {
    fetchMock.mockImplementation(async () => failure(status));
    const { error, attempts } = await runWithFakeTimers(() => apiFetch('/x'));
    expect(attempts).toEqual([0]);
    expect((error as ApiError).status).toBe(status);
  });

  it.each(['MAINTENANCE', 'INGESTION_PAUSED'])('never retries a 503 %s: a refusal, not a blip', async (code) => {
    fetchMock.mockImplementation(async () => failure(503, code, 'refused'));
    const { error, attempts } = await runWithFakeTimers(() => apiFetch('/campaigns', { method: 'POST', body: '{}' }));
    expect(attempts).toEqual([0]);
    expect(error).toMatchObject({ status: 503, code, message: 'refused' });
  });

  it.each([
    [502, 'X'],
    [504, 'X'],
    [503, 'SERVICE_UNAVAILABLE'],
  ])('retries a %i (%s) twice, quickly: after 0.3 s and 0.6 s', async (status, code) => {
    fetchMock.mockImplementation(async () => failure(status, code, 'busy'));
    const { error, attempts } = await runWithFakeTimers(() => apiFetch('/x'));
    expect(attempts).toEqual([0, 300, 900]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('MAX_RETRIES');
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe('busy');
  });

  it("retries a proxy's 503 that names no code of ours", async () => {
    fetchMock.mockImplementation(async () => new Response('<html>Service Unavailable</html>', { status: 503 }));
    const { attempts } = await runWithFakeTimers(() => apiFetch('/x'));
    expect(attempts).toEqual([0, 300, 900]);
  });

  it('succeeds when a retry succeeds', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async () => (++calls < 3 ? failure(502) : json({ success: true, data: { n: calls } })));
    const { value, attempts } = await runWithFakeTimers(() => apiFetch<{ data: { n: number } }>('/x'));
    expect(value?.data.n).toBe(3);
    expect(attempts).toEqual([0, 300, 900]);
  });

  it('reports a network failure within a second, saying the server cannot be reached', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.useFakeTimers();
    let settled: unknown;
    void apiFetch('/x').catch((error: unknown) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(settled).toMatchObject({ status: 0, kind: 'NETWORK_ERROR', code: 'NETWORK_ERROR' });
    expect((settled as ApiError).message).toBe('Unable to connect to the server. Please check your internet connection.');
  });

  it('aborts an attempt after 10 s and reports the timeout without another try', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.useFakeTimers();
    const outcome = apiFetch('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ApiError;
    expect(error.kind).toBe('TIMEOUT');
    expect(error.status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the caller aborts', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const call = apiFetch('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiFetch('/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('holds requests made offline until the browser is online again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockResolvedValue(json({ success: true, data: {} }));
    const call = apiFetch('/x');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(call).resolves.toEqual({ success: true, data: {} });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells the user once that calls made offline wait for the connection', async () => {
    const notices: string[] = [];
    const stop = onNetworkNotice((kind) => notices.push(kind));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockImplementation(async () => json({ success: true, data: {} }));
    const calls = [apiFetch('/campaigns', { method: 'POST', body: '{}' }), apiFetch('/x')];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(notices).toEqual(['OFFLINE']);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await Promise.all(calls);
    stop();
  });
});

describe('idempotency keys', () => {
  // The Idempotency-Key each attempt carried, read when it is sent (the Headers object is reused).
  let keysSent: (string | null)[];
  const sentKeys = () => keysSent;
  beforeEach(() => {
    keysSent = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      keysSent.push(new Headers(init.headers).get('Idempotency-Key'));
      return fetchMock(url, init);
    });
  });

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives one action one key and reuses it on every retry', async () => {
    fetchMock.mockImplementation(async () => failure(502));
    const { attempts } = await runWithFakeTimers(() => apiFetch('/campaigns', { method: 'POST', body: '{}' }));
    expect(attempts).toHaveLength(3);
    const keys = sentKeys();
    expect(keys[0]).toMatch(uuid);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('sends a key with %s', async (method) => {
    fetchMock.mockResolvedValue(json({ success: true, data: {} }));
    await apiFetch('/campaigns/c-1', { method });
    expect(sentKeys()[0]).toMatch(uuid);
  });

  it('gives a new action a new key', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: {} }));
    await apiFetch('/campaigns', { method: 'POST', body: '{}' });
    await apiFetch('/campaigns', { method: 'POST', body: '{}' });
    const [first, second] = sentKeys();
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
  });

  it('keeps a key the caller chose', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: {} }));
    await apiFetch('/campaigns', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'chosen-1' } });
    expect(sentKeys()).toEqual(['chosen-1']);
  });

  it('replays a request queued offline with the key of its first attempt', async () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    fetchMock.mockImplementationOnce(async () => {
      online = false;
      throw new TypeError('Failed to fetch');
    });
    fetchMock.mockResolvedValue(json({ success: true, data: {} }));
    configureApiFetch({ baseDelayMs: 1 });
    const call = apiFetch('/tracking-links', { method: 'POST', body: '{}' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(call).resolves.toEqual({ success: true, data: {} });
    const [first, replay] = sentKeys();
    expect(first).toMatch(uuid);
    expect(replay).toBe(first);
  });

  it.each(keylessOperations.map(({ method, path }) => [method, path]))('sends no key to %s %s and never retries it', async (method, template) => {
    fetchMock.mockImplementation(async () => failure(503));
    const path = `${template.replace(/\{[^}]+\}/g, 'p1')}?lang=en`;
    const { error, attempts } = await runWithFakeTimers(() => apiFetch(path, { method, body: '{}' }));
    expect(attempts).toEqual([0]);
    expect(sentKeys()).toEqual([null]);
    expect(error).toMatchObject({ status: 503, kind: 'SERVER_ERROR' });
  });

  it('never retries a data-changing request that goes without a key', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { error, attempts } = await runWithFakeTimers(() => apiFetch('/auth/login', { method: 'POST', body: '{}' }));
    expect(attempts).toEqual([0]);
    expect(error).toMatchObject({ status: 0, kind: 'NETWORK_ERROR' });
  });

  it('sends no key with a GET and still retries it', async () => {
    fetchMock.mockImplementation(async () => failure(502));
    const { attempts } = await runWithFakeTimers(() => apiFetch('/campaigns'));
    expect(attempts).toEqual([0, 300, 900]);
    expect(sentKeys()).toEqual([null, null, null]);
  });

  it('builds a UUID without crypto.randomUUID (plain-HTTP hosts)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const first = newIdempotencyKey();
    expect(first).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('matches a keyless operation by its method and whole path', () => {
    expect(takesNoIdempotencyKey('POST', '/auth/login')).toBe(true);
    expect(takesNoIdempotencyKey('PUT', '/auth/login')).toBe(false);
    expect(takesNoIdempotencyKey('POST', '/auth/login/extra')).toBe(false);
    expect(takesNoIdempotencyKey('POST', '/integrations/shopify/a/b/orders')).toBe(false);
  });

  it('lists exactly the contract operations that change data without a key', () => {
    type Operation = { parameters?: { $ref?: string }[] };
    const spec = parse(readFileSync(resolve(import.meta.dirname, '../../../openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const keyless: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const takesKey = (operation.parameters ?? []).some((parameter) => parameter.$ref?.endsWith('/IdempotencyKey'));
        if (!takesKey) keyless.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(keyless.sort()).toEqual(keylessOperations.map(({ method, path }) => `${method} ${path}`).sort());
  });
});

describe('error codes and messages', () => {
  it('maps statuses to kinds', () => {
    expect(kindForStatus(401)).toBe('UNAUTHORIZED');
    expect(kindForStatus(403)).toBe('FORBIDDEN');
    expect(kindForStatus(404)).toBe('NOT_FOUND');
    expect(kindForStatus(429)).toBe('RATE_LIMITED');
    expect(kindForStatus(500)).toBe('SERVER_ERROR');
    expect(kindForStatus(503)).toBe('SERVER_ERROR');
    expect(kindForStatus(400)).toBe('CLIENT_ERROR');
    expect(kindForStatus(409)).toBe('CLIENT_ERROR');
  });

  it('retries only what may pass: no answer, 502, 504 and a 503 that refuses nothing', () => {
    const answer = (status: number, code?: string) => new ApiError({ status, kind: kindForStatus(status), code, message: code && 'x' });
    const worth = [new ApiError({ status: 0, kind: 'NETWORK_ERROR' }), answer(502), answer(504), answer(503), answer(503, 'SERVICE_UNAVAILABLE')];
    const final = [
      new ApiError({ status: 0, kind: 'TIMEOUT' }),
      answer(503, 'MAINTENANCE'),
      answer(503, 'INGESTION_PAUSED'),
      ...[400, 401, 403, 404, 408, 409, 429, 500].map((status) => answer(status, 'X')),
    ];
    expect(worth.every(isWorthRetrying)).toBe(true);
    expect(final.filter(isWorthRetrying)).toEqual([]);
  });

  it('uses the fixed messages in English and Romanian', async () => {
    expect(networkErrorMessage('OFFLINE')).toBe(
      'You appear to be offline. Your request will be processed when connection is restored.',
    );
    expect(networkErrorMessage('TIMEOUT')).toBe('The request took too long to complete. Please try again.');
    expect(networkErrorMessage('NETWORK_ERROR')).toBe('Unable to connect to the server. Please check your internet connection.');
    expect(networkErrorMessage('UNAUTHORIZED')).toBe('Your session has expired. Please log in again.');
    expect(networkErrorMessage('FORBIDDEN')).toBe('You do not have permission to perform this action.');
    expect(networkErrorMessage('NOT_FOUND')).toBe('The requested resource was not found.');
    expect(networkErrorMessage('RATE_LIMITED')).toBe('Too many requests. Please wait a moment and try again.');
    expect(networkErrorMessage('SERVER_ERROR')).toBe('Server error occurred. Our team has been notified.');
    expect(networkErrorMessage('MAX_RETRIES')).toBe('Request failed after multiple attempts. Please try again later.');
    await i18n.changeLanguage('ro');
    expect(networkErrorMessage('TIMEOUT')).toBe('Cererea a durat prea mult. Te rugăm să încerci din nou.');
  });

  it('uses the kind message when the server sent none', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    const error = (await apiFetch('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', kind: 'NOT_FOUND', fromServer: false });
    expect(error.message).toBe('The requested resource was not found.');
  });
});
