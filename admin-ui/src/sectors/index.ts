import StadiumOutlinedIcon from '@mui/icons-material/StadiumOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { SectorShow } from './SectorShow';

/**
 * Stadium sectors, read-only (the venue comes from the ticketing system). The list lives at
 * /admin/stadium/sectors (a custom route); the resource's own list route leads there.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.sectors }),
  show: SectorShow,
  icon: StadiumOutlinedIcon,
  recordRepresentation: 'name',
};
