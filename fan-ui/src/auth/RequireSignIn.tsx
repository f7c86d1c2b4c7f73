import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from './returnTo';
import { useSession } from './useSession';

/**
 * Shows `children` to a signed-in user; sends a visitor to sign in and then back here. A user
 * who signs out (or whose session ends) while here goes home instead (spec: when login status
 * turns false, the user goes to /).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user !== null && !wasSignedIn) {
    // Remembered from this render on: React re-renders at once with it.
    setWasSignedIn(true);
  }
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (user === null) {
    return <Navigate to={wasSignedIn ? '/' : signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
