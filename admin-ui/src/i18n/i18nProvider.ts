import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { englishAppMessages } from './en';
import { italianMessages } from './it';

export const DEFAULT_LOCALE = 'it';

const LOCALES = [
  // Each language is named in itself, as language menus do.
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
];

// A missing key is a bug: show the key rather than guessing a text.
const POLYGLOT_OPTIONS = { allowMissing: false };

/**
 * Italian by default, English second. react-admin keeps the chosen locale in its store
 * (localStorage), so the choice made with the app bar's language menu is remembered.
 */
const mainProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? englishAppMessages : italianMessages),
  DEFAULT_LOCALE,
  LOCALES,
  POLYGLOT_OPTIONS,
);

/** Strings by key, nested as in it.ts and en.ts. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** The strings of both languages that a lazily loaded page brings along (see addMessages). */
export interface MessageBundle {
  it: MessageTree;
  en: MessageTree;
}

interface LoadedMessages {
  messages: Record<string, unknown>;
  translate: I18nProvider['translate'];
}

/** The lazily loaded pages' strings, per locale, with a translator of their own. */
const loaded: Partial<Record<string, LoadedMessages>> = {};

function isTree(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/** `extra` laid over `base`, subtree by subtree. */
function merged(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const under = out[key];
    out[key] = isTree(under) && isTree(value) ? merged(under, value) : value;
  }
  return out;
}

/** Whether `key` (dotted, as polyglot reads it) names a string of `messages`. */
function hasMessage(messages: Record<string, unknown>, key: string): boolean {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!isTree(node)) {
      return false;
    }
    node = node[part];
  }
  return typeof node === 'string';
}

/**
 * Adds the strings of pages loaded on demand (a chunk of their own, as src/targetPanels.ts): the
 * staff app's main bundle, held to a budget, carries only the strings its own code needs. Call it at the
 * top of the chunk's entry module, so the strings are there before any of its pages renders. A
 * key the bundle has is translated from it; every other key as before.
 */
export function addMessages(bundle: MessageBundle) {
  for (const [locale, messages] of Object.entries(bundle) as [string, MessageTree][]) {
    const all = merged(loaded[locale]?.messages ?? {}, messages);
    loaded[locale] = {
      messages: all,
      translate: polyglotI18nProvider(() => all as TranslationMessages, locale, LOCALES, POLYGLOT_OPTIONS).translate,
    };
  }
}

/** The app's translations: the strings added by pages loaded on demand, then the main ones. */
export const i18nProvider: I18nProvider = {
  ...mainProvider,
  translate: (key, options) => {
    const extra = loaded[mainProvider.getLocale()];
    return extra !== undefined && hasMessage(extra.messages, key)
      ? extra.translate(key, options)
      : mainProvider.translate(key, options);
  },
};
