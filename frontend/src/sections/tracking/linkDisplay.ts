import type { LinkStatus } from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';

type ChipColor = 'success' | 'warning' | 'default';

/** How a link's status is shown (the label is tracking:status.*). */
export function linkStatusChip(status: LinkStatus): { labelKey: TextKey<'tracking'>; color: ChipColor } {
  const colors: Record<LinkStatus, ChipColor> = { active: 'success', paused: 'warning', archived: 'default' };
  return { labelKey: `status.${status}`, color: colors[status] };
}

/** The status the pause/resume action moves a link to. */
export function toggledStatus(status: LinkStatus): LinkStatus {
  return status === 'active' ? 'paused' : 'active';
}
