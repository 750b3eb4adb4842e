import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/generated/model';
import { formatDate } from '../../preferences/format';
import { displayName } from '../../shell/UserSummary';

function Fact({ label, value, help, testId }: { label: string; value: string; help?: string; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Typography>
      {help && (
        <Typography variant="caption" color="text.secondary">
          {help}
        </Typography>
      )}
    </Grid>
  );
}

/** The signed-in account at a glance; brands also see the ids their tracking links use. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation('sections');
  const notSet = t('dashboard.notSet');
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('dashboard.welcome', { name: displayName(user) })}
        </Typography>
        <Grid container spacing={2}>
          {user.accountType === 'brand' && (
            <>
              <Fact label={t('dashboard.company')} value={user.companyName || notSet} />
              <Fact label={t('dashboard.brandId')} value={user.brandId || notSet} help={t('dashboard.brandIdHelp')} testId="brand-id" />
              <Fact label={t('dashboard.brandIdHash')} value={user.brandIdHash || notSet} />
            </>
          )}
          <Fact label={t('dashboard.memberSince')} value={formatDate(user.createdAt, i18n.language)} />
        </Grid>
      </CardContent>
    </Card>
  );
}
