import { Admin, Resource } from 'react-admin';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import emails from './emails';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminLayout, AppTitle } from './layout/AdminLayout';
import { adminTheme } from './theme';

/** Where the app is mounted; the API serves it here and falls back to its index.html. */
export const ADMIN_BASENAME = '/admin';

/**
 * The admin area. No authProvider yet: sign-in arrives with its own issue and plugs in here
 * (`authProvider={...}`), together with a login page.
 */
export function AdminApp() {
  return (
    <Admin
      basename={ADMIN_BASENAME}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={adminTheme}
      layout={AdminLayout}
      dashboard={Dashboard}
      title={<AppTitle />}
      disableTelemetry
    >
      <Resource name="emails" {...emails} />
    </Admin>
  );
}
