import EventRepeatOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { SeasonTicketShow } from './SeasonTicketShow';

/**
 * Season tickets: listed at /admin/seasontickets, where staff put them on sale or take them off;
 * no free edit. They come in with the matches' import from the ticketing system.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.seasonTickets }),
  show: SeasonTicketShow,
  icon: EventRepeatOutlinedIcon,
  recordRepresentation: 'name',
};
