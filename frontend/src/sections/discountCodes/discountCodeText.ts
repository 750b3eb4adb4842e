import type { CommissionType, DiscountCode, DiscountStatus } from '../../api/generated/model';
import { formatAmount, formatDate } from '../../preferences/format';
import { fractionAsPercent } from '../offers/campaignText';

/** What the code takes off: '10%' for 0.10, '25,00 RON' in the campaign's currency, '' for free shipping. */
export function discountValueText(code: Pick<DiscountCode, 'discount_type' | 'discount_value'>, currency: string): string {
  if (code.discount_type === 'percentage') return fractionAsPercent(code.discount_value);
  if (code.discount_type === 'fixed_amount') return formatAmount(code.discount_value, currency);
  return '';
}

/** The commission paid for orders with the code, in the campaign's terms: '15%' or '30,00 RON'. */
export function commissionOverrideText(override: string, commissionType: CommissionType, currency: string): string {
  return commissionType === 'percentage' ? fractionAsPercent(override) : formatAmount(override, currency);
}

/** Uses so far out of the limit: '3/100', or '3/∞' when the code has no limit. */
export function usageText(code: Pick<DiscountCode, 'current_usage_count' | 'usage_limit'>): string {
  return `${code.current_usage_count}/${code.usage_limit ?? '∞'}`;
}

/** The first and last day the code works, each '' when open on that side. */
export function validityDays(code: Pick<DiscountCode, 'valid_from' | 'valid_until'>): { from: string; until: string } {
  return { from: code.valid_from ? formatDate(code.valid_from) : '', until: code.valid_until ? formatDate(code.valid_until) : '' };
}

export const discountStatusColor: Record<DiscountStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  expired: 'default',
};
