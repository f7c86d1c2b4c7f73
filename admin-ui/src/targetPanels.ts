/**
 * The panels of a match's and a season ticket's tabs, and the pre-emption, waiting room, changes
 * of holder, refund, season transfer limit, resale, ban, blacklist, supporter card and club settings pages (lazyPages.ts),
 * that load only when opened, in one chunk of their own: the staff app's main bundle stays within its budget.
 */
export { HoldersImportPage } from './holdersImports/HoldersImportPage';
export { HoldersImportShow } from './holdersImports/HoldersImportShow';
export { PhasesPanel } from './phases/PhasesPanel';
export { default as PreemptionCodesPanel } from './preemptionCodes/PreemptionCodesPanel';
export { RenewalMailingShow } from './renewalMailings/RenewalMailingShow';
export { RenewalMailingsPage } from './renewalMailings/pages';
export { WaitingRoomCreate, WaitingRoomEdit, WaitingRoomPanel, WaitingRoomShow, WaitingRoomsPage } from './waitingRooms/pages';
export { FixtureTransferPanel, TransferList } from './transfers/pages';
export { FixtureRefundPanel, OrderRefunds, RefundRequestList } from './refunds/pages';
export { SeasonTransferLimitPage } from './seasonTickets/pages';
export { ResaleList, ResaleShow } from './resales/pages';
export { BanCreate, BanEdit, BanShow, EmailBanList, TitleBanList } from './bans/pages';
export { BlacklistCreate, BlacklistList, BlacklistShow } from './blacklist/pages';
export { CardApplicationList, CardApplicationShow } from './cardApplications/pages';
export { SupporterCardList } from './supporterCards/pages';
export { ClubSettingsPage } from './clubSettings/pages';
