import { storedToken } from '../auth/session';
import i18n from '../i18n/config';
import { ErrorCode, type ErrorDetail } from './generated/model';
import { keylessOperations } from './generated/policy';

/** The categories the 'Network Error' messages are keyed by (docs/product.md §1). */
export type NetworkErrorKind =
  | 'OFFLINE'
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'MAX_RETRIES'
  | 'CLIENT_ERROR';

/** One entry of the envelope's `details`: the field at fault and the contract rule it breaks. */
export type ApiErrorDetail = ErrorDetail;

/** Every failed call throws this: HTTP status (0 when no answer), the server's code or the kind, and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly kind: NetworkErrorKind;
  readonly details: ApiErrorDetail[];
  /** True when the server sent its own message (rather than a network message chosen here). */
  readonly fromServer: boolean;

  constructor(init: {
    status: number;
    kind: NetworkErrorKind;
    code?: string;
    message?: string;
    details?: ApiErrorDetail[];
  }) {
    super(init.message ?? networkErrorMessage(init.kind));
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code ?? init.kind;
    this.details = init.details ?? [];
    this.fromServer = init.message !== undefined;
  }
}

/** orval types a hook's error as ErrorType<...>: every call here fails with ApiError. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- orval passes the error body type; every failure is an ApiError whatever it is
export type ErrorType<_ServerBody> = ApiError;

/** The localized 'Network Error' message for a kind (docs/product.md §1). */
export function networkErrorMessage(kind: NetworkErrorKind): string {
  return i18n.t(`network.${kind}`, { ns: 'errors' });
}

export function kindForStatus(status: number): NetworkErrorKind {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'TIMEOUT';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER_ERROR';
  return 'CLIENT_ERROR';
}

/**
 * Worth another try, soon: no answer at all (the network blinked), a gateway's 502 or 504, and a 503
 * that refuses nothing (a proxy's, without our code, or SERVICE_UNAVAILABLE: the database is out of
 * reach). Any other answer is final and is shown at once: a 4xx, a 429 (it asks to wait), a 500 (a
 * defect), a 503 that names a switch the host turned on (MAINTENANCE, INGESTION_PAUSED), and a
 * timeout (the user has already waited for it).
 */
export function isWorthRetrying(error: ApiError): boolean {
  if (error.status === 0) return error.kind === 'NETWORK_ERROR';
  if (error.status === 502 || error.status === 504) return true;
  // A 503 without a code of ours carries the kind as its code (SERVER_ERROR).
  return error.status === 503 && (error.code === ErrorCode.SERVICE_UNAVAILABLE || error.code === 'SERVER_ERROR');
}

export interface FetchSettings {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  baseDelayMs: number;
}

// Two quick retries (after 0.3 s and 0.6 s): a blip is bridged, a failure is reported within a second or two.
const defaultSettings: FetchSettings = { baseUrl: '/api/v1', timeoutMs: 10_000, retries: 2, baseDelayMs: 300 };
let settings: FetchSettings = { ...defaultSettings };

/** Tests shorten the timings; passing nothing restores the defaults. */
export function configureApiFetch(overrides?: Partial<FetchSettings>): void {
  settings = { ...defaultSettings, ...overrides };
}

/** The full URL of an API path (the base URL plus the path). */
export function apiUrl(path: string): string {
  return `${settings.baseUrl}${path}`;
}

type NetworkNoticeListener = (kind: NetworkErrorKind) => void;
const noticeListeners = new Set<NetworkNoticeListener>();

/** The toast layer listens here to tell the user a request waits for the connection. */
export function onNetworkNotice(listener: NetworkNoticeListener): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

let waitingForConnection = 0;

/**
 * Requests made while offline wait for the browser's 'online' event; the first of them tells the
 * user so (once per time offline, not once per request).
 */
