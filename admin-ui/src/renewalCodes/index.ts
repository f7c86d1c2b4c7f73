import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';

/**
 * The code table: each renewal code and the seat it keeps. Listed at
 * /admin/preemption/renewal_codes and imported from a sheet at
 * /admin/preemption/renewal_codes/import; never edited one by one.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.renewalCodes }),
  icon: VpnKeyOutlinedIcon,
  recordRepresentation: 'id',
};
