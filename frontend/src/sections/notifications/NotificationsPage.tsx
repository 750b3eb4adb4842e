import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, Card, FormControlLabel, List, ListItem, ListItemButton, ListItemText, Stack, Switch, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import type { Notification } from '../../api/generated/model';
import { getListNotificationsQueryKey, useListNotifications, useMarkNotificationsRead } from '../../api/generated/notifications/notifications';
import { ListPagination } from '../../components/ListPagination';
import { QueryStatus } from '../../components/QueryStatus';
import { usePaging } from '../../components/usePaging';
import { formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { notificationText } from './notificationText';

const PAGE_SIZES = [25, 50, 100];

/** An affiliate's or a brand's notifications, newest first: unread ones stand out and are marked read on a click. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation(['notifications', 'sections']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const brand = useAuth().user?.accountType === 'brand';
  const [unreadOnly, setUnreadOnly] = useState(false);
  const paging = usePaging(PAGE_SIZES);
  const notifications = useListNotifications(
    { ...paging.params, ...(unreadOnly ? { unread: true } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );
  const mark = useMarkNotificationsRead();
  const rows = notifications.data?.data.notifications ?? [];
  const unread = notifications.data?.data.unread ?? 0;

  const markRead = async (body: { ids?: string[]; all?: boolean }) => {
    try {
      await mark.mutateAsync({ data: body });
      await queryClient.invalidateQueries({ queryKey: getListNotificationsQueryKey() });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('toasts.failed')) });
    }
  };
  const open = (n: Notification) => {
    if (!n.read) void markRead({ ids: [n.id] });
  };

  return (
    <>
      <SectionHeader
        title={t('sections:titles.notifications')}
        subtitle={t(brand ? 'subtitleBrand' : 'subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={unread === 0 || mark.isPending}
            onClick={() => void markRead({ all: true })}
            data-testid="notifications-read-all"
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <Card>
        <Stack direction="row" sx={{ px: 2, pt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" role="status" data-testid="notifications-unread">
            {t('bellUnread', { count: unread })}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={unreadOnly}
                onChange={(event) => {
                  setUnreadOnly(event.target.checked);
                  paging.setPage(0);
                }}
                slotProps={{ input: { 'data-testid': 'notifications-unread-only' } as object }}
              />
            }
            label={t('unreadOnly')}
          />
        </Stack>
        <QueryStatus loading={notifications.isPending} error={notifications.error} onRetry={() => void notifications.refetch()} />
        {notifications.isSuccess &&
          (rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }} data-testid="notifications-empty">
              {unreadOnly ? t('emptyUnread') : t(brand ? 'emptyBrand' : 'empty')}
            </Typography>
          ) : (
            <List aria-label={t('sections:titles.notifications')}>
              {rows.map((n) => (
                <ListItem key={n.id} disablePadding data-testid="notification" data-kind={n.kind} data-read={n.read}>
                  <ListItemButton onClick={() => open(n)} sx={{ alignItems: 'flex-start', gap: 1.5 }}>
                    <Box
                      aria-hidden
                      sx={{ mt: 1, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'primary.main' }}
                    />
                    <ListItemText
                      primary={notificationText(t, n)}
                      secondary={n.read ? formatDate(n.created_at, i18n.language) : `${t('unread')} · ${formatDate(n.created_at, i18n.language)}`}
                      slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 }, 'data-testid': 'notification-text' } as object }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          ))}
        {notifications.isSuccess && (
          <ListPagination {...paging.pagingOf(notifications.data.data.total)} />
        )}
      </Card>
    </>
  );
}
