import { Box, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * A statistic the platform does not record yet (conversions and the money that follows from them):
 * a dash with 'Not tracked yet' for the eye (tooltip) and for screen readers, never a 0 that is not true.
 */
export function NotTrackedYet() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('stats.notTrackedHelp')}>
      <Box component="span" tabIndex={0} data-testid="stat-not-tracked" sx={{ color: 'text.secondary', cursor: 'help' }}>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t('stats.notTracked')}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}
