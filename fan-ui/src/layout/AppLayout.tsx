import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { DisplayNameDialog } from '../components/DisplayNameDialog';
import { OnlineStatusNotice } from '../components/OnlineStatusNotice';
import { SignInErrorNotice } from '../components/SignInErrorNotice';
import { SiteFooter } from '../components/SiteFooter';
import { SkipToContentLink } from '../components/SkipToContentLink';
import { useMaintenanceExit } from './useMaintenanceExit';
import { useScrollToTop } from './useScrollToTop';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The shell every fan page sits in: app bar, the page, footer, the network notice, and the
 * mandatory display-name dialog; and the way to /maintenance when a write is refused for it.
 */
export function AppLayout() {
  useScrollToTop(useLocation().pathname);
  useMaintenanceExit();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <SkipToContentLink targetId={MAIN_CONTENT_ID} />
      <AppHeader />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          // The footer starts below the fold: a page that loads its content after the first
          // paint would otherwise push a visible footer down (a layout shift, CLS).
          minHeight: '100dvh',
          '&:focus': { outline: 'none' },
        }}
      >
        <SignInErrorNotice />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <OnlineStatusNotice />
      <DisplayNameDialog />
    </Box>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
