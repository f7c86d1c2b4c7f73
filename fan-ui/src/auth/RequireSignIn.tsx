import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from './returnTo';
import { useSession } from './useSession';

/** Shows `children` to a signed-in user; sends anyone else to sign in and then back here. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (user === null) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
