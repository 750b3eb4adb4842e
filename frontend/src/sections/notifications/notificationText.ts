import type { TFunction } from 'i18next';
import type { Notification } from '../../api/generated/model';
import { formatAmount } from '../../preferences/format';

/** Kinds whose text says one order or several conversions. */
const counted = new Set(['conversions_confirmed', 'conversions_rejected', 'conversion_reversed']);

/** A notification in the reader's language, from its kind and parameters (notifications namespace). */
export function notificationText(t: TFunction<'notifications'>, n: Pick<Notification, 'kind' | 'params'>): string {
  const p = n.params;
  const values = {
    brand: p.brand_name || t('someone'),
    campaign: p.campaign_name ?? '',
    order: p.order_id ?? '',
    count: p.count ?? 0,
    amount: p.amount && p.currency ? formatAmount(p.amount, p.currency) : '',
    reference: p.reference ?? '',
    host: p.hostname ?? '',
  };
  if (counted.has(n.kind)) {
    if (p.order_id || p.count === 1) return t(`texts.${n.kind as 'conversions_confirmed'}_single`, values);
    return t(`texts.${n.kind as 'conversions_confirmed'}_several`, values);
  }
  return t(`texts.${n.kind as 'payout_paid'}`, values);
}
