import { Admin, CustomRoutes, Resource } from 'react-admin';
// From react-router-dom, as react-admin itself: it checks custom routes are its <Route>, and under
// Node (the tests) react-router and react-router-dom can load two copies of the router.
import { Route } from 'react-router-dom';
import { authProvider } from './auth/authProvider';
import { emailBans, titleBans } from './bans';
import { blacklist } from './blacklist';
import { cardApplications } from './cardApplications';
import blocks from './blocks';
import { BlockList } from './blocks/BlockList';
import corporateRequests from './corporateRequests';
import { CorporateRequestList } from './corporateRequests/CorporateRequestList';
import { CustomerConsentPage } from './customerReports/CustomerConsentPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import emails from './emails';
import excelExports from './exports';
import failedIssues from './failedIssues';
import { FailedIssueList } from './failedIssues/FailedIssueList';
import fixtures from './fixtures';
import { FixtureList } from './fixtures/FixtureList';
import holdersImports from './holdersImports';
import { i18nProvider } from './i18n/i18nProvider';
import issuedTickets from './issuedTickets';
import { IssuedTicketList } from './issuedTickets/IssuedTicketList';
import jobQueues from './jobQueues';
import jobs from './jobs';
import { AdminLayout, AppTitle } from './layout/AdminLayout';
import { PAGE_PATHS } from './layout/paths';
import { RedirectTo } from './layout/RedirectTo';
import {
  LazyBlacklistList,
  LazyCardApplicationList,
  LazyClubSettingsPage,
  LazySupporterCardList,
  LazyEmailBanList,
  LazyHoldersImportPage,
  LazyRefundRequestList,
  LazyRenewalMailingsPage,
  LazyResaleList,
  LazyResaleShow,
  LazySeasonTransferLimitPage,
  LazyTitleBanList,
  LazyTransferList,
  LazyWaitingRoomsPage,
} from './lazyPages';
import { LoginPage } from './login/LoginPage';
import massIssueLines from './massIssueLines';
import { MassIssueLineList } from './massIssueLines/MassIssueLineList';
import massIssues from './massIssues';
import { MassIssuePage } from './massIssues/MassIssuePage';
import mismatchReports from './mismatchReports';
import { MismatchReportPage } from './mismatchReports/MismatchReportPage';
import mismatches from './mismatches';
import orders from './orders';
import paymentReport from './paymentReport';
import { PaymentReportPage } from './paymentReport/PaymentReportPage';
import phases from './phases';
import { PhasesPage } from './phases/PhasesPage';
import prices from './prices';
import { PriceList } from './prices/PriceList';
import renewalCodes from './renewalCodes';
import { RenewalCodeList } from './renewalCodes/RenewalCodeList';
import { RenewalCodesImportPage } from './renewalCodes/RenewalCodesImportPage';
import renewalMailings from './renewalMailings';
import { SeasonSetupPage } from './season/SeasonSetupPage';
import seasonHolders from './seasonHolders';
import { SeasonHolderList } from './seasonHolders/SeasonHolderList';
import seasonOrders, { seasonBacklog } from './seasonOrders';
import { SeasonBacklogPage } from './seasonOrders/SeasonBacklogPage';
import { SeasonFailedList } from './seasonOrders/SeasonFailedList';
import { SeasonIssuedList } from './seasonOrders/SeasonIssuedList';
import { SeatBacklogList } from './seasonOrders/SeatBacklogList';
import seasonTickets from './seasonTickets';
import { SeasonTicketList } from './seasonTickets/SeasonTicketList';
import { MassLockPage } from './seatLocks/MassLockPage';
import sectors from './sectors';
import { SectorList } from './sectors/SectorList';
import serviceCalls from './serviceCalls';
import { ServiceLogPage } from './serviceCalls/ServiceLogPage';
import { ServiceStatusPage } from './serviceStatus/ServiceStatusPage';
import supporterCards from './supporterCards';
import { adminTheme } from './theme';
import users from './users';
import waitingRooms from './waitingRooms';

/** Where the app is mounted; the API serves it here and falls back to its index.html. */
export const ADMIN_BASENAME = '/admin';

/**
 * The admin area, for staff only: signing in at /admin/login (react-admin's login route under
 * the basename) with a staff account's e-mail and password; admins alone change roles.
 *
 * The on-sale, ticket and report pages keep the paths staff know from the club's previous tool
 * (/stadium/..., /matchlist/..., /seasontickets, /mass/..., /tickets/... (the season orders' too),
 * /customer_reports/...,
 * /reports/..., /corporate/company_request, /fidelity_card, /queue (the waiting rooms); the
 * pre-emption pages, new, under /preemption/...):
 * custom routes that show the resources' lists, while each resource's own routes
 * (/sectors/TC/show, /prices/TC:1 ...) serve its show and edit pages. The changes of holder,
 * new and read-only, are listed at their resource's own route, /transfers; fans' refund requests
 * at /refund-requests; the season seats resold at face value at /resales. The bans of titles and
 * of e-mails are listed at the spec's /ban/titles (and /ban) and /ban/emails, their pages and
 * forms at their resources' routes (/bans/titles/{id}/show, /bans/emails/create ...); the club's
 * blacklist at /ban/blacklist, an entry's page and a new entry's form at /blacklist/{id}/show and
 * /blacklist/create. The club's supporter cards (applications and the cards issued) are the first
 * tab of /fidelity_card, at /fidelity_card/applications (the cards fans linked to their accounts
 * the second, at /fidelity_card), an application's page at
 * /supporter-card-applications/{id}/show. The club's settings (the spec's configuration
 * document) are at the spec's /config: staff read them, admins change them.
 */
