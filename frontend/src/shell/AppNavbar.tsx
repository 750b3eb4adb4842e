import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { AppBar, IconButton, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from './NotificationBell';

/** The top bar shown under 1024 px, with the button that opens the sidebar. */
export function AppNavbar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar>
        <IconButton edge="start" aria-label={t('actions.openMenu')} onClick={onOpenMenu} data-testid="open-menu">
          <MenuRoundedIcon />
        </IconButton>
        <Typography variant="h6" component="p" sx={{ ml: 1, flex: 1, fontWeight: 800, color: 'primary.main' }}>
          {t('appName')}
        </Typography>
        <NotificationBell />
      </Toolbar>
    </AppBar>
  );
}
