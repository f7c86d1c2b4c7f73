import i18n, { IDENTITY_NS, QUEUE_NS, REFUND_NS, RESALE_NS, TRANSFER_NS } from '../i18n';

/** Each page's code, loaded on demand: `AppRoutes` renders them, `preloadRoute` starts one early. */
export const pages = {
  home: () => import('../pages/home/HomePage'),
  maintenance: () => import('../pages/maintenance/MaintenancePage'),
  notFound: () => import('../pages/not-found/NotFoundPage'),
  signIn: () => import('../pages/sign-in/SignInPage'),
  authorise: () => import('../pages/authorise/AuthorisePage'),
  resetPassword: () => import('../pages/reset-password/ResetPasswordPage'),
  myAccount: () => import('../pages/my-account/MyAccountPage'),
  identity: () => Promise.all([import('../pages/identity/IdentityPage'), i18n.loadNamespaces(IDENTITY_NS)]).then(([page]) => page),
  corporateSignIn: () => import('../pages/corporate-sign-in/CorporateSignInPage'),
  fixtures: () => import('../pages/fixtures/FixturesPage'),
  selectedFixture: () => import('../pages/selected-fixture/SelectedFixturePage'),
  // The seat map's resale seats and list are said in the resale texts.
  selectedFixtureTickets: () =>
    Promise.all([import('../pages/selected-fixture-tickets/SelectedFixtureTicketsPage'), i18n.loadNamespaces(RESALE_NS)]).then(
      ([page]) => page,
    ),
  seasonTickets: () => import('../pages/season-tickets/SeasonTicketsPage'),
  selectedSeasonTicket: () => import('../pages/selected-season-ticket/SelectedSeasonTicketPage'),
  checkout: () => import('../pages/checkout/CheckoutPage'),
  thankYou: () => import('../pages/checkout-thank-you/ThankYouPage'),
  declined: () => import('../pages/checkout-declined/DeclinedPage'),
  seasonCheckout: () => import('../pages/season-checkout/SeasonCheckoutPage'),
  seasonThankYou: () => import('../pages/season-checkout/SeasonThankYouPage'),
  seasonDeclined: () => import('../pages/season-checkout/SeasonDeclinedPage'),
  wallet: () => import('../pages/wallet/WalletPage'),
  notifications: () => import('../pages/notifications/NotificationsPage'),
  supporterCards: () => import('../pages/supporter-cards/SupporterCardsPage'),
  registerCompany: () => import('../pages/register-company/RegisterCompanyPage'),
  info: () => import('../pages/info/InfoPage'),
  // With its texts, fetched beside the code rather than once the page first draws.
  queue: () => Promise.all([import('../pages/queue/QueuePage'), i18n.loadNamespaces(QUEUE_NS)]).then(([page]) => page),
  transferTitle: () =>
    Promise.all([import('../pages/transfer-title/TransferTitlePage'), i18n.loadNamespaces(TRANSFER_NS)]).then(([page]) => page),
  resale: () => Promise.all([import('../pages/resale/ResalePage'), i18n.loadNamespaces(RESALE_NS)]).then(([page]) => page),
  refundRequests: () =>
    Promise.all([import('../pages/refund-requests/RefundRequestsPage'), i18n.loadNamespaces(REFUND_NS)]).then(([page]) => page),
};