export function AdminApp() {
  return (
    <Admin
      basename={ADMIN_BASENAME}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      requireAuth
      theme={adminTheme}
      layout={AdminLayout}
      dashboard={Dashboard}
      title={<AppTitle />}
      disableTelemetry
    >
      <Resource name="sectors" {...sectors} />
      <Resource name="blocks" {...blocks} />
      <Resource name="prices" {...prices} />
      <Resource name="fixtures" {...fixtures} />
      <Resource name="season-tickets" {...seasonTickets} />
      <Resource name="issued-tickets" {...issuedTickets} />
      <Resource name="failed-issues" {...failedIssues} />
      <Resource name="season-orders" {...seasonOrders} />
      <Resource name="season-backlog" {...seasonBacklog} />
      <Resource name="orders" {...orders} />
      <Resource name="mass-issues" {...massIssues} />
      <Resource name="mass-issue-lines" {...massIssueLines} />
      <Resource name="users" {...users} />
      <Resource name="corporate-requests" {...corporateRequests} />
      <Resource name="supporter-cards" {...supporterCards} />
      <Resource name="emails" {...emails} />
      <Resource name="job-queues" {...jobQueues} />
      <Resource name="jobs" {...jobs} />
      <Resource name="exports" {...excelExports} />
      <Resource name="mismatch-reports" {...mismatchReports} />
      <Resource name="mismatches" {...mismatches} />
      <Resource name="service-calls" {...serviceCalls} />
      <Resource name="payment-report" {...paymentReport} />
      <Resource name="phases" {...phases} />
      <Resource name="holders-imports" {...holdersImports} />
      <Resource name="season-holders" {...seasonHolders} />
      <Resource name="renewal-codes" {...renewalCodes} />
      <Resource name="renewal-mailings" {...renewalMailings} />
      <Resource name="waiting-rooms" {...waitingRooms} />
      <Resource name="transfers" list={LazyTransferList} />
      <Resource name="refund-requests" list={LazyRefundRequestList} />
      <Resource name="resales" list={LazyResaleList} show={LazyResaleShow} />
      <Resource name="bans/titles" {...titleBans} />
      <Resource name="bans/emails" {...emailBans} />
      <Resource name="blacklist" {...blacklist} />
      <Resource name="supporter-card-applications" {...cardApplications} />
      <CustomRoutes>
        <Route path={PAGE_PATHS.sectors} element={<SectorList />} />
        <Route path={PAGE_PATHS.blocks} element={<BlockList />} />
        <Route path={PAGE_PATHS.prices} element={<PriceList />} />
        <Route path={PAGE_PATHS.season} element={<SeasonSetupPage />} />
        <Route path={PAGE_PATHS.upcomingFixtures} element={<FixtureList when="upcoming" />} />
        <Route path={PAGE_PATHS.pastFixtures} element={<FixtureList when="past" />} />
        <Route path={PAGE_PATHS.seasonTickets} element={<SeasonTicketList />} />
        <Route path={PAGE_PATHS.seatLocks} element={<MassLockPage />} />
        <Route path={PAGE_PATHS.issuedTickets} element={<IssuedTicketList />} />
        <Route path={PAGE_PATHS.failedIssues} element={<FailedIssueList />} />
        <Route path={PAGE_PATHS.seasonIssued} element={<SeasonIssuedList />} />
        <Route path={PAGE_PATHS.seasonFailed} element={<SeasonFailedList />} />
        <Route path={PAGE_PATHS.seasonBacklog} element={<SeasonBacklogPage />} />
        <Route path={PAGE_PATHS.seatSeasonBacklog} element={<SeatBacklogList />} />
        <Route path={PAGE_PATHS.seasonTransferLimit} element={<LazySeasonTransferLimitPage />} />
        <Route path={PAGE_PATHS.massIssue} element={<MassIssuePage />} />
        <Route path={PAGE_PATHS.massIssueLines} element={<MassIssueLineList />} />
        <Route path={PAGE_PATHS.customerConsent} element={<CustomerConsentPage />} />
        <Route path={PAGE_PATHS.corporateRequests} element={<CorporateRequestList />} />
        <Route path={PAGE_PATHS.supporterCards} element={<LazySupporterCardList />} />
        <Route path={PAGE_PATHS.cardApplications} element={<LazyCardApplicationList />} />
        <Route path={PAGE_PATHS.ticketsMismatchReport} element={<MismatchReportPage />} />
        <Route path={PAGE_PATHS.serviceLog} element={<ServiceLogPage />} />
        <Route path={PAGE_PATHS.serviceStatus} element={<ServiceStatusPage />} />
        <Route path={PAGE_PATHS.paymentReport} element={<PaymentReportPage />} />
        <Route path={PAGE_PATHS.phases} element={<PhasesPage />} />
        <Route path={PAGE_PATHS.holdersImport} element={<LazyHoldersImportPage />} />
        <Route path={PAGE_PATHS.seasonHolders} element={<SeasonHolderList />} />
        <Route path={PAGE_PATHS.renewalCodes} element={<RenewalCodeList />} />
        <Route path={PAGE_PATHS.renewalCodesImport} element={<RenewalCodesImportPage />} />
        <Route path={PAGE_PATHS.renewalMailings} element={<LazyRenewalMailingsPage />} />
        <Route path={`${PAGE_PATHS.waitingRooms}/*`} element={<LazyWaitingRoomsPage />} />
        <Route path={PAGE_PATHS.bans} element={<RedirectTo path={PAGE_PATHS.titleBans} />} />
        <Route path={PAGE_PATHS.titleBans} element={<LazyTitleBanList />} />
        <Route path={PAGE_PATHS.blacklist} element={<LazyBlacklistList />} />
        <Route path={PAGE_PATHS.emailBans} element={<LazyEmailBanList />} />
        <Route path={PAGE_PATHS.config} element={<LazyClubSettingsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
