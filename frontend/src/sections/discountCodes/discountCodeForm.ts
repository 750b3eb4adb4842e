import { contractLimits } from '../../api/contractLimits';
import type { FieldInfos } from '../../api/errors';
import {
  ErrorCode,
  type CommissionType,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeUpdate,
  type DiscountStatus,
  type DiscountType,
} from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';
import { dayKey, parseDay } from '../../preferences/format';
import { hasAtMostTwoDecimals, isAboveZero, isAtMostOne, isNonNegativeDecimal, normalizeDecimal } from '../../preferences/decimal';
import { trimDecimal } from '../offers/campaignForm';

/**
 * The create/edit discount code form as the user types it. Field names are the API's (camelCase and
 * snake_case mixed as in DiscountCodeInput), so the server's details[].field lands on the right input.
 */
export interface DiscountCodeFormValues {
  campaign_id: string;
  affiliate_id: string;
  /** Let the server draw a random code (POST /discount-codes/generate); create only. */
  generate: boolean;
  code: string;
  description: string;
  discount_type: DiscountType;
  discount_value: string;
  minimum_order_amount: string;
  usage_limit: string;
  usage_limit_per_customer: string;
  /** Calendar days 'YYYY-MM-DD'; the code runs from the start of the first to the end of the last. */
  valid_from: string;
  valid_until: string;
  is_exclusive: boolean;
  commission_override: string;
  status: DiscountStatus;
}

export type DiscountCodeField = Exclude<keyof DiscountCodeFormValues, 'generate'>;

/** Field → key of its message in the discountCodes namespace (validation.*). */
export type DiscountCodeFormErrors = Partial<Record<DiscountCodeField, TextKey<'discountCodes'>>>;

export const discountTypes: DiscountType[] = ['percentage', 'fixed_amount', 'free_shipping'];
export const discountStatuses: DiscountStatus[] = ['active', 'paused', 'expired'];

