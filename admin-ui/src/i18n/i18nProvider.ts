import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishAppMessages } from './en';
import { italianMessages } from './it';

export const DEFAULT_LOCALE = 'it';

/**
 * Italian by default, English second. react-admin keeps the chosen locale in its store
 * (localStorage), so the choice made with the app bar's language menu is remembered.
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? englishAppMessages : italianMessages),
  DEFAULT_LOCALE,
  [
    // Each language is named in itself, as language menus do.
    { locale: 'it', name: 'Italiano' },
    { locale: 'en', name: 'English' },
  ],
  // A missing key is a bug: show the key rather than guessing a text.
  { allowMissing: false },
);
