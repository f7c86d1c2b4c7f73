import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): nothing was chosen here.
    return null;
  }
}

/**
 * The language the app opens in: the one the fan chose in this browser; else the first of the
 * browser's languages that the app speaks ("en-GB" is English); else Italian.
 */
export function initialLanguage(stored: Language | null, browserLanguages: readonly string[]): Language {
  if (stored !== null) {
    return stored;
  }
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) {
      return primary;
    }
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') {
    return [];
  }
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still works for this visit.
  }
}

/**
 * The season purchase's and the season wallet's texts, and the sale in phases' (a season's and a
 * match's pre-emption: `phases`, `matchRight`): a namespace of their own, in both languages
 * fetched with the pages that use them (`useTranslation(SEASON_ORDER_NS)`), not with the first
 * page, whose JavaScript budget has no room for them.
 */
export const SEASON_ORDER_NS = 'seasonOrder';

/**
 * The waiting room's texts (the queue page, the notices on the on-sale pages): a namespace of
 * their own, like the season's, fetched with the pages that use them (`useTranslation(QUEUE_NS)`).
 */
export const QUEUE_NS = 'queue';

/**
 * A ticket passed on to a new holder and a copy shared by e-mail (`/transfer_title/{seal}`, the
 * wallet's actions and its "passed on" list): a namespace of their own, like the season's.
 */
export const TRANSFER_NS = 'transfer';

/**
 * A refund asked for the tickets of a cancelled or postponed match (`/rimborso-biglietti-tickets-refund`,
 * the wallet's and the account's links to it): a namespace of their own, like the season's.
 */
export const REFUND_NS = 'refund';

/**
 * A season seat's match put on resale at face value and bought by another fan
 * (`/resale_season/{line}/{fixture}`, `/resale/{id}`, the wallet's marks, the seat map's resale
 * seats and list): a namespace of their own, like the season's.
 */
export const RESALE_NS = 'resale';

/**
 * The fan's identity (`/myaccount/identity`: fiscal code, birth, residence, document, phone), their
 * saved people's (`/myaccount/people`, `people.*`: family and friends, each an identity, and the
 * picker that offers them for a ticket's holder or a card's) and the account's links to both: a
 * namespace of its own, like the season's.
 */
export const IDENTITY_NS = 'identity';

/**
 * The fan deleting their account (`/myaccount/delete`) and the account's link to it: a namespace
 * of its own, like the season's.
 */
export const ACCOUNT_DELETION_NS = 'accountDeletion';

/**
 * Supporter cards: the club's card "Blu nel Cuore" applied for (`/blunelcuore`, the account's
 * link to it) and the fan's cards added by number (`/myaccount/supporter-cards`,
 * `supporterCards.*`): a namespace of its own, like the season's.
 */
export const SUPPORTER_CARD_NS = 'supporterCard';

/**
 * A company's request for a corporate account (`/register_company`): a namespace of its own, like
 * the season's (it moved out of the first page's texts to make room there for maintenance's).
 */
export const CORPORATE_NS = 'corporate';

/**
 * Italian is bundled (the default, and the fallback of every key); any other language is a chunk
 * of its own, fetched when it is first needed, so an Italian fan's first page carries one
 * language only.
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load =
      namespace === SEASON_ORDER_NS
        ? language === 'en'
          ? import('./seasonOrder/en.json')
          : import('./seasonOrder/it.json')
        : namespace === QUEUE_NS
          ? language === 'en'
            ? import('./queue/en.json')
            : import('./queue/it.json')
          : namespace === TRANSFER_NS
            ? language === 'en'
              ? import('./transfer/en.json')
              : import('./transfer/it.json')
            : namespace === REFUND_NS
              ? language === 'en'
                ? import('./refund/en.json')
                : import('./refund/it.json')
              : namespace === RESALE_NS
                ? language === 'en'
                  ? import('./resale/en.json')
                  : import('./resale/it.json')
                : namespace === IDENTITY_NS
                  ? language === 'en'
                    ? import('./identity/en.json')
                    : import('./identity/it.json')
                  : namespace === ACCOUNT_DELETION_NS
                    ? language === 'en'
                      ? import('./accountDeletion/en.json')
                      : import('./accountDeletion/it.json')
                    : namespace === SUPPORTER_CARD_NS
                      ? language === 'en'
                        ? import('./supporterCard/en.json')
                        : import('./supporterCard/it.json')
                      : namespace === CORPORATE_NS
                        ? language === 'en'
                          ? import('./corporate/en.json')
                          : import('./corporate/it.json')
                        : language === 'en'
                          ? import('./en.json')
                          : Promise.resolve({ default: it });
    load.then(
      (module) => callback(null, module.default as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Settles once the opening language's texts are in: render after it (no flash of Italian). */
export const i18nReady = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { it: { translation: it } },
    // The bundled Italian is used as is; other languages come from the backend above.
    partialBundledLanguages: true,
    lng: initialLanguage(storedLanguage(), browserLanguages()),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // Italian is there at once: no flash of untranslated keys.
    initAsync: false,
    interpolation: {
      // React already escapes what it renders.
      escapeValue: false,
    },
    returnNull: false,
  });

document.documentElement.lang = i18n.language;
// Only what the fan picks afterwards is remembered: the browser's language is asked again each visit.
void i18nReady.then(() => {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', rememberLanguage);
});

export default i18n;
