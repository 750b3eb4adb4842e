import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListNotifications } from '../api/generated/notifications/notifications';
import type { AccountType } from '../api/generated/model';
import { useAuth } from '../auth/AuthProvider';

/** How often the shell asks whether new notifications came. */
const POLL_MS = 60_000;

/** Whether an account type has notifications, and so the bell that links to them (hosts have none). */
export function hasNotificationBell(accountType: AccountType | undefined): boolean {
  return accountType === 'affiliate' || accountType === 'brand';
}

/** An affiliate's or a brand's bell: a link to their notifications with how many are unread. */
export function NotificationBell() {
  const { user } = useAuth();
  return hasNotificationBell(user?.accountType) ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation('notifications');
  const unread = useListNotifications({ limit: 1 }, { query: { refetchInterval: POLL_MS } }).data?.data.unread ?? 0;
  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to="/notifications" aria-label={label} data-testid="notification-bell">
        {/* The label says the count, so the badge's figure is part of the link's name (WCAG 2.5.3). */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
