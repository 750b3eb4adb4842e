import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetSystemConfig } from '../api/generated/system/system';

/** How often the shell asks whether the platform went into (or out of) maintenance. */
const POLL_MS = 60_000;

/** A banner over every page while the host has the platform in maintenance (changes are refused). */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const config = useGetSystemConfig({ query: { refetchInterval: POLL_MS, retry: false } });
  if (!config.data?.data.maintenance) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }} role="status" data-testid="maintenance-banner">
      {t('maintenanceBanner')}
    </Alert>
  );
}
