import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SectionsKey } from '../shell/pages';
import { SectionHeader } from './SectionHeader';

/** A section whose page arrives in a later release: its title, what it will hold, and that it is not there yet. */
export default function SectionPlaceholder({ title, description }: { title: SectionsKey; description?: SectionsKey }) {
  const { t } = useTranslation('sections');
  return (
    <>
      <SectionHeader title={t(title)} subtitle={description && t(description)} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ConstructionIcon color="action" />
            <Typography color="text.secondary">{t('inProgress')}</Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
