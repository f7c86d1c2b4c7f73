import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';

/**
 * Last season's holders, who renew or use a pre-emption right: searched at
 * /admin/preemption/season_holders; they come from the holders' sheets only.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.seasonHolders }),
  icon: BadgeOutlinedIcon,
  recordRepresentation: (holder: { first_name: string; last_name: string }) => `${holder.last_name} ${holder.first_name}`,
};
