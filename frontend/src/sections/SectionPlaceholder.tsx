import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';

/** A section whose page arrives in a later release: its title, what it will hold, and that it is not there yet. */
export default function SectionPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('sections');
  return (
    <>
      <SectionHeader title={t(`titles.${titleKey}`)} subtitle={t(`descriptions.${titleKey}`)} />
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
