import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../api/generated/model';

/** Shown when the path names a section this account type does not have. */
export function SectionNotAvailable({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('sections');
  return (
    <Alert severity="info" data-testid="section-not-available">
      {t('notAvailable', { role: t(`roles.${accountType}`) })}
    </Alert>
  );
}
