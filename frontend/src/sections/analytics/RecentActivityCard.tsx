import { Card, CardContent, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useGetRecentActivity } from '../../api/generated/analytics/analytics';
import type { ActivityEntry } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDateTime } from '../../preferences/format';
import type { TextKey } from '../../i18n/keys';

const roles = ['brand', 'affiliate', 'host'] as const;
const isRole = (actor: string): actor is (typeof roles)[number] => (roles as readonly string[]).includes(actor);

/** One entry as a whole sentence: its kind (entity and action) names the sentence, which takes the
 *  actor, the object's name when the server gives one and the count; an unknown kind (a newer
 *  server) reads as a generic sentence. */
export function activityText(entry: ActivityEntry, t: TFunction<'analytics'>): string {
  const actor = entry.actor === 'system' ? t('activity.system') : isRole(entry.actor) ? t(`activity.roles.${entry.actor}`) : entry.actor;
  // Built from the server's kind, which a newer server may send before this UI knows it: 'activity.unknown' covers that.
  const key = `activity.sentences.${entry.entity_type}.${entry.action.replace(/\./g, '_')}` as TextKey<'analytics'>;
  // The context picks the sentence with the object's name (key_named) where there is one.
  return t([key, 'activity.unknown'], { actor, object: entry.object, count: entry.count, context: entry.object ? 'named' : undefined });
}

/** The latest entries of the activity log the account may see. */
export function RecentActivityCard() {
  const { t, i18n } = useTranslation('analytics');
  const activity = useGetRecentActivity({ limit: 10 });
  const entries = activity.data?.data.activity;
  return (
    <Card data-testid="recent-activity" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('activity.title')}
        </Typography>
        <QueryStatus loading={false} error={activity.error} onRetry={() => void activity.refetch()} />
        {activity.isPending ? (
          <List dense>
            {[0, 1, 2].map((i) => (
              <ListItem key={i} data-testid="row-loading">
                <ListItemText primary={<Skeleton width="80%" />} secondary={<Skeleton width="30%" />} />
              </ListItem>
            ))}
          </List>
        ) : entries && entries.length === 0 ? (
          <Typography color="text.secondary">{t('activity.empty')}</Typography>
        ) : (
          <List dense>
            {entries?.map((entry) => (
              <ListItem key={entry.id} disableGutters data-testid="activity-entry">
                <ListItemText primary={activityText(entry, t)} secondary={formatDateTime(entry.created_at, i18n.language)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
