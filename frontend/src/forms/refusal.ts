import { fieldErrorsFrom, type FieldInfos } from '../api/errors';
import { ApiError } from '../api/fetcher';
import type { ErrorCode } from '../api/generated/model';

/** Messages by form field; a field without one is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface RefusalFields<F extends string> {
  /** The form's fields: a refusal's field that is none of them (nor maps to one) is left to the form-level message. */
  names: readonly F[];
  /** Labels, limits and the form's own words for its fields (see FieldInfo). */
  fields?: FieldInfos;
  /** The form field a server field is shown at, when the names differ ('rates.EUR' at 'EUR'); default: the same name, else its first segment ('domains.2' at 'domains'). */
  fieldOf?: (serverField: string) => F | undefined;
  /** Codes the form words itself at a field; a code naming one field places it there even when the refusal has no details. */
  codes?: Partial<Record<ErrorCode, FieldErrors<F>>>;
}

/**
 * The server's refusal (the error envelope's `details`) as messages at the form's fields, by the
 * field names the server sends ('domains.2' and 'rates.EUR' included); empty for network trouble,
 * a code the UI does not know, or details naming none of the form's fields.
 */
export function refusalFieldErrors<F extends string>(error: unknown, form: RefusalFields<F>): FieldErrors<F> {
  if (!(error instanceof ApiError) || error.status === 0) return {};
  const names = new Set<string>(form.names);
  const own = (form.codes as Partial<Record<string, FieldErrors<F>>> | undefined)?.[error.code];
  const worded = fieldErrorsFrom(error, form.fields);
  const found: FieldErrors<F> = {};
  for (const detail of error.details) {
    if (!detail.field) continue;
    const top = detail.field.split('.')[0];
    const field = form.fieldOf
      ? form.fieldOf(detail.field)
      : names.has(detail.field)
        ? (detail.field as F)
        : names.has(top)
          ? (top as F)
          : undefined;
    if (!field || found[field]) continue;
    const message = own?.[field] ?? worded[detail.field];
    if (message) found[field] = message;
  }
  const ownFields = Object.entries(own ?? {}) as [F, string][];
  if (Object.keys(found).length === 0 && ownFields.length === 1) found[ownFields[0][0]] = ownFields[0][1];
  return found;
}

/** A field's message: its text, or the key of its text, worded at each render (so it follows a change of language). */
export type FieldMessage<K = never> = string | { key: K };

/** Messages by field as a form's checks give them. */
export type FieldMessages<F extends string, K = never> = Partial<Record<F, FieldMessage<K>>>;

/** Message keys by field (a form's checks) as messages worded at each render by the form's `text`. */
export function keyed<F extends string, K>(keys: Partial<Record<F, K>>): FieldMessages<F, K> {
  const found: FieldMessages<F, K> = {};
  for (const [field, key] of Object.entries(keys) as [F, K | undefined][]) if (key) found[field] = { key };
  return found;
}
