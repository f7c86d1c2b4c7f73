import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import CompareArrowsOutlinedIcon from '@mui/icons-material/CompareArrowsOutlined';
import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import EuroOutlinedIcon from '@mui/icons-material/EuroOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import LibraryAddCheckOutlinedIcon from '@mui/icons-material/LibraryAddCheckOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import QueueOutlinedIcon from '@mui/icons-material/QueueOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import StadiumOutlinedIcon from '@mui/icons-material/StadiumOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import UnsubscribeOutlinedIcon from '@mui/icons-material/UnsubscribeOutlined';
import UpcomingOutlinedIcon from '@mui/icons-material/UpcomingOutlined';
import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactElement } from 'react';
import { Menu, useBasename, useSidebarState, useTranslate } from 'react-admin';
import { EXPORTS_PATH } from '../exports/types';
import { PAGE_PATHS } from './paths';

interface MenuEntry {
  path: string;
  label: string;
  icon: ReactElement;
}

interface MenuSection {
  id: string;
  label: string;
  entries: MenuEntry[];
}

/** The menu by area of work, in the order of a match's preparation. */
const SECTIONS: MenuSection[] = [
  {
    id: 'stadium',
    label: 'app.menu.stadium',
    entries: [
      { path: PAGE_PATHS.sectors, label: 'app.menu.sectors', icon: <StadiumOutlinedIcon /> },
      { path: PAGE_PATHS.blocks, label: 'app.menu.blocks', icon: <ViewModuleOutlinedIcon /> },
      { path: PAGE_PATHS.prices, label: 'app.menu.prices', icon: <EuroOutlinedIcon /> },
      { path: PAGE_PATHS.season, label: 'app.menu.season', icon: <CardMembershipOutlinedIcon /> },
    ],
  },
  {
    id: 'matches',
    label: 'app.menu.matches',
    entries: [
      { path: PAGE_PATHS.upcomingFixtures, label: 'app.menu.upcoming', icon: <UpcomingOutlinedIcon /> },
      { path: PAGE_PATHS.pastFixtures, label: 'app.menu.past', icon: <HistoryOutlinedIcon /> },
      { path: PAGE_PATHS.seasonTickets, label: 'app.menu.season_tickets', icon: <EventRepeatOutlinedIcon /> },
      { path: PAGE_PATHS.seatLocks, label: 'app.menu.seat_locks', icon: <EventSeatOutlinedIcon /> },
      { path: PAGE_PATHS.waitingRooms, label: 'app.menu.waiting_rooms', icon: <HourglassEmptyOutlinedIcon /> },
    ],
  },
  {
    id: 'preemption',
    label: 'app.menu.preemption',
    entries: [
      { path: PAGE_PATHS.phases, label: 'app.menu.phases', icon: <EventNoteOutlinedIcon /> },
      { path: PAGE_PATHS.holdersImport, label: 'app.menu.holders_import', icon: <GroupAddOutlinedIcon /> },
      { path: PAGE_PATHS.seasonHolders, label: 'app.menu.season_holders', icon: <BadgeOutlinedIcon /> },
      { path: PAGE_PATHS.renewalCodes, label: 'app.menu.renewal_codes', icon: <VpnKeyOutlinedIcon /> },
      { path: PAGE_PATHS.renewalMailings, label: 'app.menu.renewal_mailings', icon: <ForwardToInboxOutlinedIcon /> },
    ],
  },
  {
    id: 'tickets',
    label: 'app.menu.tickets',
    entries: [
      { path: PAGE_PATHS.issuedTickets, label: 'app.menu.issued_tickets', icon: <ConfirmationNumberOutlinedIcon /> },
      { path: PAGE_PATHS.failedIssues, label: 'app.menu.failed_issues', icon: <SyncProblemOutlinedIcon /> },
      { path: PAGE_PATHS.seasonIssued, label: 'app.menu.season_issued', icon: <CardMembershipOutlinedIcon /> },
      { path: PAGE_PATHS.seasonFailed, label: 'app.menu.season_failed', icon: <SyncProblemOutlinedIcon /> },
      { path: PAGE_PATHS.seasonBacklog, label: 'app.menu.season_backlog', icon: <PendingActionsOutlinedIcon /> },
      { path: PAGE_PATHS.seatSeasonBacklog, label: 'app.menu.seat_season_backlog', icon: <EventSeatOutlinedIcon /> },
      { path: '/orders', label: 'app.menu.orders', icon: <ReceiptLongOutlinedIcon /> },
      { path: '/transfers', label: 'app.menu.transfers', icon: <SwapHorizOutlinedIcon /> },
      { path: '/resales', label: 'app.menu.resales', icon: <SellOutlinedIcon /> },
      { path: PAGE_PATHS.seasonTransferLimit, label: 'app.menu.season_transfer_limit', icon: <CardMembershipOutlinedIcon /> },
      { path: '/refund-requests', label: 'app.menu.refund_requests', icon: <CurrencyExchangeOutlinedIcon /> },
      { path: PAGE_PATHS.massIssue, label: 'app.menu.mass_issue', icon: <PlaylistAddCheckOutlinedIcon /> },
      { path: PAGE_PATHS.massIssueLines, label: 'app.menu.mass_issue_lines', icon: <LibraryAddCheckOutlinedIcon /> },
    ],
  },
  {
    id: 'people',
    label: 'app.menu.people',
    entries: [
      { path: '/users', label: 'app.menu.users', icon: <PeopleOutlinedIcon /> },
      { path: PAGE_PATHS.corporateRequests, label: 'app.menu.corporate_requests', icon: <BusinessOutlinedIcon /> },
      { path: PAGE_PATHS.supporterCards, label: 'app.menu.supporter_cards', icon: <CreditCardOutlinedIcon /> },
      { path: '/emails', label: 'app.menu.emails', icon: <MailOutlinedIcon /> },
      { path: PAGE_PATHS.titleBans, label: 'app.menu.title_bans', icon: <BlockOutlinedIcon /> },
      { path: PAGE_PATHS.blacklist, label: 'app.menu.blacklist', icon: <PersonOffOutlinedIcon /> },
      { path: PAGE_PATHS.emailBans, label: 'app.menu.email_bans', icon: <UnsubscribeOutlinedIcon /> },
    ],
  },
  {
    id: 'reports',
    label: 'app.menu.reports',
    entries: [
      { path: EXPORTS_PATH, label: 'app.menu.exports', icon: <GridOnOutlinedIcon /> },
      { path: PAGE_PATHS.customerConsent, label: 'app.menu.customer_consent', icon: <PrivacyTipOutlinedIcon /> },
      { path: PAGE_PATHS.ticketsMismatchReport, label: 'app.menu.tickets_mismatch', icon: <CompareArrowsOutlinedIcon /> },
      { path: PAGE_PATHS.paymentReport, label: 'app.menu.payment_report', icon: <PaymentsOutlinedIcon /> },
      { path: PAGE_PATHS.serviceLog, label: 'app.menu.service_log', icon: <ManageSearchOutlinedIcon /> },
      { path: PAGE_PATHS.serviceStatus, label: 'app.menu.service_status', icon: <MonitorHeartOutlinedIcon /> },
    ],
  },
  {
    id: 'jobs',
    label: 'app.menu.jobs',
    entries: [
      { path: '/job-queues', label: 'app.menu.job_queues', icon: <QueueOutlinedIcon /> },
      { path: '/jobs', label: 'app.menu.job_list', icon: <ListAltOutlinedIcon /> },
    ],
  },
  {
    id: 'system',
    label: 'app.menu.system',
    // Sliders rather than the usual gear: the gear's drawing alone is 0.8 kB of the main bundle.
    entries: [{ path: PAGE_PATHS.config, label: 'app.menu.config', icon: <TuneOutlinedIcon /> }],
  },
];

/** The sidebar: the dashboard, then one titled group per area (titles hide when it is folded). */
export function AdminMenu() {
  const translate = useTranslate();
  const basename = useBasename();
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.DashboardItem />
      {SECTIONS.map((section) => [
        open ? (
          // A group's title inside the menu (role menu) is a separator with the title as its
          // name: a plain <li> there is neither a menu item nor in a list (axe: serious).
          <ListSubheader
            key={section.id}
            role="separator"
            aria-label={translate(section.label)}
            disableSticky
            sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent', textTransform: 'uppercase', fontSize: 12 }}
          >
            {translate(section.label)}
          </ListSubheader>
        ) : (
          <Divider key={section.id} />
        ),
        ...section.entries.map((entry) => (
          // A long name ("Backlog abbonamenti per posto") wraps rather than ending in "…", where
          // it would read as its neighbour ("Backlog abbonamenti").
          <Menu.Item
            key={entry.path}
            to={`${basename}${entry.path}`}
            primaryText={entry.label}
            leftIcon={entry.icon}
            sx={{ whiteSpace: 'normal', '& *': { whiteSpace: 'normal', textOverflow: 'clip' } }}
          />
        )),
      ])}
    </Menu>
  );
}
