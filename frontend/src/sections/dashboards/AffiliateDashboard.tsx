import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider';
import { menuFor } from '../../shell/menus';
import { SectionHeader } from '../SectionHeader';
import { ProfileCard } from './ProfileCard';
import { ShortcutCards } from './ShortcutCards';

export default function AffiliateDashboard() {
  const { t } = useTranslation('sections');
  const { user } = useAuth();
  return (
    <>
      <SectionHeader title={t('dashboard.affiliateTitle')} subtitle={t('dashboard.affiliateSubtitle')} />
      <Stack spacing={3}>
        {user && <ProfileCard user={user} />}
        <ShortcutCards groups={menuFor('affiliate')} />
      </Stack>
    </>
  );
}
