import type {
  ApprovalMode,
  Campaign,
  CampaignInput,
  CampaignStatus,
  CampaignUpdate,
  CampaignUpdateClearItem,
  CommissionBase,
  CommissionType,
  CurrencyCode,
  ProductMatch,
  Recurring,
  TierBasis,
  Visibility,
} from '../../api/generated/model';
import { contractLimits } from '../../api/contractLimits';
import { hasAtMostTwoDecimals, isAtMostOne, isNonNegativeDecimal, normalizeDecimal } from '../../preferences/decimal';
import { parseDay } from '../../preferences/format';
import { isDomainName, isOnDomains, normalizeDomain } from '../integration/domains';
import type { TextKey } from '../../i18n/keys';

/** The create/edit campaign form as the user types it (every field a string until it is sent). */
export interface CampaignFormValues {
  name: string;
  description: string;
  homepage_url: string;
  status: CampaignStatus;
  start_date: string;
  end_date: string;
  budget: string;
  currency: CurrencyCode;
  commission_type: CommissionType;
  commission_value: string;
  commission_base: CommissionBase;
  recurring: Recurring;
  recurring_limit: string;
  /** Products with their own rate (docs/product.md §6.1), in the order the campaign tries them. */
  product_rates: ProductRateRow[];
  tier_basis: TierBasis;
  /** Performance tiers, thresholds ascending. */
  tiers: TierRow[];
  attribution_window_days: string;
  visibility: Visibility;
  approval_mode: ApprovalMode;
}

/** One product rate as the user types it. */
export interface ProductRateRow {
  match: ProductMatch;
  match_value: string;
  commission_type: CommissionType;
  commission_value: string;
}

/** One tier as the user types it: from `threshold` on, `value` replaces the campaign's commission. */
export interface TierRow {
  threshold: string;
  value: string;
}

export type CampaignField = keyof CampaignFormValues;

/** Field → key of its message in the campaigns namespace (validation.*). */
export type CampaignFormErrors = Partial<Record<CampaignField, TextKey<'campaigns'>>>;

export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;
export const NAME_MAX = contractLimits.CampaignInput.name.maxLength;
export const DESCRIPTION_MAX = contractLimits.CampaignInput.description.maxLength;
export const campaignStatuses: CampaignStatus[] = ['active', 'paused', 'ended'];
export const commissionTypes: CommissionType[] = ['percentage', 'fixed'];
/** What a percentage is taken of when the shop sends both figures (Shopify, WooCommerce); the contract's default first. */
export const commissionBases: CommissionBase[] = ['subtotal', 'total'];
/** Which payments of a subscription earn; the contract's default first. */
export const recurrings: Recurring[] = ['first_payment', 'first_payments', 'first_months', 'lifetime'];
/** The rules that take a limit (recurring_limit, 1 to 120). */
export function isLimitedRecurring(recurring: Recurring): boolean {
  return recurring === 'first_payments' || recurring === 'first_months';
}
/** What a product rate matches a line by; Shopify lines carry no collections (product id or SKU there). */
export const productMatches: ProductMatch[] = ['product_id', 'sku', 'category', 'price_id'];
export const tierBases: TierBasis[] = ['revenue', 'conversions'];
export const PRODUCT_RATES_MAX = contractLimits.CampaignInput.product_rates.maxItems;
export const TIERS_MAX = contractLimits.CampaignInput.tiers.maxItems;

export function emptyCampaignForm(currency: CurrencyCode = 'RON'): CampaignFormValues {
  return {
    name: '',
    description: '',
    homepage_url: '',
    status: 'active',
    start_date: '',
    end_date: '',
    budget: '',
    currency,
    commission_type: 'percentage',
    commission_value: '',
    commission_base: 'subtotal',
    recurring: 'first_payment',
    recurring_limit: '',
    product_rates: [],
    tier_basis: 'revenue',
    tiers: [],
    attribution_window_days: String(DEFAULT_ATTRIBUTION_WINDOW_DAYS),
    visibility: 'public',
    approval_mode: 'auto',
  };
}

/** '25.0000' → '25', '0.1000' → '0.1': the stored scale is not what the user typed. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function campaignToForm(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    homepage_url: campaign.homepage_url ?? '',
    status: campaign.status,
    start_date: campaign.start_date?.slice(0, 10) ?? '',
    end_date: campaign.end_date?.slice(0, 10) ?? '',
    budget: campaign.budget ? trimDecimal(campaign.budget) : '',
    currency: campaign.currency,
    commission_type: campaign.commission_type,
    commission_value: trimDecimal(campaign.commission_value),
    commission_base: campaign.commission_base,
    recurring: campaign.recurring,
    recurring_limit: campaign.recurring_limit == null ? '' : String(campaign.recurring_limit),
    product_rates: campaign.product_rates.map((rate) => ({ ...rate, commission_value: trimDecimal(rate.commission_value) })),
    tier_basis: campaign.tier_basis,
    tiers: campaign.tiers.map((tier) => ({ threshold: trimDecimal(tier.threshold), value: trimDecimal(tier.value) })),
    attribution_window_days: String(campaign.attribution_window_days),
    visibility: campaign.visibility,
    approval_mode: campaign.approval_mode,
  };
}



function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isDomainName(url.hostname);
  } catch {
    return false;
  }
}

/** The homepage's host name (lower case), or null when the field does not hold an http(s) URL on a domain. */
export function homepageHost(text: string): string | null {
  const value = text.trim();
  return isHttpUrl(value) ? normalizeDomain(value) : null;
}

/**
 * The homepage's host when it is a valid URL that is not on the brand's domains: the domain the
 * dialog offers to add. Null while the domains are unknown, or when the homepage is fine or invalid.
 */
