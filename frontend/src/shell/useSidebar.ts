import { useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';

/** Under this width the sidebar slides in over the page. */
export const MOBILE_BREAKPOINT_PX = 1024;
export const SIDEBAR_TOGGLE_EVENT = 'sidebar-toggle';

/** The mobile sidebar's open state; opening locks the page's scroll and tells the window. */
export function useSidebar() {
  const isMobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    const open = isMobile && mobileOpen;
    document.body.style.overflow = open ? 'hidden' : '';
    window.dispatchEvent(new CustomEvent(SIDEBAR_TOGGLE_EVENT, { detail: { open } }));
  }, [isMobile, mobileOpen]);

  useEffect(() => () => void (document.body.style.overflow = ''), []);

  const open = useCallback(() => setMobileOpen(true), []);
  const close = useCallback(() => setMobileOpen(false), []);
  return { isMobile, mobileOpen: isMobile && mobileOpen, open, close };
}
