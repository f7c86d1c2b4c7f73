import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { SeasonOrderCreate } from './SeasonOrderCreate';
import { SeasonOrderShow } from './SeasonOrderShow';

/**
 * Season orders, read-only but for a failed one's retry and refund and an issued one's e-mail sent
 * again (action endpoints): listed at /admin/tickets/seasonissued and
 * /admin/tickets/issuefailedseason, each on its own page; staff sell season tickets at the box
 * office at /admin/season-orders/create.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.seasonIssued }),
  show: SeasonOrderShow,
  create: SeasonOrderCreate,
  icon: CardMembershipOutlinedIcon,
  recordRepresentation: (order: { season_name?: string; buyer_email: string }) =>
    order.season_name === undefined ? order.buyer_email : `${order.season_name} · ${order.buyer_email}`,
};

/** The season backlog: its lines are listed at /admin/tickets/seat_season_backlog. */
export const seasonBacklog = {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.seatSeasonBacklog }),
  icon: CardMembershipOutlinedIcon,
};
