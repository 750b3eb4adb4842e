import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { themeModes, useThemeMode, type ThemeMode } from '../preferences/ThemeModeProvider';

const icons: Record<ThemeMode, typeof LightModeIcon> = {
  light: LightModeIcon,
  dark: DarkModeIcon,
  system: SettingsBrightnessIcon,
};

/** Light / Dark / System, kept in localStorage 'vite-ui-theme'. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      fullWidth
      value={mode}
      aria-label={t('theme.label')}
      onChange={(_, next: ThemeMode | null) => {
        if (next) setMode(next);
      }}
    >
      {themeModes.map((option) => {
        const Icon = icons[option];
        return (
          <ToggleButton
            key={option}
            value={option}
            data-testid={`theme-${option}`}
            sx={{ gap: 0.5, px: 0.5, fontSize: '0.75rem', textTransform: 'none' }}
          >
            <Icon sx={{ fontSize: 16 }} />
            {t(`theme.${option}`)}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
