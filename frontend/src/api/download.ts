import { ApiError, apiUrl, authHeader, kindForStatus, type ApiErrorDetail } from './fetcher';

/** The file name a Content-Disposition header names, if any. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : undefined;
}

/** How much of a download has arrived: bytes, and lines (a CSV's header and rows). */
export type DownloadProgress = { bytes: number; lines: number };

/** Reads a response body chunk by chunk, reporting progress, and answers it as a Blob. */
async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: DownloadProgress = { bytes: 0, lines: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    progress.bytes += value.length;
    for (const byte of value) if (byte === 10) progress.lines += 1;
    onProgress({ ...progress });
  }
  return new Blob(chunks, { type });
}

/**
 * Fetches a non-JSON file (a CSV export) with the session's bearer token and hands it to the browser
 * as a download. The generated hooks expect JSON, so files go through here instead. onProgress,
 * when given, hears of every chunk as it arrives (streamed reports have no length to count down).
 * Throws ApiError with the server's message when the server refuses.
 */
export async function downloadFile(path: string, fallbackName: string, onProgress?: (progress: DownloadProgress) => void): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: { Accept: 'text/csv, application/json', ...authHeader() } });
  } catch {
    throw new ApiError({ status: 0, kind: 'NETWORK_ERROR' });
  }
  if (!response.ok) {
    let message: string | undefined;
    let code: string | undefined;
    let details: ApiErrorDetail[] | undefined;
    try {
      const body = (await response.json()) as { error?: unknown; code?: unknown; details?: unknown };
      if (typeof body.error === 'string' && body.error) message = body.error;
      if (typeof body.code === 'string') code = body.code;
      if (Array.isArray(body.details)) details = body.details as ApiErrorDetail[];
    } catch {
      // not JSON: the kind's message is used
    }
    throw new ApiError({ status: response.status, kind: kindForStatus(response.status), code, message, details });
  }
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob();
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return name;
}
