import i18n, { ACCOUNT_DELETION_NS, CORPORATE_NS, IDENTITY_NS, QUEUE_NS, REFUND_NS, RESALE_NS, SUPPORTER_CARD_NS, TRANSFER_NS } from '../i18n';

/**
 * A page's code with its namespace's texts, fetched side by side rather than once the page first
 * draws (one helper rather than the same `Promise.all` in every entry: the first page carries this).
 */
function withTexts<T>(page: Promise<T>, namespace: string | string[]): Promise<T> {
  return Promise.all([page, i18n.loadNamespaces(namespace)]).then(([loaded]) => loaded);
}

/** Each page's code, loaded on demand: `AppRoutes` renders them, `preloadRoute` starts one early. */
export const pages = {
  home: () => import('../pages/home/HomePage'),
  maintenance: () => import('../pages/maintenance/MaintenancePage'),
  notFound: () => import('../pages/not-found/NotFoundPage'),
  signIn: () => import('../pages/sign-in/SignInPage'),
  authorise: () => import('../pages/authorise/AuthorisePage'),
  resetPassword: () => import('../pages/reset-password/ResetPasswordPage'),
  myAccount: () => import('../pages/my-account/MyAccountPage'),
  identity: () => withTexts(import('../pages/identity/IdentityPage'), IDENTITY_NS),
  // Saved people are identities: the identity form, in its words.
  people: () => withTexts(import('../pages/people/PeoplePage'), IDENTITY_NS),
  accountDeletion: () => withTexts(import('../pages/account-deletion/AccountDeletionPage'), ACCOUNT_DELETION_NS),
  corporateSignIn: () => import('../pages/corporate-sign-in/CorporateSignInPage'),
  fixtures: () => import('../pages/fixtures/FixturesPage'),
  selectedFixture: () => import('../pages/selected-fixture/SelectedFixturePage'),
  // The seat map's resale seats and list are said in the resale texts.
  selectedFixtureTickets: () => withTexts(import('../pages/selected-fixture-tickets/SelectedFixtureTicketsPage'), RESALE_NS),
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
  supporterCards: () => withTexts(import('../pages/supporter-cards/SupporterCardsPage'), SUPPORTER_CARD_NS),
  // The card's holder is asked for with the identity form, in its words.
  supporterCardApplication: () => withTexts(import('../pages/blunelcuore/BluNelCuorePage'), [SUPPORTER_CARD_NS, IDENTITY_NS]),
  registerCompany: () => withTexts(import('../pages/register-company/RegisterCompanyPage'), CORPORATE_NS),
  info: () => import('../pages/info/InfoPage'),
  queue: () => withTexts(import('../pages/queue/QueuePage'), QUEUE_NS),
  transferTitle: () => withTexts(import('../pages/transfer-title/TransferTitlePage'), TRANSFER_NS),
  resale: () => withTexts(import('../pages/resale/ResalePage'), RESALE_NS),
  refundRequests: () => withTexts(import('../pages/refund-requests/RefundRequestsPage'), REFUND_NS),
};
