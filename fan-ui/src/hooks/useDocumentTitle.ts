import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page, so history and tabs are readable. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const clubName = t('app.clubName');
  useEffect(() => {
    document.title = `${pageTitle} · ${clubName}`;
  }, [pageTitle, clubName]);
}
