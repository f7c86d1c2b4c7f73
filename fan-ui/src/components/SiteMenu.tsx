import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SITE_SECTIONS } from './siteSections';

// Loaded when the fan first opens the menu: it is not part of the first paint.
const SiteMenuPopup = lazy(() => import('./SiteMenuPopup'));

export function SiteMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that later closings keep their transition.
  const [opened, setOpened] = useState(false);
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
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        data-testid="site-menu-button"
      >
        <MenuIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <SiteMenuPopup id={menuId} anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
