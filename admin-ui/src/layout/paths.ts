/**
 * The admin pages that live outside react-admin's `/{resource}` routes, under the app's basename
 * (/admin). They follow the paths of the club's previous admin tool, which staff know.
 */
export const PAGE_PATHS = {
  sectors: '/stadium/sectors',
  blocks: '/stadium/blocks',
  prices: '/stadium/ticketprice',
  season: '/stadium/season',
  upcomingFixtures: '/matchlist/upcoming',
  pastFixtures: '/matchlist/past',
  seasonTickets: '/seasontickets',
  seatLocks: '/mass/mass_lock_unlock_seats',
  issuedTickets: '/tickets/issuedtickets',
  failedIssues: '/tickets/issuefailed',
  seasonIssued: '/tickets/seasonissued',
  seasonFailed: '/tickets/issuefailedseason',
  seasonBacklog: '/tickets/season_backlog',
  seatSeasonBacklog: '/tickets/seat_season_backlog',
  seasonTransferLimit: '/tickets/season_transfer_limit',
  massIssue: '/tickets/massissue',
  massIssueLines: '/mass/tickets_issued',
  customerConsent: '/customer_reports/consent',
  corporateRequests: '/corporate/company_request',
  supporterCards: '/fidelity_card',
  // The club's own cards (applications, issued cards): the first tab of /fidelity_card's pages.
  cardApplications: '/fidelity_card/applications',
  ticketsMismatchReport: '/reports/tickets_mismatch_report',
  serviceLog: '/reports/service-log',
  serviceStatus: '/service-status',
  paymentReport: '/reports/stripe-report',
  // Pre-emption and renewal: no page of the previous tool, so paths of their own.
  phases: '/preemption/phases',
  holdersImport: '/preemption/holders_import',
  seasonHolders: '/preemption/season_holders',
  renewalCodes: '/preemption/renewal_codes',
  renewalCodesImport: '/preemption/renewal_codes/import',
  renewalMailings: '/preemption/renewal_mailings',
  // The spec's /admin/queue/{type}: one list of every on-sale's room (a /queue/... path shows it too).
  waitingRooms: '/queue',
  // The spec's /admin/ban/{type?}: the bans of titles (also at /ban) and of e-mails, and the
  // club's blacklist between them.
  bans: '/ban',
  titleBans: '/ban/titles',
  blacklist: '/ban/blacklist',
  emailBans: '/ban/emails',
  // The spec's /admin/config: the club's settings (the configuration document).
  config: '/config',
} as const;

/**
 * A list's address (a page path or a resource's list route) showing only the rows that match
 * `filter`: react-admin reads the list's filter from `?filter=` as JSON, and shows its inputs.
 */
export function filteredListPath(path: string, filter: Record<string, unknown>): string {
  return `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
