import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, useTranslate } from 'react-admin';
import { AdminMenu } from './AdminMenu';

/** The club's blue app bar; react-admin adds the language menu since there are two locales. */
function ClubAppBar() {
  return <AppBar color="primary" />;
}

/** react-admin's layout (grouped menu, app bar, page), in the club's look. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const title = translate('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Layout appBar={ClubAppBar} menu={AdminMenu}>{children}</Layout>;
}

/** The admin area's name, in the current language, for pages that have no title of their own. */
export function AppTitle() {
  const translate = useTranslate();
  return <>{translate('app.title')}</>;
}
