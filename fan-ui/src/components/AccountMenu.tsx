import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';
import type { Me } from '../auth/types';
import { useSession } from '../auth/useSession';
import { useSignOut } from '../auth/useSignOut';

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
  // From the sign-in page itself (or home) there is nowhere to come back to.
  const here = location.pathname === '/accedi' ? '/' : `${location.pathname}${location.search}`;
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
function shownName(user: Me): string {
  return user.display_name.trim() || user.name.trim() || user.email;
}

function SignedInMenu({ user }: { user: Me }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<AccountCircleOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor === null ? undefined : true}
        aria-label={t('account.menu', { name: shownName(user) })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, maxWidth: { xs: 132, sm: 240 }, flexShrink: 1, textTransform: 'none' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {shownName(user)}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to="/myaccount" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.myAccount')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={signOut.isPending}
          onClick={() => {
            close();
            signOut.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
