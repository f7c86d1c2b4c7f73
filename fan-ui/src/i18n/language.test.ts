import { describe, expect, it } from 'vitest';
import { initialLanguage } from '.';

describe('the language the app opens in', () => {
  it("follows an English browser's languages", () => {
    expect(initialLanguage(null, ['en-GB', 'en'])).toBe('en');
    expect(initialLanguage(null, ['de-DE', 'en-US', 'it'])).toBe('en');
    expect(initialLanguage(null, ['it-IT', 'en'])).toBe('it');
  });

  it('is Italian for a browser in a language the app does not speak, or none', () => {
    expect(initialLanguage(null, ['de-DE', 'fr'])).toBe('it');
    expect(initialLanguage(null, [])).toBe('it');
  });

  it("keeps the fan's own choice over the browser's", () => {
    expect(initialLanguage('it', ['en-GB'])).toBe('it');
    expect(initialLanguage('en', ['it-IT'])).toBe('en');
  });
});
