import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The shop's sections, in the app bar: inline from a tablet up, behind a menu button on a phone. */
const SITE_SECTIONS = [
  { key: 'matches', to: '/fixtures/all' },
  { key: 'wallet', to: '/wallet/' },
  { key: 'account', to: '/myaccount' },
  { key: 'help', to: '/help' },
] as const;

export function SiteMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', alignItems: 'center' }}>
      <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, listStyle: 'none', m: 0, p: 0, gap: 0.5 }}>
        {SITE_SECTIONS.map((section) => (
          <li key={section.key}>
            <Button component={RouterLink} to={section.to} color="inherit" sx={{ fontWeight: 600 }}>
              {t(`nav.${section.key}`)}
            </Button>
          </li>
        ))}
      </Box>
      <IconButton
        color="inherit"
        aria-label={t('nav.open')}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor === null ? undefined : true}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        data-testid="site-menu-button"
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': t('nav.label') } }}
      >
        {SITE_SECTIONS.map((section) => (
          <MenuItem key={section.key} component={RouterLink} to={section.to} onClick={close} sx={{ minHeight: 48 }}>
            {t(`nav.${section.key}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
