import { ApiError } from './fetcher';

/** The text to show for a failed call: the server's message or the network message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

/** True when the server answered with its own message (a refusal), false for network trouble or a bug. */
export function isServerRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status !== 0;
}

/** Field messages the server sent in `details`, keyed by field name. */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const detail of error.details) {
    if (detail.field && !fields[detail.field]) fields[detail.field] = detail.message;
  }
  return fields;
}
