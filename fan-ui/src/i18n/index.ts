import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import it from './it.json';

/** Italian first: it is the club's language and the default for everyone. */
export const SUPPORTED_LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

/** Where the fan's choice of language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lario.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to Italian.
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still works for this visit.
  }
}

void i18n.use(initReactI18next).init({
  resources: {
    it: { translation: it },
    en: { translation: en },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  // Resources are bundled, so initialise synchronously: no flash of untranslated keys.
  initAsync: false,
  interpolation: {
    // React already escapes what it renders.
    escapeValue: false,
  },
  returnNull: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', rememberLanguage);

export default i18n;
