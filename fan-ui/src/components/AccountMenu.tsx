import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';
import type { Me } from '../auth/types';
import { useSession } from '../auth/useSession';
import { useSignOut } from '../auth/useSignOut';
import { useNotifications } from '../orders/api';

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
function shownName(user: Me): string {
  return user.display_name.trim() || user.name.trim() || user.email;
}

function SignedInMenu({ user }: { user: Me }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('account.menu', { name }) } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 280 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider sx={{ mb: 1 }} />
        <MenuItem component={RouterLink} to="/myaccount" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.myAccount')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/wallet/" onClick={close}>
          <ListItemIcon>
            <AccountBalanceWalletOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.wallet')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/myaccount/supporter-cards" onClick={close}>
          <ListItemIcon>
            <CardMembershipOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.supporterCards')}</ListItemText>
        </MenuItem>
        <MenuItem
          component={RouterLink}
          to="/notifications"
          onClick={close}
          aria-label={unread === 0 ? undefined : `${t('account.notifications')}, ${t('account.unread', { count: unread })}`}
        >
          <ListItemIcon>
            <NotificationsNoneOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.notifications')}</ListItemText>
          {unread > 0 && (
            <Badge badgeContent={unread} color="secondary" max={99} sx={{ ml: 2, mr: 1 }} aria-hidden="true" />
          )}
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
