import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { SiteMenu } from './SiteMenu';

/**
 * The blue bar on top of every page: the club's name (back to home), the shop's sections, the
 * language switch, and "Sign in" or the signed-in fan's menu.
 */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('header.homeLink')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
            mr: 'auto',
            minWidth: 0,
            '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
          }}
        >
          <ConfirmationNumberOutlinedIcon aria-hidden="true" />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: '0.01em' }}>
            {t('app.clubName')}
          </Typography>
        </Box>
        <SiteMenu />
        <LanguageSwitch />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
