import type { Campaign, CampaignStatus } from '../../api/generated/model';
import { formatAmount, formatDay, formatPercent } from '../../preferences/format';

/** The commission rule in words the card shows next to its label: '12,5 %' or '25,00 RON'. */
export function commissionAmount(campaign: Pick<Campaign, 'commission_type' | 'commission_value' | 'currency'>, language: string): string {
  if (campaign.commission_type === 'percentage') return formatPercent(campaign.commission_value, language);
  return formatAmount(campaign.commission_value, campaign.currency);
}

/** What a campaign pays on a subscription's renewals, as the card says it: the key and its count. */
export function recurringText(
  campaign: Pick<Campaign, 'recurring' | 'recurring_limit'>,
): { key: 'card.recurringFirstPayment' | 'card.recurringPayments' | 'card.recurringMonths' | 'card.recurringLifetime'; count?: number } {
  switch (campaign.recurring) {
    case 'first_payments':
      return { key: 'card.recurringPayments', count: campaign.recurring_limit ?? 1 };
    case 'first_months':
      return { key: 'card.recurringMonths', count: campaign.recurring_limit ?? 1 };
    case 'lifetime':
      return { key: 'card.recurringLifetime' };
    default:
      return { key: 'card.recurringFirstPayment' };
  }
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