export const CODE_MAX = contractLimits.DiscountCodeInput.code.maxLength;
export const CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{3,${CODE_MAX}}$`);
export const DESCRIPTION_MAX = contractLimits.DiscountCodeInput.description.maxLength;

export function emptyDiscountCodeForm(): DiscountCodeFormValues {
  return {
    campaign_id: '',
    affiliate_id: '',
    generate: false,
    code: '',
    description: '',
    discount_type: 'percentage',
    discount_value: '',
    minimum_order_amount: '',
    usage_limit: '',
    usage_limit_per_customer: '',
    valid_from: '',
    valid_until: '',
    is_exclusive: true,
    commission_override: '',
    status: 'active',
  };
}

/** A stored instant as the local calendar day a date input shows. */
function dayOf(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : dayKey(date);
}

export function discountCodeToForm(code: DiscountCode): DiscountCodeFormValues {
  return {
    campaign_id: code.campaign_id,
    affiliate_id: code.affiliate_id,
    generate: false,
    code: code.code,
    description: code.description,
    discount_type: code.discount_type,
    discount_value: code.discount_type === 'free_shipping' ? '' : trimDecimal(code.discount_value),
    minimum_order_amount: code.minimum_order_amount ?? '',
    usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
    usage_limit_per_customer: code.usage_limit_per_customer === null ? '' : String(code.usage_limit_per_customer),
    valid_from: dayOf(code.valid_from),
    valid_until: dayOf(code.valid_until),
    is_exclusive: code.is_exclusive,
    commission_override: code.commission_override === null ? '' : trimDecimal(code.commission_override),
    status: code.status,
  };
}

const WHOLE_NUMBER = /^\d+$/;

function checkLimit(text: string): TextKey<'discountCodes'> | undefined {
  const limit = text.trim();
  if (!limit) return undefined;
  if (!WHOLE_NUMBER.test(limit) || !isAboveZero(limit)) return 'validation.limitInvalid';
  if (BigInt(limit) > 2_147_483_647n) return 'validation.limitTooLarge';
  return undefined;
}

/**
 * Checks the form before it is sent, with the server's rules (server/domain/discountcodes/codes.go); the server
 * still has the last word (a code taken in another case, an affiliate no longer approved).
 * `commissionType` is the campaign's: the override replaces its commission value.
 */
export function validateDiscountCodeForm(
  values: DiscountCodeFormValues,
  { editing = false, commissionType }: { editing?: boolean; commissionType?: CommissionType } = {},
): DiscountCodeFormErrors {
  const errors: DiscountCodeFormErrors = {};
  if (!editing) {
    if (!values.campaign_id) errors.campaign_id = 'validation.campaignRequired';
    if (!values.affiliate_id) errors.affiliate_id = 'validation.affiliateRequired';
  }

  if (editing || !values.generate) {
    const code = values.code.trim();
    if (!code) errors.code = 'validation.codeRequired';
    else if (code.length > CODE_MAX) errors.code = 'validation.codeTooLong';
    else if (!CODE_PATTERN.test(code)) errors.code = 'validation.codeInvalid';
  }

  if (values.description.trim().length > DESCRIPTION_MAX) errors.description = 'validation.descriptionTooLong';

  const value = normalizeDecimal(values.discount_value);
  if (values.discount_type === 'percentage') {
    if (!value) errors.discount_value = 'validation.valueRequired';
    else if (!isNonNegativeDecimal(value) || !isAboveZero(value) || !isAtMostOne(value)) {
      errors.discount_value = 'validation.percentageFraction';
    }
  } else if (values.discount_type === 'fixed_amount') {
    if (!value) errors.discount_value = 'validation.valueRequired';
    else if (!isNonNegativeDecimal(value) || !isAboveZero(value)) errors.discount_value = 'validation.amountInvalid';
    else if (!hasAtMostTwoDecimals(value)) errors.discount_value = 'validation.twoDecimals';
  }

  const minimum = normalizeDecimal(values.minimum_order_amount);
  if (minimum && !isNonNegativeDecimal(minimum)) errors.minimum_order_amount = 'validation.minimumInvalid';
  else if (minimum && !hasAtMostTwoDecimals(minimum)) errors.minimum_order_amount = 'validation.twoDecimals';

  const usageLimit = checkLimit(values.usage_limit);
  if (usageLimit) errors.usage_limit = usageLimit;
  const perCustomer = checkLimit(values.usage_limit_per_customer);
  if (perCustomer) errors.usage_limit_per_customer = perCustomer;

  const from = values.valid_from ? parseDay(values.valid_from) : null;
  const until = values.valid_until ? parseDay(values.valid_until) : null;
  if (values.valid_from && !from) errors.valid_from = 'validation.dateInvalid';
  if (values.valid_until && !until) errors.valid_until = 'validation.dateInvalid';
  if (from && until && until < from) errors.valid_until = 'validation.untilBeforeFrom';

  const override = normalizeDecimal(values.commission_override);
  if (override) {
    if (!isNonNegativeDecimal(override)) errors.commission_override = 'validation.overrideInvalid';
    else if (commissionType === 'percentage' && !isAtMostOne(override)) {
      errors.commission_override = 'validation.overrideFraction';
    } else if (commissionType === 'fixed' && !hasAtMostTwoDecimals(override)) {
      errors.commission_override = 'validation.twoDecimals';
    }
  }
  return errors;
}

/** The start of a local calendar day as an instant; the end of the day for the last day. */
function dayBoundary(day: string, end: boolean): string | null {
  const date = day ? parseDay(day) : null;
  if (!date) return null;
  if (end) date.setHours(23, 59, 59, 0);
  return date.toISOString();
}

function limitOf(text: string): number | null {
  const limit = text.trim();
  return limit ? Number(limit) : null;
}

/**
 * The fields both create and update send. Every nullable field is always present (null clears it),
 * because PUT replaces the form: a field left out would be cleared anyway, never kept.
 */
function formFields(values: DiscountCodeFormValues): DiscountCodeUpdate {
  const body: DiscountCodeUpdate = {
    description: values.description.trim(),
    discount_type: values.discount_type,
    minimum_order_amount: normalizeDecimal(values.minimum_order_amount) || null,
    usage_limit: limitOf(values.usage_limit),
    usage_limit_per_customer: limitOf(values.usage_limit_per_customer),
    valid_from: dayBoundary(values.valid_from, false),
    valid_until: dayBoundary(values.valid_until, true),
    is_exclusive: values.is_exclusive,
    commission_override: normalizeDecimal(values.commission_override) || null,
    status: values.status,
  };
  // Free shipping has no value: the server stores 0 for it.
  if (values.discount_type !== 'free_shipping') body.discount_value = normalizeDecimal(values.discount_value);
  return body;
}

/** The body of POST /discount-codes, or of /discount-codes/generate (which draws the code itself). */
export function formToInput(values: DiscountCodeFormValues): DiscountCodeInput {
  const input: DiscountCodeInput = {
    ...formFields(values),
    campaign_id: values.campaign_id,
    affiliate_id: values.affiliate_id,
    discount_type: values.discount_type,
  };
  if (!values.generate) input.code = values.code.trim();
  return input;
}

/**
 * The body of PUT /discount-codes/{id}: the whole form (the campaign and affiliate never change).
 * A validity day left as it was keeps the stored instant rather than moving it to the day's edge.
 */
export function formToUpdate(values: DiscountCodeFormValues, original?: DiscountCode): DiscountCodeUpdate {
  const body: DiscountCodeUpdate = { ...formFields(values), code: values.code.trim() };
  if (original?.valid_from && dayOf(original.valid_from) === values.valid_from) body.valid_from = original.valid_from;
  if (original?.valid_until && dayOf(original.valid_until) === values.valid_until) body.valid_until = original.valid_until;
  return body;
}

/** PUT body that changes only the status: every other field sent back exactly as stored. */
export function statusUpdate(code: DiscountCode, status: DiscountStatus): DiscountCodeUpdate {
  return { ...formToUpdate(discountCodeToForm(code), code), status };
}

/** The server's refusal codes this form explains in the user's language, by the field they concern. */
const refusalKeys: Partial<Record<ErrorCode, Partial<Record<DiscountCodeField, TextKey<'discountCodes'>>>>> = {
  [ErrorCode.CODE_TAKEN]: { code: 'validation.codeTaken' },
  [ErrorCode.INVALID_CODE]: { code: 'validation.codeInvalid' },
  [ErrorCode.AFFILIATE_NOT_APPROVED]: { affiliate_id: 'validation.affiliateNotApproved' },
  [ErrorCode.INVALID_AMOUNT]: {
    discount_value: 'validation.percentageFraction',
    minimum_order_amount: 'validation.minimumInvalid',
    commission_override: 'validation.overrideInvalid',
  },
};

/** The contract's limits of the form's fields, so a refused length or range names its limit. */
export const discountCodeFieldLimits: FieldInfos = Object.fromEntries(
  Object.entries(contractLimits.DiscountCodeInput).map(([field, limits]) => [field, { limits }]),
);

/**
 * The refusal codes the form words itself, by field (the form's `codes`); any other refusal reads
 * by its rule in the user's language. `discountType` picks the message of an INVALID_AMOUNT discount value.
 */
export function discountCodeRefusals(
  discountType: DiscountType,
  text: (key: TextKey<'discountCodes'>) => string,
): Partial<Record<ErrorCode, Partial<Record<DiscountCodeField, string>>>> {
  return Object.fromEntries(
    Object.entries(refusalKeys).map(([code, keys]) => {
      const byField: Partial<Record<DiscountCodeField, string>> = {};
      for (const [field, key] of Object.entries(keys) as [DiscountCodeField, TextKey<'discountCodes'>][]) {
        const worded = field === 'discount_value' && discountType === 'fixed_amount' ? 'validation.amountInvalid' : key;
        byField[field] = text(worded);
      }
      return [code, byField];
    }),
  );
}
