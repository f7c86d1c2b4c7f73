import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { IssuedTicketShow } from './IssuedTicketShow';

/**
 * Issued tickets (titles in the ticketing system), read-only: listed at
 * /admin/tickets/issuedtickets, each on its own page.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.issuedTickets }),
  show: IssuedTicketShow,
  icon: ConfirmationNumberOutlinedIcon,
  recordRepresentation: (ticket: { label: string; fixture_title: string }) => `${ticket.fixture_title} · ${ticket.label}`,
};
