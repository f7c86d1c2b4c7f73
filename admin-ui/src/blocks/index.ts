import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { BlockEdit } from './BlockEdit';

/**
 * Blocks of the stadium's sectors: staff set the gate and the season sale. Listed at
 * /admin/stadium/blocks (and by sector on a sector's page, and on the season setup page).
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.blocks }),
  edit: BlockEdit,
  icon: ViewModuleOutlinedIcon,
  recordRepresentation: (block: { sector_code: string; code: string }) => `${block.sector_code} ${block.code}`,
};