function waitUntilOnline(signal?: AbortSignal | null): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  if (waitingForConnection === 0) noticeListeners.forEach((listener) => listener('OFFLINE'));
  waitingForConnection += 1;
  return new Promise<void>((resolve, reject) => {
    const onOnline = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      window.removeEventListener('online', onOnline);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    window.addEventListener('online', onOnline, { once: true });
    signal?.addEventListener('abort', onAbort, { once: true });
  }).finally(() => {
    waitingForConnection -= 1;
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The bearer header of the signed-in session (empty when signed out). */
export function authHeader(): Record<string, string> {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const dataChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The contract's changes without an Idempotency-Key (generated from x-idempotent: false), as path patterns. */
const keyless = keylessOperations.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * Whether the contract declares the change x-idempotent: false (the public auth operations): the
 * server ignores an Idempotency-Key there, so it is sent without one and never retried.
 */
export function takesNoIdempotencyKey(method: string, path: string): boolean {
  const operation = operationPath(path);
  return keyless.some((entry) => entry.method === method && entry.pattern.test(operation));
}

/** A random UUID; crypto.randomUUID exists only in secure contexts, so plain-HTTP hosts build one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function operationPath(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface ErrorEnvelope {
  success?: boolean;
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as ErrorEnvelope;
  const kind = status >= 200 && status < 300 ? 'CLIENT_ERROR' : kindForStatus(status);
  return new ApiError({
    status,
    kind,
    code: typeof envelope.code === 'string' ? envelope.code : undefined,
    message: typeof envelope.error === 'string' && envelope.error !== '' ? envelope.error : undefined,
    details: Array.isArray(envelope.details) ? (envelope.details as ApiErrorDetail[]) : undefined,
  });
}

type Attempt = { ok: true; body: unknown } | { ok: false; error: ApiError };

async function attempt(url: string, init: RequestInit, headers: Headers): Promise<Attempt> {
  const callerSignal = init.signal;
  // A caller that gave up (React Query cancelling a query) is never retried.
  if (callerSignal?.aborted) throw callerSignal.reason ?? new DOMException('Aborted', 'AbortError');
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  try {
    const response = await fetch(url, { ...init, headers, signal: controller.signal });
    const body = await readBody(response);
    const envelope = body as ErrorEnvelope | undefined;
    if (response.ok && envelope?.success !== false) return { ok: true, body };
    return { ok: false, error: errorFromResponse(response.status, body) };
  } catch (cause) {
    if (timedOut) return { ok: false, error: new ApiError({ status: 0, kind: 'TIMEOUT' }) };
    if (callerSignal?.aborted) throw cause;
    return { ok: false, error: new ApiError({ status: 0, kind: 'NETWORK_ERROR' }) };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The mutator every generated call goes through: base URL, bearer token and JSON; a 10 s timeout;
 * 2 quick retries (0.3 s, 0.6 s) of what is worth retrying (isWorthRetrying); offline queueing.
 * A call that changes data is one user action: it gets one Idempotency-Key, which its retries and
 * its replay after going offline reuse, so the server answers a repeat without acting twice.
 * A data-changing call without a key (the public auth operations) is tried once.
 * Resolves to the response body; throws ApiError on a non-2xx answer or `success: false`.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const url = apiUrl(path);
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(authHeader())) headers.set(name, value);
  const method = (init.method ?? 'GET').toUpperCase();
  const changesData = dataChangingMethods.has(method);
  if (changesData && !headers.has(IDEMPOTENCY_KEY_HEADER) && !takesNoIdempotencyKey(method, path)) {
    headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  }
  const mayRetry = !changesData || headers.has(IDEMPOTENCY_KEY_HEADER);

  let last: ApiError | undefined;
  for (let tryNumber = 0; tryNumber <= settings.retries; tryNumber += 1) {
    if (tryNumber > 0) await sleep(settings.baseDelayMs * 2 ** (tryNumber - 1));
    await waitUntilOnline(init.signal);
    const result = await attempt(url, init, headers);
    if (result.ok) return result.body as T;
    if (!isWorthRetrying(result.error) || !mayRetry) throw result.error;
    last = result.error;
  }
  const final = last as ApiError;
  // No answer at all says so ('check your connection'), rather than 'failed after several attempts'.
  if (final.status === 0) throw final;
  throw new ApiError({
    status: final.status,
    kind: 'MAX_RETRIES',
    code: final.fromServer ? final.code : 'MAX_RETRIES',
    message: final.fromServer ? final.message : undefined,
    details: final.details,
  });
}
