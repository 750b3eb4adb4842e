import type { Campaign, CampaignStatus } from '../../api/generated/model';
import { formatAmount, formatDay, formatPercent } from '../../preferences/format';

/** The commission rule in words the card shows next to its label: '12,5 %' or '25,00 RON'. */
export function commissionAmount(campaign: Pick<Campaign, 'commission_type' | 'commission_value' | 'currency'>, language: string): string {
  if (campaign.commission_type === 'percentage') return formatPercent(campaign.commission_value, language);
  return formatAmount(campaign.commission_value, campaign.currency);
}

/** '1 nov. 2026' to '31 dec. 2026', or one side, or '' when the campaign has no dates. */
export function dateRange(campaign: Pick<Campaign, 'start_date' | 'end_date'>, language: string): { start: string; end: string } {
  return { start: formatDay(campaign.start_date, language), end: formatDay(campaign.end_date, language) };
}

export const statusColor: Record<CampaignStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  ended: 'default',
};
