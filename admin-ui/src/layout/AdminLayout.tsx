import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, LayoutClasses, useTranslate } from 'react-admin';
import { AdminMenu } from './AdminMenu';

/** The club's blue app bar; react-admin adds the language menu since there are two locales. */
function ClubAppBar() {
  return <AppBar color="primary" />;
}

/**
 * The page never grows wider than the window: react-admin's layout would (its root is at least
 * as wide as its content, the content as wide as its widest table), pushing the app bar's end and
 * the list's actions out of sight. Wide tables scroll inside their card instead (theme.ts).
 */
const fitTheWindow = { minWidth: 0, [`& .${LayoutClasses.content}`]: { minWidth: 0 } };

/** react-admin's layout (grouped menu, app bar, page), in the club's look. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const title = translate('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Layout appBar={ClubAppBar} menu={AdminMenu} sx={fitTheWindow}>{children}</Layout>;
}

/** The admin area's name, in the current language, for pages that have no title of their own. */
export function AppTitle() {
  const translate = useTranslate();
  return <>{translate('app.title')}</>;
}
