import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/AppLayout';

// Pages load lazily so a phone downloads only the page it opens.
const HomePage = lazy(() => import('./pages/home/HomePage'));
const MaintenancePage = lazy(() => import('./pages/maintenance/MaintenancePage'));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage'));
const SignInPage = lazy(() => import('./pages/sign-in/SignInPage'));
const AuthorisePage = lazy(() => import('./pages/authorise/AuthorisePage'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/ResetPasswordPage'));
const MyAccountPage = lazy(() => import('./pages/my-account/MyAccountPage'));
const CorporateSignInPage = lazy(() => import('./pages/corporate-sign-in/CorporateSignInPage'));
const FixturesPage = lazy(() => import('./pages/fixtures/FixturesPage'));
const SelectedFixturePage = lazy(() => import('./pages/selected-fixture/SelectedFixturePage'));
const SelectedFixtureTicketsPage = lazy(() => import('./pages/selected-fixture-tickets/SelectedFixtureTicketsPage'));
const CheckoutPage = lazy(() => import('./pages/checkout/CheckoutPage'));
const ThankYouPage = lazy(() => import('./pages/checkout-thank-you/ThankYouPage'));
const DeclinedPage = lazy(() => import('./pages/checkout-declined/DeclinedPage'));
const WalletPage = lazy(() => import('./pages/wallet/WalletPage'));
const NotificationsPage = lazy(() => import('./pages/notifications/NotificationsPage'));
const SupporterCardsPage = lazy(() => import('./pages/supporter-cards/SupporterCardsPage'));
const RegisterCompanyPage = lazy(() => import('./pages/register-company/RegisterCompanyPage'));
const InfoPage = lazy(() => import('./pages/info/InfoPage'));

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
        <Route path="register_company" element={<RegisterCompanyPage />} />
        <Route path="corporate/login" element={<CorporateSignInPage />} />
        <Route path="fixtures/:type" element={<FixturesPage />} />
        <Route path="selectedfixture/:id" element={<SelectedFixturePage />} />
        <Route path="selectedfixturetickets/:id" element={<SelectedFixtureTicketsPage />} />
        <Route path="checkout/thankyou/:id" element={<ThankYouPage />} />
        <Route path="checkout/declined/:id" element={<DeclinedPage />} />
        <Route path="checkout/:id" element={<CheckoutPage />} />
        <Route path="vrocheck/:id" element={<CheckoutPage focus="check" />} />
        <Route path="wallet" element={<WalletPage />} />
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
