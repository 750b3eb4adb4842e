import type { Campaign, CampaignStatus } from '../../api/generated/model';
import { multiplyDecimal } from '../../preferences/decimal';
import { formatAmount, formatDay } from '../../preferences/format';

/** A fraction as a percentage without needless zeros: '0.10' → '10%', '0.125' → '12.5%'. */
export function fractionAsPercent(fraction: string): string {
  const percent = multiplyDecimal(fraction, '100', 2).replace(/\.?0+$/, '');
  return `${percent}%`;
}

/** The commission rule in words the card shows next to its label. */
export function commissionAmount(campaign: Pick<Campaign, 'commission_type' | 'commission_value' | 'currency'>): string {
  if (campaign.commission_type === 'percentage') return fractionAsPercent(campaign.commission_value);
  return formatAmount(campaign.commission_value, campaign.currency);
}

/** 'Nov 1, 2026 – Dec 31, 2026', or one side, or '' when the campaign has no dates. */
export function dateRange(campaign: Pick<Campaign, 'start_date' | 'end_date'>): { start: string; end: string } {
  return { start: formatDay(campaign.start_date), end: formatDay(campaign.end_date) };
}

export const statusColor: Record<CampaignStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  ended: 'default',
};
