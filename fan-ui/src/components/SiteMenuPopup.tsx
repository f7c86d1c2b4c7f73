import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SITE_SECTIONS } from './siteSections';

interface SiteMenuPopupProps {
  id: string;
  /** Where the menu opens; null once closed (it stays mounted so it closes with its transition). */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The phone's menu of the shop's sections. A chunk of its own (MUI's Menu, Popover, Modal and
 * focus trap): the first page does not need it until the fan opens the menu.
 */
export default function SiteMenuPopup({ id, anchor, onClose }: SiteMenuPopupProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ list: { 'aria-label': t('nav.label') } }}>
      {SITE_SECTIONS.map((section) => (
        <MenuItem key={section.key} component={RouterLink} to={section.to} onClick={onClose} sx={{ minHeight: 48 }}>
          {t(`nav.${section.key}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
