import i18n from '../i18n/config';
import type { TextKey } from '../i18n/keys';
import { formatCount } from '../preferences/format';
import type { FieldLimits } from './contractLimits';
import { ApiError, type ApiErrorDetail } from './fetcher';
import { ErrorCode } from './generated/model';

/** What a form knows about one of its fields, to explain the server's refusal of it. */
export interface FieldInfo {
  /** The field's label in the user's language; without one, a message is not prefixed with it. */
  label?: string;
  /** The contract's limits of the field, so "too long" can say how long it may be. */
  limits?: FieldLimits;
  /** The text for a refusal of this field that names no rule the UI knows (a domain rule). */
  invalid?: string;
  /** The text when the field's value is already taken (CONFLICT, CODE_TAKEN). */
  taken?: string;
}

/** Field infos by the field's name in the request body. */
export type FieldInfos = Partial<Record<string, FieldInfo>>;

export interface RefusalTexts {
  /** What a form knows about its fields. */
  fields?: FieldInfos;
  /** Texts for codes that mean something narrower on this screen (UNAUTHORIZED at sign-in: wrong credentials). */
  codes?: Partial<Record<ErrorCode, string>>;
}

const knownCodes = new Set<string>(Object.values(ErrorCode));

/** True for a code of the contract's ErrorCode enum, which the locale files name. */
export function isKnownCode(code: string): code is ErrorCode {
  return knownCodes.has(code);
}

/** The rules (ErrorDetail.rule) the locale files explain; any other rule reads as 'invalid'. */
const knownRuleList = [
  'required',
  'type',
  'format',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'maxItems',
  'uniqueItems',
  'decimal',
  'unknown_field',
  'duplicate_key',
  'text',
  'json',
  'content_type',
] as const;
type KnownRule = (typeof knownRuleList)[number];
const knownRules = new Set<string>(knownRuleList);
const isKnownRule = (rule: string | undefined): rule is KnownRule => rule !== undefined && knownRules.has(rule);

/** Rules whose message says the limit when the form knows it (a count of characters or items uses plurals). */
type CountedRule = 'minLength' | 'maxLength' | 'maxItems';
type ValueRule = 'minimum' | 'maximum';
const isCounted = (rule: KnownRule): rule is CountedRule => rule === 'minLength' || rule === 'maxLength' || rule === 'maxItems';
const isValue = (rule: KnownRule): rule is ValueRule => rule === 'minimum' || rule === 'maximum';

/** A text of the errors namespace (every key checked against the English texts). */
function t(key: TextKey<'errors'>, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: 'errors', ...options });
}

/** The info of a detail's field: 'domains.2' falls back to 'domains'. */
function infoFor(field: string | undefined, fields: FieldInfos | undefined): FieldInfo | undefined {
  if (!field || !fields) return undefined;
  return fields[field] ?? fields[field.split('.')[0]];
}

/** "Too long" for a field that may hold at most `max` characters, in the user's language. */
export function tooLongMessage(max: number): string {
  return t('rules.maxLengthLimit', { count: max });
}

/** The message for one detail of a refusal, without the field's name (it is shown at the field). */
function detailText(code: string, detail: ApiErrorDetail, info: FieldInfo | undefined): string {
  if ((code === ErrorCode.CONFLICT || code === ErrorCode.CODE_TAKEN) && info?.taken) return info.taken;
  const rule = isKnownRule(detail.rule) ? detail.rule : undefined;
  if (!rule) {
    if (info?.invalid) return info.invalid;
    if (code === ErrorCode.CONFLICT || code === ErrorCode.CODE_TAKEN) return t('rules.taken');
    if (code !== ErrorCode.VALIDATION_ERROR && isKnownCode(code)) return t(`codes.${code}`);
    return t('rules.invalid');
  }
  const limit = info?.limits?.[rule as keyof FieldLimits];
  if (limit !== undefined && isCounted(rule)) return t(`rules.${rule}Limit`, { count: limit });
  if (limit !== undefined && isValue(rule)) return t(`rules.${rule}Limit`, { limit: formatCount(limit, i18n.language) });
  return t(`rules.${rule}`);
}

/** 'Cel mult…' after 'Nume: ' reads 'cel mult…'; an acronym such as 'URL' keeps its case. */
function lowerFirst(text: string): string {
  const second = text.charAt(1);
  if (second !== second.toLocaleLowerCase(i18n.language)) return text;
  return text.charAt(0).toLocaleLowerCase(i18n.language) + text.slice(1);
}

/**
 * The text to show for a failed call, in the user's language: the refusal's code and details
 * through the locale files (with the field's label and limit when the form knows them); a network
 * failure's own message; the server's text only for a code the UI does not know; else the fallback.
 */
export function errorMessage(error: unknown, fallback: string, texts: RefusalTexts = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  if (!error.fromServer) return t(`network.${error.kind}`);
  const override = isKnownCode(error.code) ? texts.codes?.[error.code] : undefined;
  if (override) return override;
  if (!isKnownCode(error.code)) return error.message || fallback;
  const explained = error.details.filter((detail) => detail.rule || detail.field);
  if (explained.length > 0) {
    const lines = explained.map((detail) => {
      const info = infoFor(detail.field, texts.fields);
      const text = detailText(error.code, detail, info);
      return info?.label ? t('inField', { field: info.label, message: lowerFirst(text) }) : text;
    });
    return [...new Set(lines)].join(' ');
  }
  return t(`codes.${error.code}`);
}

/** True when the server answered with its own message (a refusal), false for network trouble or a bug. */
export function isServerRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status !== 0;
}

/** The refusal's messages by field name (the first per field), in the user's language. */
export function fieldErrorsFrom(error: unknown, fields?: FieldInfos): Record<string, string> {
  if (!(error instanceof ApiError) || !isKnownCode(error.code)) return {};
  const messages: Record<string, string> = {};
  for (const detail of error.details) {
    if (!detail.field || messages[detail.field]) continue;
    const text = detailText(error.code, detail, infoFor(detail.field, fields));
    messages[detail.field] = text;
    // 'domains.2' is shown at the 'domains' input.
    const top = detail.field.split('.')[0];
    if (!messages[top]) messages[top] = text;
  }
  return messages;
}
