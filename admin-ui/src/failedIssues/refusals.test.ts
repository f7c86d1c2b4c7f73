import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { issueErrorText, refusalCodeOf, TICKETING_REFUSAL_CODES } from './refusals';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

afterEach(async () => {
  await i18nProvider.changeLocale('it');
});

describe("the ticketing system's refusal code", () => {
  it('is the error_code field when the API gives one', () => {
    expect(refusalCodeOf('ticketing: 503', 'PERSONA_BANNATA')).toBe('PERSONA_BANNATA');
  });

  it("is read out of a job's error, wherever it is wrapped, and out of a refund's reason", () => {
    expect(refusalCodeOf('refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida')).toBe('TESSERA_RICHIESTA');
    expect(refusalCodeOf('issuing line 3: refused: LIMITE_ACQUIRENTE: Limite di titoli')).toBe('LIMITE_ACQUIRENTE');
    expect(refusalCodeOf('refused:TITOLO_GIA_EMESSO_PER_UTILIZZATORE')).toBe('TITOLO_GIA_EMESSO_PER_UTILIZZATORE');
    expect(refusalCodeOf('  RIDUZIONE_NON_AMMESSA ')).toBe('RIDUZIONE_NON_AMMESSA');
    // The API's predicted refusals stand for the ticketing system's.
    expect(refusalCodeOf('card_required')).toBe('TESSERA_RICHIESTA');
    expect(refusalCodeOf('has_title')).toBe('TITOLO_GIA_EMESSO_PER_UTILIZZATORE');
  });

  it('is none for an outage, a silence, our own codes or nothing', () => {
    expect(refusalCodeOf('temporarily unavailable: 503 Service Unavailable')).toBeUndefined();
    expect(refusalCodeOf('no answer: operation timed out')).toBeUndefined();
    expect(refusalCodeOf('holder_has_seat')).toBeUndefined();
    expect(refusalCodeOf('refused by the bank')).toBeUndefined();
    expect(refusalCodeOf(null)).toBeUndefined();
    expect(refusalCodeOf(undefined, '')).toBeUndefined();
  });
});

describe('an issuing error in words', () => {
  it.each(['it', 'en'])('has words in %s for every refusal code the ticketing system gives', async (locale) => {
    await i18nProvider.changeLocale(locale);
    for (const code of TICKETING_REFUSAL_CODES) {
      const key = `app.ticketing.refusals.${code}`;
      expect(translate(key), key).not.toBe(key);
    }
    for (const key of ['app.ticketing.failures.unavailable', 'app.ticketing.failures.no_answer', 'app.ticketing.failures.malformed']) {
      expect(translate(key), key).not.toBe(key);
    }
  });

  it('says the refusal, names a code it does not know, and the outages as such', async () => {
    expect(issueErrorText(translate, 'refused: PERSONA_BANNATA: Divieto')).toBe(
      "Rifiutato dal sistema di biglietteria: l'intestatario è soggetto a un divieto di accesso allo stadio.",
    );
    expect(issueErrorText(translate, 'refused: NUOVO_CODICE: boh')).toBe(
      'Rifiutato dal sistema di biglietteria (codice NUOVO_CODICE).',
    );
    expect(issueErrorText(translate, 'no answer: timed out')).toBe('Il sistema di biglietteria non ha risposto.');
    expect(issueErrorText(translate, 'database is on fire')).toBeUndefined();
    await i18nProvider.changeLocale('en');
    expect(issueErrorText(translate, 'anything', 'EVENTO_NON_IN_VENDITA')).toBe(
      'Refused by the ticketing system: the match is not on sale.',
    );
  });
});
