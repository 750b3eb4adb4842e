import type { CommissionType, DiscountCode, DiscountStatus } from '../../api/generated/model';
import { formatAmount, formatDate, formatPercent } from '../../preferences/format';

/** What the code takes off: '10 %' for 0.10, '25,00 RON' in the campaign's currency, '' for free shipping. */
export function discountValueText(code: Pick<DiscountCode, 'discount_type' | 'discount_value'>, currency: string, language: string): string {
  if (code.discount_type === 'percentage') return formatPercent(code.discount_value, language);
  if (code.discount_type === 'fixed_amount') return formatAmount(code.discount_value, currency);
  return '';
}

/** The commission paid for orders with the code, in the campaign's terms: '15 %' or '30,00 RON'. */
export function commissionOverrideText(override: string, commissionType: CommissionType, currency: string, language: string): string {
  return commissionType === 'percentage' ? formatPercent(override, language) : formatAmount(override, currency);
}

/** Uses so far out of the limit: '3/100', or '3/∞' when the code has no limit. */
export function usageText(code: Pick<DiscountCode, 'current_usage_count' | 'usage_limit'>): string {
  return `${code.current_usage_count}/${code.usage_limit ?? '∞'}`;
}

/** The first and last day the code works, each '' when open on that side. */
export function validityDays(code: Pick<DiscountCode, 'valid_from' | 'valid_until'>, language: string): { from: string; until: string } {
  return { from: code.valid_from ? formatDate(code.valid_from, language) : '', until: code.valid_until ? formatDate(code.valid_until, language) : '' };
}

export const discountStatusColor: Record<DiscountStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  expired: 'default',
};
