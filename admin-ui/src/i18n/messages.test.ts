import { describe, expect, it } from 'vitest';
import { englishAppMessages } from './en';
import { addMessages, i18nProvider } from './i18nProvider';
import { italianMessages } from './it';

/** Every leaf key of a nested message tree, as dotted paths. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) =>
    keysOf(value, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('admin translations', () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(englishAppMessages).sort()).toEqual(keysOf(italianMessages).sort());
  });

  it('has our own strings in both languages', () => {
    const ours = keysOf(italianMessages).filter((key) => !key.startsWith('ra.'));
    expect(ours).toContain('resources.emails.name');
    expect(ours).toContain('resources.emails.fields.status');
    expect(ours).toContain('pages.dashboard.title');
  });

  it("translates a lazily loaded page's strings once added, in the current language, leaving the others as they were", async () => {
    expect(i18nProvider.translate('pages.lazy_test.title')).toBe('pages.lazy_test.title');
    addMessages({
      it: { pages: { lazy_test: { title: 'Prova', count: '%{smart_count} posto |||| %{smart_count} posti' } } },
      en: { pages: { lazy_test: { title: 'Test', count: '%{smart_count} seat |||| %{smart_count} seats' } } },
    });

    expect(i18nProvider.translate('pages.lazy_test.title')).toBe('Prova');
    expect(i18nProvider.translate('pages.lazy_test.count', { smart_count: 2 })).toBe('2 posti');
    expect(i18nProvider.translate('app.menu.sectors')).toBe('Settori');
    expect(i18nProvider.translate('pages.dashboard.title')).toBe('Cruscotto');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('pages.lazy_test.count', { smart_count: 1 })).toBe('1 seat');
    expect(i18nProvider.translate('app.menu.sectors')).toBe('Sectors');
    await i18nProvider.changeLocale('it');
  });
});
