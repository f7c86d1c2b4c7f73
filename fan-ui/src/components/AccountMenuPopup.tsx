import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import FavoriteBorderOutlinedIcon from '@mui/icons-material/FavoriteBorderOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../auth/useSignOut';

interface AccountMenuPopupProps {
  id: string;
  /** Where the menu opens; null once closed (it stays mounted so it closes with its transition). */
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The fan's name as the app bar shows it, and their e-mail. */
  name: string;
  email: string;
  unread: number;
}

/**
 * The signed-in fan's menu: account, wallet, cards and the club's card to apply for, notifications,
 * sign out. A chunk of its own
 * (MUI's Menu, Popover, Modal, focus trap, the sign-out mutation): loaded when first opened.
 */
export default function AccountMenuPopup({ id, anchor, onClose, name, email, unread }: AccountMenuPopupProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('account.menu', { name }) } }}
    >
      <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 280 }}>
        <Typography variant="subtitle2" noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {email}
        </Typography>
      </Box>
      <Divider sx={{ mb: 1 }} />
      <MenuItem component={RouterLink} to="/myaccount" onClick={onClose}>
        <ListItemIcon>
          <PersonOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('account.myAccount')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/wallet/" onClick={onClose}>
        <ListItemIcon>
          <AccountBalanceWalletOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('account.wallet')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/myaccount/supporter-cards" onClick={onClose}>
        <ListItemIcon>
          <CardMembershipOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('account.supporterCards')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/blunelcuore" onClick={onClose}>
        <ListItemIcon>
          <FavoriteBorderOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('account.supporterCardApplication')}</ListItemText>
      </MenuItem>
      <MenuItem
        component={RouterLink}
        to="/notifications"
        onClick={onClose}
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
          onClose();
          signOut.mutate();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('account.signOut')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
