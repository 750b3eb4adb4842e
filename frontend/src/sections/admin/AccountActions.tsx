import LockResetIcon from '@mui/icons-material/LockReset';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResetLinkAccount } from './ResetLinkDialog';

/**
 * What the host can do with the user account behind an admin row: a password reset link when the
 * row has a user. A row without one (an affiliate the host created) is where the invite action goes.
 */
export function AccountActions({
  userId,
  name,
  email,
  onResetLink,
}: {
  userId: string | null;
  name: string;
  email: string;
  onResetLink: (account: ResetLinkAccount) => void;
}) {
  const { t } = useTranslation('admin');
  if (!userId) return null;
  return (
    <Tooltip title={t('resetLink.action')}>
      <IconButton
        size="small"
        aria-label={t('resetLink.action')}
        onClick={() => onResetLink({ userId, name, email })}
        data-testid="admin-reset-link"
      >
        <LockResetIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
