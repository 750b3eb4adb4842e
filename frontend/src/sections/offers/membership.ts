import type { MembershipStatus } from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';

export const membershipStatuses: MembershipStatus[] = ['pending', 'approved', 'rejected'];

export type MembershipViewer = 'affiliate' | 'brand';

type ChipColor = 'warning' | 'success' | 'error';

const colors: Record<MembershipStatus, ChipColor> = { pending: 'warning', approved: 'success', rejected: 'error' };

/**
 * How an application's state is shown: to the affiliate an approved application reads 'Joined',
 * to the brand 'Approved'. The label is a key in the campaigns namespace.
 */
export function membershipChip(status: MembershipStatus, viewer: MembershipViewer): { labelKey: TextKey<'campaigns'>; color: ChipColor } {
  return { labelKey: `membership.${viewer}.${status}`, color: colors[status] };
}