export function missingHomepageDomain(text: string, domains: readonly string[] | undefined): string | null {
  if (!domains) return null;
  const host = homepageHost(text);
  return host && !isOnDomains(host, domains) ? host : null;
}

/** Checks the form before it is sent; the server still has the last word (brand domains, limits). */
export function validateCampaignForm(values: CampaignFormValues): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.nameRequired';
  else if (name.length > NAME_MAX) errors.name = 'validation.nameTooLong';

  if (values.description.trim().length > DESCRIPTION_MAX) errors.description = 'validation.descriptionTooLong';

  const homepage = values.homepage_url.trim();
  // Optional, even when active: each affiliate's link then names its page.
  if (homepage && !isHttpUrl(homepage)) errors.homepage_url = 'validation.homepageInvalid';

  const start = values.start_date ? parseDay(values.start_date) : null;
  const end = values.end_date ? parseDay(values.end_date) : null;
  if (values.start_date && !start) errors.start_date = 'validation.dateInvalid';
  if (values.end_date && !end) errors.end_date = 'validation.dateInvalid';
  if (start && end && end < start) errors.end_date = 'validation.endBeforeStart';

  const budget = normalizeDecimal(values.budget);
  if (budget && !isNonNegativeDecimal(budget)) errors.budget = 'validation.budgetInvalid';
  else if (budget && !hasAtMostTwoDecimals(budget)) errors.budget = 'validation.twoDecimals';

  const commission = normalizeDecimal(values.commission_value);
  if (!commission) errors.commission_value = 'validation.commissionRequired';
  else if (!isNonNegativeDecimal(commission)) errors.commission_value = 'validation.commissionInvalid';
  else if (values.commission_type === 'percentage' && !isAtMostOne(commission)) {
    errors.commission_value = 'validation.percentageFraction';
  } else if (values.commission_type === 'fixed' && !hasAtMostTwoDecimals(commission)) {
    errors.commission_value = 'validation.twoDecimals';
  }

  const window = values.attribution_window_days.trim();
  const days = Number(window);
  if (!/^\d+$/.test(window) || days < 1 || days > 365) errors.attribution_window_days = 'validation.windowInvalid';

  if (isLimitedRecurring(values.recurring)) {
    const limit = values.recurring_limit.trim();
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 120) errors.recurring_limit = 'validation.recurringLimitInvalid';
  }

  if (values.product_rates.some((rate) => !productRateValid(rate)) || duplicateProduct(values.product_rates)) {
    errors.product_rates = 'validation.productRatesInvalid';
  }
  if (!tiersValid(values.tiers, values.tier_basis, values.commission_type)) errors.tiers = 'validation.tiersInvalid';

  return errors;
}

/** A commission value its type allows: a fraction up to 1 (4 decimals) or an amount with 2. */
function valueValid(typed: string, type: CommissionType): boolean {
  const value = normalizeDecimal(typed);
  if (!value || !isNonNegativeDecimal(value) || (value.split('.')[1]?.length ?? 0) > 4) return false;
  return type === 'percentage' ? isAtMostOne(value) : hasAtMostTwoDecimals(value);
}

function productRateValid(rate: ProductRateRow): boolean {
  const value = rate.match_value.trim();
  return value.length > 0 && value.length <= 255 && valueValid(rate.commission_value, rate.commission_type);
}

function duplicateProduct(rates: ProductRateRow[]): boolean {
  const seen = new Set(rates.map((rate) => `${rate.match}:${rate.match_value.trim()}`));
  return seen.size !== rates.length;
}

/** Thresholds above 0 and strictly ascending (whole numbers of conversions), values of the campaign's type. */
function tiersValid(tiers: TierRow[], basis: TierBasis, type: CommissionType): boolean {
  let previous = 0;
  for (const tier of tiers) {
    const threshold = normalizeDecimal(tier.threshold);
    if (!isNonNegativeDecimal(threshold) || !hasAtMostTwoDecimals(threshold)) return false;
    if (basis === 'conversions' && !/^\d+$/.test(threshold)) return false;
    if (Number(threshold) <= previous || !valueValid(tier.value, type)) return false;
    previous = Number(threshold);
  }
  return true;
}

/** The body of POST /campaigns. */
export function formToInput(values: CampaignFormValues): CampaignInput {
  const budget = normalizeDecimal(values.budget);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    homepage_url: values.homepage_url.trim(),
    status: values.status,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    budget: budget || null,
    currency: values.currency,
    commission_type: values.commission_type,
    commission_value: normalizeDecimal(values.commission_value),
    commission_base: values.commission_base,
    recurring: values.recurring,
    recurring_limit: isLimitedRecurring(values.recurring) ? Number(values.recurring_limit.trim()) : null,
    product_rates: values.product_rates.map((rate) => ({
      match: rate.match,
      match_value: rate.match_value.trim(),
      commission_type: rate.commission_type,
      commission_value: normalizeDecimal(rate.commission_value),
    })),
    tier_basis: values.tier_basis,
    tiers: values.tiers.map((tier) => ({ threshold: normalizeDecimal(tier.threshold), value: normalizeDecimal(tier.value) })),
    attribution_window_days: Number(values.attribution_window_days.trim()),
    visibility: values.visibility,
    approval_mode: values.approval_mode,
  };
}

/** The body of PUT /campaigns/{id}: the whole form, with the optional fields left blank named in clear. */
export function formToUpdate(values: CampaignFormValues): CampaignUpdate {
  const input = formToInput(values);
  const clear = clearableFields.filter((field) => input[field] === null);
  return { ...input, clear };
}

const clearableFields = ['start_date', 'end_date', 'budget'] as const satisfies readonly CampaignUpdateClearItem[];
