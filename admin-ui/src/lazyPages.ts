import { lazyPage } from './layout/lazyPage';

/**
 * The pre-emption and waiting room pages, each loading when first opened from the same chunk as
 * the season's and the match's tabs (targetPanels): the staff app's main bundle stays within its
 * budget.
 */
const panels = () => import('./targetPanels');

export const LazyHoldersImportPage = lazyPage(() => panels().then((module) => module.HoldersImportPage));
export const LazyHoldersImportShow = lazyPage(() => panels().then((module) => module.HoldersImportShow));
export const LazyRenewalMailingsPage = lazyPage(() => panels().then((module) => module.RenewalMailingsPage));
export const LazyRenewalMailingShow = lazyPage(() => panels().then((module) => module.RenewalMailingShow));

// The waiting rooms' pages, and their strings (waitingRooms/pages.ts), in the same chunk: a chunk
// of their own, sharing modules with this one and the main bundle, made the bundler split the main
// bundle in three (5 kB more, and no chunk over the size warning that guards the budget).
export const LazyWaitingRoomsPage = lazyPage(() => panels().then((module) => module.WaitingRoomsPage));
export const LazyWaitingRoomCreate = lazyPage(() => panels().then((module) => module.WaitingRoomCreate));
export const LazyWaitingRoomEdit = lazyPage(() => panels().then((module) => module.WaitingRoomEdit));
export const LazyWaitingRoomShow = lazyPage(() => panels().then((module) => module.WaitingRoomShow));

// The changes of holder's list, and the "Cambio nominativo" panel of a match's page (it reads the
// match from the page's record), with their strings (transfers/pages.ts), in the same chunk.
export const LazyTransferList = lazyPage(() => panels().then((module) => module.TransferList));
export const LazyFixtureTransferPanel = lazyPage(() => panels().then((module) => module.FixtureTransferPanel));

// Fans' refund requests, and an order's and a match's "Rimborsi" sections (it reads the order from the page's record), with its strings
// (refunds/pages.ts), in the same chunk.
export const LazyOrderRefunds = lazyPage(() => panels().then((module) => module.OrderRefunds));
export const LazyRefundRequestList = lazyPage(() => panels().then((module) => module.RefundRequestList));
export const LazyFixtureRefundPanel = lazyPage(() => panels().then((module) => module.FixtureRefundPanel));

// The season tickets' transfer limits (how many matches a holder may pass on) and resale fees,
// with its strings (seasonTickets/pages.ts), in the same chunk.
export const LazySeasonTransferLimitPage = lazyPage(() => panels().then((module) => module.SeasonTransferLimitPage));

// The resales at face value (rivendite): their list and an offer's page, with their strings
// (resales/pages.ts), in the same chunk.
export const LazyResaleList = lazyPage(() => panels().then((module) => module.ResaleList));
export const LazyResaleShow = lazyPage(() => panels().then((module) => module.ResaleShow));

// The bans of titles and of e-mails: their lists, a ban's page and form and a new ban's (each of
// these reads which kind from its resource), with their strings (bans/pages.ts), in the same chunk.
export const LazyTitleBanList = lazyPage(() => panels().then((module) => module.TitleBanList));
export const LazyEmailBanList = lazyPage(() => panels().then((module) => module.EmailBanList));
export const LazyBanCreate = lazyPage(() => panels().then((module) => module.BanCreate));
export const LazyBanEdit = lazyPage(() => panels().then((module) => module.BanEdit));
export const LazyBanShow = lazyPage(() => panels().then((module) => module.BanShow));

// The blacklist: its list, an entry's page and a new entry's form, with their strings
// (blacklist/pages.ts), in the same chunk.
export const LazyBlacklistList = lazyPage(() => panels().then((module) => module.BlacklistList));
export const LazyBlacklistCreate = lazyPage(() => panels().then((module) => module.BlacklistCreate));
export const LazyBlacklistShow = lazyPage(() => panels().then((module) => module.BlacklistShow));

// The club's supporter cards (applications and cards): their list, the first tab of
// /fidelity_card, and an application's page, with their strings (cardApplications/pages.ts), and
// the cards fans linked to their accounts, the second tab (supporterCards/pages.ts), in the same
// chunk.
export const LazySupporterCardList = lazyPage(() => panels().then((module) => module.SupporterCardList));
export const LazyCardApplicationList = lazyPage(() => panels().then((module) => module.CardApplicationList));
export const LazyCardApplicationShow = lazyPage(() => panels().then((module) => module.CardApplicationShow));

// The club's settings (/admin/config: the ticketing system's ids, the tickets' PDFs, the points,
// maintenance), with their strings (clubSettings/pages.ts), in the same chunk.
export const LazyClubSettingsPage = lazyPage(() => panels().then((module) => module.ClubSettingsPage));
