import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { pages } from './routing/pages';

// Pages load lazily so a phone downloads only the page it opens (`preloadRoute` starts the
// download of the first one before React does).
const HomePage = lazy(pages.home);
const MaintenancePage = lazy(pages.maintenance);
const NotFoundPage = lazy(pages.notFound);
const SignInPage = lazy(pages.signIn);
const AuthorisePage = lazy(pages.authorise);
const ResetPasswordPage = lazy(pages.resetPassword);
const MyAccountPage = lazy(pages.myAccount);
const CorporateSignInPage = lazy(pages.corporateSignIn);
const FixturesPage = lazy(pages.fixtures);
const SelectedFixturePage = lazy(pages.selectedFixture);
const SelectedFixtureTicketsPage = lazy(pages.selectedFixtureTickets);
const SeasonTicketsPage = lazy(pages.seasonTickets);
const SelectedSeasonTicketPage = lazy(pages.selectedSeasonTicket);
const CheckoutPage = lazy(pages.checkout);
const ThankYouPage = lazy(pages.thankYou);
const DeclinedPage = lazy(pages.declined);
const SeasonCheckoutPage = lazy(pages.seasonCheckout);
const SeasonThankYouPage = lazy(pages.seasonThankYou);
const SeasonDeclinedPage = lazy(pages.seasonDeclined);
const WalletPage = lazy(pages.wallet);
const NotificationsPage = lazy(pages.notifications);
const SupporterCardsPage = lazy(pages.supporterCards);
const BluNelCuorePage = lazy(pages.supporterCardApplication);
const IdentityPage = lazy(pages.identity);
const PeoplePage = lazy(pages.people);
const AccountDeletionPage = lazy(pages.accountDeletion);
const RegisterCompanyPage = lazy(pages.registerCompany);
const InfoPage = lazy(pages.info);
const QueuePage = lazy(pages.queue);
// A ticket's change of holder and a season seat's match's: one chunk.
const TransferPage = lazy(pages.transferTitle);
const RefundRequestsPage = lazy(pages.refundRequests);
// A seat on resale bought, and a season seat's match put on resale: one chunk.
const ResalePage = lazy(pages.resale);

/** The fan app's routes, all under the one layout (spec: fan side, section 2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="mmobile" element={<HomePage />} />
        <Route path="maintenance" element={<MaintenancePage />} />
        <Route path="accedi" element={<SignInPage />} />
        <Route path="authorise/:code?" element={<AuthorisePage />} />
        <Route path="reset-password/:token?" element={<ResetPasswordPage />} />
        <Route path="myaccount" element={<MyAccountPage />} />
        <Route path="myaccount/supporter-cards" element={<SupporterCardsPage />} />
        <Route path="blunelcuore" element={<BluNelCuorePage />} />
        <Route path="myaccount/identity" element={<IdentityPage />} />
        <Route path="myaccount/people" element={<PeoplePage />} />
        <Route path="myaccount/delete" element={<AccountDeletionPage />} />
        <Route path="register_company" element={<RegisterCompanyPage />} />
        <Route path="corporate/login" element={<CorporateSignInPage />} />
        <Route path="fixtures/season" element={<SeasonTicketsPage />} />
        <Route path="fixtures/:type" element={<FixturesPage />} />
        <Route path="selectedfixture/:id" element={<SelectedFixturePage />} />
        <Route path="selectedfixturetickets/:id" element={<SelectedFixtureTicketsPage />} />
        <Route path="selectedseasonticket/:id" element={<SelectedSeasonTicketPage />} />
        <Route path="queue/:type/:id" element={<QueuePage />} />
        <Route path="checkout/thankyou/:id" element={<ThankYouPage />} />
        <Route path="checkout/declined/:id" element={<DeclinedPage />} />
        <Route path="checkout/:id" element={<CheckoutPage />} />
        <Route path="vrocheck/:id" element={<CheckoutPage focus="check" />} />
        <Route path="seasonticketcheckout/thankyou/:id" element={<SeasonThankYouPage />} />
        <Route path="seasonticketcheckout/declined/:id" element={<SeasonDeclinedPage />} />
        <Route path="seasonticketcheckout/:id" element={<SeasonCheckoutPage />} />
        <Route path="seasonticketvrocheck/:id" element={<SeasonCheckoutPage focus="check" />} />
        <Route path="wallet" element={<WalletPage />} />
        <Route path="transfer_title/:seal" element={<TransferPage />} />
        <Route path="transfer_season/:lineId/:fixtureId" element={<TransferPage />} />
        <Route path="resale_season/:lineId/:fixtureId" element={<ResalePage />} />
        <Route path="resale/:resaleId" element={<ResalePage />} />
        <Route path="rimborso-biglietti-tickets-refund" element={<RefundRequestsPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="privacy" element={<InfoPage page="privacy" />} />
        <Route path="terms" element={<InfoPage page="terms" />} />
        <Route path="cookies" element={<InfoPage page="cookies" />} />
        <Route path="contacts" element={<InfoPage page="contacts" />} />
        <Route path="help" element={<InfoPage page="help" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
