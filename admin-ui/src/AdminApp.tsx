import { Admin, Resource } from 'react-admin';
import { authProvider } from './auth/authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import emails from './emails';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminLayout, AppTitle } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { adminTheme } from './theme';
import users from './users';

/** Where the app is mounted; the API serves it here and falls back to its index.html. */
export const ADMIN_BASENAME = '/admin';

/**
 * The admin area, for staff only: signing in at /admin/login (react-admin's login route under
 * the basename) with a staff account's e-mail and password; admins alone change roles.
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
      <Resource name="users" {...users} />
      <Resource name="emails" {...emails} />
    </Admin>
  );
}
