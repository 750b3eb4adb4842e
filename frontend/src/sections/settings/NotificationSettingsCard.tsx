import { Card, CardContent, FormControlLabel, FormGroup, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { NotificationKind } from '../../api/generated/model';
import {
  getGetNotificationPreferencesQueryKey,
  useGetNotificationPreferences,
  useSetNotificationPreferences,
} from '../../api/generated/notifications/notifications';
import { QueryStatus } from '../../components/QueryStatus';
import { useToast } from '../../toasts/ToastProvider';

/** The kinds a brand alone hears about. */
const brandKinds: NotificationKind[] = [NotificationKind.tracking_domain_unverified, NotificationKind.webhook_endpoint_disabled];

/** The kinds an affiliate hears about (a brand's notices are not among them). */
const affiliateKinds = Object.values(NotificationKind).filter((kind) => !brandKinds.includes(kind));

/** An affiliate's notification settings: one switch per kind; a kind turned off is not recorded. */
export function NotificationSettingsCard() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const queryClient = useQueryClient();
  const preferences = useGetNotificationPreferences();
  const save = useSetNotificationPreferences();
  const muted = preferences.data?.data.muted ?? [];

  const toggle = async (kind: NotificationKind, on: boolean) => {
    const next = on ? muted.filter((k) => k !== kind) : [...muted, kind];
    try {
      const response = await save.mutateAsync({ data: { muted: next } });
      queryClient.setQueryData(getGetNotificationPreferencesQueryKey(), response);
      toast({ severity: 'success', message: t('preferences.saved') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('preferences.failed')) });
    }
  };

  return (
    <Card data-testid="notification-settings">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('preferences.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('preferences.help')}
        </Typography>
        <QueryStatus loading={preferences.isPending} error={preferences.error} onRetry={() => void preferences.refetch()} />
        {preferences.isSuccess && (
          <FormGroup>
            {affiliateKinds.map((kind) => (
              <FormControlLabel
                key={kind}
                label={t(`kinds.${kind}`)}
                control={
                  <Switch
                    checked={!muted.includes(kind)}
                    disabled={save.isPending}
                    onChange={(event) => void toggle(kind, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `notify-${kind}` } as object }}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}
