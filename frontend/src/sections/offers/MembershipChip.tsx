import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MembershipStatus } from '../../api/generated/model';
import { membershipChip, type MembershipViewer } from './membership';

/** An application's state: to the affiliate 'Pending approval', 'Joined' or 'Rejected'; to the brand 'Approved'. */
export function MembershipChip({ status, viewer = 'affiliate' }: { status: MembershipStatus; viewer?: MembershipViewer }) {
  const { t } = useTranslation('campaigns');
  const chip = membershipChip(status, viewer);
  return (
    <Chip
      size="small"
      color={chip.color}
      variant={status === 'approved' && viewer === 'affiliate' ? 'filled' : 'outlined'}
      label={t(chip.labelKey)}
      data-testid={viewer === 'affiliate' ? 'membership-status' : 'application-status'}
      data-status={status}
    />
  );
}
