import { Box, Drawer, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from './NotificationBell';
import { MenuContent } from './MenuContent';
import type { MenuGroup, MenuItem } from './menus';
import { SideMenuFooter } from './SideMenuFooter';

export const SIDEBAR_WIDTH = 272;

/** The sidebar: permanent on desktop, sliding in over an overlay under 1024 px. */
export function SideMenu({
  groups,
  activePage,
  isMobile,
  mobileOpen,
  onClose,
  onChoose,
  onSignedOut,
}: {
  groups: MenuGroup[];
  activePage: string;
  isMobile: boolean;
  mobileOpen: boolean;
  onClose: () => void;
  onChoose: (item: MenuItem) => void;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation(['common', 'nav']);
  // Under 1024 px the menu starts closed: its content renders when it first opens, not with the
  // page (hidden, it was a large part of a phone's first render), then stays. The drawer itself
  // stays mounted from the start, as the scroll lock of useSidebar expects.
  const [opened, setOpened] = useState(false);
  if (isMobile && mobileOpen && !opened) setOpened(true);
  const showContent = !isMobile || opened;
  return (
    <Drawer
      variant={isMobile ? 'temporary' : 'permanent'}
      open={isMobile ? mobileOpen : true}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // Sliding in over the page, the sidebar is a dialog, and a dialog needs a name.
      slotProps={{ paper: isMobile ? { 'aria-label': t('nav:sidebar') } : {} }}
      data-testid="sidebar"
      // Docked, the sidebar's column runs the page's whole height in the sidebar's background and
      // border, and its paper stays in view, as high as the viewport, with a scroll of its own: no
      // page grey shows below it, however long the page (or a full-page capture of it).
      sx={
        isMobile
          ? { flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box', display: 'flex' } }
          : {
              width: SIDEBAR_WIDTH,
              flexShrink: 0,
              boxSizing: 'border-box',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              '& .MuiDrawer-paper': { position: 'sticky', top: 0, width: '100%', height: '100vh', border: 'none', display: 'flex' },
            }
      }
    >
      {/* One labelled landmark holds every control of the sidebar: the menu and its foot. */}
      {showContent && (
        <Box component="nav" aria-label={t('nav:sidebar')} sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
          <Box sx={{ px: 3, pt: 2.5, pb: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="p" variant="h6" sx={{ fontWeight: 800, color: 'primary.main' }}>
              {t('appName')}
            </Typography>
            {!isMobile && <NotificationBell />}
          </Box>
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            <MenuContent key={isMobile ? 'mobile' : 'desktop'} groups={groups} activePage={activePage} collapsible={!isMobile} onChoose={onChoose} />
          </Box>
          <SideMenuFooter onSignedOut={onSignedOut} />
        </Box>
      )}
    </Drawer>
  );
}
