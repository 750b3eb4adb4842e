import { Box, CircularProgress } from '@mui/material';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { mainTarget, SkipLink } from '../components/SkipLink';
import { PageErrorBoundary } from '../errors/PageErrorBoundary';
import { SectionContent } from '../sections/SectionContent';
import { AppNavbar } from './AppNavbar';
import { MaintenanceBanner } from './MaintenanceBanner';
import { HeadingFocusRequest } from './headingFocus';
import { activePage, menuFor, type MenuItem } from './menus';
import { documentTitle, pageTitleEntry } from './pages';
import { SideMenu } from './SideMenu';
import { useSidebar } from './useSidebar';

function SectionSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress size={28} />
    </Box>
  );
}

/** The one shell every protected route renders: sidebar, mobile navbar and the active section. */
export default function DashboardShell() {
  const { t } = useTranslation(['sections', 'common']);
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const page = activePage(location.pathname);
  const groups = menuFor(user?.accountType);
  const accountType = user?.accountType ?? 'brand';

  const headingFocus = useRef(false);
  const choose = useCallback(
    (item: MenuItem) => {
      sidebar.close();
      if (item.page === page) return;
      headingFocus.current = true;
      navigate(`/${item.page}`);
    },
    [navigate, page, sidebar],
  );

  const titleEntry = pageTitleEntry(page, accountType);
  const pageTitle = titleEntry ? t(titleEntry.title) : t('common:appName');
  const appName = t('common:appName');
  useEffect(() => {
    document.title = documentTitle(pageTitle, appName);
    return () => {
      document.title = appName;
    };
  }, [pageTitle, appName]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }} data-account-type={accountType}>
      <SkipLink />
      <SideMenu
        key={accountType}
        groups={groups}
        activePage={page}
        isMobile={sidebar.isMobile}
        mobileOpen={sidebar.mobileOpen}
        onClose={sidebar.close}
        onChoose={choose}
        onSignedOut={() => navigate('/auth', { replace: true })}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {sidebar.isMobile && <AppNavbar onOpenMenu={sidebar.open} />}
        <Box
          component="main"
          {...mainTarget}
          sx={{ flex: 1, p: { xs: 2, md: 4 }, maxWidth: 1280, width: '100%', mx: 'auto' }}
          data-testid="section"
        >
          <MaintenanceBanner />
          <HeadingFocusRequest value={headingFocus}>
            <PageErrorBoundary page={pageTitle}>
              <Suspense fallback={<SectionSpinner />}>
                {/* A page of its own per path, so two placeholders in a row mount (and focus) their own heading. */}
                <SectionContent key={page} page={page} accountType={accountType} />
              </Suspense>
            </PageErrorBoundary>
          </HeadingFocusRequest>
        </Box>
      </Box>
    </Box>
  );
}
