import { Box, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

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
        <Box
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
        >
          {t('stats.notTracked')}
        </Box>
      </Box>
    </Tooltip>
  );
}
