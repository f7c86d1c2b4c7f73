import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';
import { useSession } from '../auth/useSession';
import { useNotifications } from '../orders/api';
import type { MeView } from '../../../api-types';

// Loaded when the fan first opens the menu: it is not part of the first paint.
const AccountMenuPopup = lazy(() => import('./AccountMenuPopup'));

/** The app bar's account corner: "Sign in" when signed out, else the fan's name and a menu. */
export function AccountMenu() {
  const { user, isPending } = useSession();
  if (isPending) {
    // Nothing rather than a "Sign in" that flips to a name a moment later.
    return <Box sx={{ width: 40 }} />;
  }
  return user === null ? <SignInButton /> : <SignedInMenu user={user} />;
}

function SignInButton() {
  const { t } = useTranslation();
  const location = useLocation();
  // The sign-in page is where the button goes: no need for it there.
  if (location.pathname === '/accedi') {
    return null;
  }
  const here = `${location.pathname}${location.search}`;
  return (
    <Button
      component={RouterLink}
      to={signInPath(here)}
      variant="contained"
      color="secondary"
      size="small"
      startIcon={<AccountCircleOutlinedIcon />}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('account.signIn')}
    </Button>
  );
}

/** What to call the user in the app bar. */
function shownName(user: MeView): string {
  return user.display_name.trim() || user.name.trim() || user.email;
}

function SignedInMenu({ user }: { user: MeView }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that later closings keep their transition.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);
  const name = shownName(user);
  // A failed read shows no badge: the notifications page says what went wrong.
  const unread = useNotifications(true).data?.unread ?? 0;
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={
          <Badge color="secondary" variant="dot" invisible={unread === 0} data-testid="unread-badge">
            <AccountCircleOutlinedIcon />
          </Badge>
        }
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor === null ? undefined : true}
        aria-label={t('account.menu', { name })}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{
          minWidth: 0,
          maxWidth: 240,
          flexShrink: 1,
          // On a phone the bar has room for the icon only: the name heads the menu.
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box
          component="span"
          sx={{ display: { xs: 'none', sm: 'block' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Box>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchor={anchor} onClose={close} name={name} email={user.email} unread={unread} />
        </Suspense>
      )}
    </>
  );
}
