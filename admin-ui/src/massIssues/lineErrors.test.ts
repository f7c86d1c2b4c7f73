import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { i18nProvider } from '../i18n/i18nProvider';
import {
  LINE_ERROR_CODES,
  lineErrorText,
  massIssueFailureKey,
  reasonHasDetail,
  reasonText,
  SEASON_LINE_ERROR_CODES,
} from './lineErrors';
import { LINE_FIELDS } from './types';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

afterEach(async () => {
  await i18nProvider.changeLocale('it');
});

describe('the reasons a line cannot be issued', () => {
  it.each(['it', 'en'])('has our words in %s for every code of the contract and every column', async (locale) => {
    await i18nProvider.changeLocale(locale);
    for (const code of LINE_ERROR_CODES) {
      const key = `resources.mass-issues.line_errors.${code}`;
      expect(translate(key), key).not.toBe(key);
    }
    for (const code of SEASON_LINE_ERROR_CODES) {
      const key = `resources.mass-issues.season_line_errors.${code}`;
      expect(translate(key), key).not.toBe(key);
    }
    for (const field of [...LINE_FIELDS, 'holder']) {
      const key = `resources.mass-issues.line_fields.${field}`;
      expect(translate(key), key).not.toBe(key);
    }
  });

  it('names the column, and says what a good value is when it can', async () => {
    expect(lineErrorText(translate, { field: 'label', code: 'duplicate_seat' })).toBe(
      "Posto: lo stesso posto è anche in un'altra riga.",
    );
    expect(lineErrorText(translate, { field: 'birth_date', code: 'invalid' })).toBe(
      'Data di nascita: serve una data passata, scritta aaaa-mm-gg oppure gg/mm/aaaa.',
    );
    expect(lineErrorText(translate, { field: 'birth_place', code: 'invalid' })).toBe(
      'Luogo di nascita: il valore non è valido.',
    );
    expect(lineErrorText(translate, { field: 'document_number', code: 'required' })).toBe(
      'Numero del documento: manca, ma è obbligatorio.',
    );
    await i18nProvider.changeLocale('en');
    expect(lineErrorText(translate, { field: 'email', code: 'email_banned' })).toBe('E-mail: this e-mail address is barred.');
    expect(lineErrorText(translate, { field: 'sex', code: 'invalid' })).toBe('Sex: M, F or empty.');
  });

  it("says a season ticket's preview codes in words, and the codes that mean something else there in the season's", async () => {
    expect(lineErrorText(translate, { field: 'holder', code: 'holder_has_season_ticket' }, true)).toBe(
      'Titolare: questa persona ha già un abbonamento per questa stagione.',
    );
    expect(lineErrorText(translate, { field: 'label', code: 'season_not_on_sale' }, true)).toBe(
      'Posto: nel sistema di biglietteria la vendita libera di questo abbonamento non è ancora aperta: per ora possono averlo solo i titolari che rinnovano.',
    );
    expect(lineErrorText(translate, { field: 'label', code: 'match_not_on_sale' }, true)).toMatch(
      /^Posto: una delle partite dell'abbonamento non è ancora in vendita libera/,
    );
    // The same code, for a match and for a season ticket.
    expect(lineErrorText(translate, { field: 'holder', code: 'holder_has_seat' })).toBe(
      'Titolare: questa persona ha già un posto per questa partita.',
    );
    expect(lineErrorText(translate, { field: 'holder', code: 'holder_has_seat' }, true)).toBe(
      'Titolare: questa persona ha già un posto di questo abbonamento.',
    );
    expect(lineErrorText(translate, { field: 'label', code: 'seat_taken' }, true)).toBe(
      "Posto: il posto non è libero in tutte le partite dell'abbonamento.",
    );
    // Codes with no season words of their own keep the usual ones.
    expect(lineErrorText(translate, { field: 'label', code: 'duplicate_seat' }, true)).toBe(
      "Posto: lo stesso posto è anche in un'altra riga.",
    );
    expect(reasonText(translate, 'holder_has_seat', true)).toBe('Questa persona ha già un posto di questo abbonamento.');
    await i18nProvider.changeLocale('en');
    expect(lineErrorText(translate, { field: 'holder', code: 'holder_has_season_ticket' }, true)).toBe(
      'Holder: this person already has a season ticket for this season.',
    );
    expect(lineErrorText(translate, { field: 'label', code: 'unknown_seat' }, true)).toBe(
      'Seat: no seat sold with season tickets has this label.',
    );
    expect(reasonText(translate, 'match_not_on_sale', true)).toMatch(/^One of the season ticket's matches is not on public sale yet/);
  });

  it("says a match's predicted refusals in words rather than as codes", () => {
    expect(lineErrorText(translate, { field: 'holder', code: 'holder_has_title' })).toBe(
      'Titolare: il sistema di biglietteria ha già un titolo per questa persona in questa partita.',
    );
    expect(reasonText(translate, 'fixture_not_on_sale')).toBe('La partita non è più in vendita.');
  });

  it('shows a code or a column it does not know as the API gave it', () => {
    expect(lineErrorText(translate, { field: 'gate', code: 'closed_gate' })).toBe('gate: closed_gate');
  });

  it("says a stored line's reason in our words when it is a code, else as the ticketing system said it", async () => {
    expect(reasonText(translate, 'holder_has_seat')).toBe('Questa persona ha già un posto per questa partita.');
    expect(reasonText(translate, 'E42: titolo già emesso per il posto')).toBe('E42: titolo già emesso per il posto');
    await i18nProvider.changeLocale('en');
    expect(reasonText(translate, 'unknown_reduction')).toBe('Unknown reduction.');
  });
});

describe("the ticketing system's refusals of a line", () => {
  it('says a stored refusal in words, and knows when the raw text is worth showing under them', async () => {
    const refused = 'refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida';
    expect(reasonText(translate, refused)).toBe(
      "Rifiutato dal sistema di biglietteria: serve una tessera del tifoso valida per l'intestatario.",
    );
    expect(reasonHasDetail(refused)).toBe(true);
    expect(reasonHasDetail('holder_has_seat')).toBe(false);
    expect(reasonHasDetail('E42: titolo già emesso per il posto')).toBe(false);
    await i18nProvider.changeLocale('en');
    expect(reasonText(translate, 'issuing: refused: RIDUZIONE_NON_AMMESSA: no')).toBe(
      'Refused by the ticketing system: the holder is not entitled to the chosen reduction.',
    );
  });

  it("says a preview's predicted refusal for its column", async () => {
    expect(lineErrorText(translate, { field: 'holder', code: 'card_required' })).toBe(
      "Titolare: serve una tessera del tifoso valida per l'intestatario.",
    );
    expect(lineErrorText(translate, { field: 'reduction', code: 'RIDUZIONE_NON_AMMESSA' })).toMatch(
      /^.+: l'intestatario non ha diritto alla riduzione scelta\.$/,
    );
  });
});

describe('massIssueFailureKey', () => {
  const refusal = (errors: Record<string, string>) =>
    new ApiRequestError(422, 'Some fields are not valid', { code: 'validation_failed', message: 'Some fields are not valid', errors });

  it('says which part of the request was refused, in our words', () => {
    expect(massIssueFailureKey(refusal({ fixture_id: 'required' }), 'fallback')).toBe(
      'resources.mass-issues.errors.fixture_required',
    );
    expect(massIssueFailureKey(refusal({ lines: 'too_many_lines' }), 'fallback')).toBe(
      'resources.mass-issues.errors.too_many_lines',
    );
    expect(massIssueFailureKey(refusal({ lines: 'empty' }), 'fallback')).toBe('resources.mass-issues.errors.no_lines');
    expect(massIssueFailureKey(refusal({ other: 'odd' }), 'fallback')).toBe('resources.mass-issues.errors.rejected');
  });

  it('says what was wrong with the choice of a match or a season ticket', () => {
    expect(massIssueFailureKey(refusal({ season_ticket_id: 'fixture_or_season' }), 'fallback')).toBe(
      'resources.mass-issues.errors.fixture_or_season',
    );
    expect(massIssueFailureKey(refusal({ collection: 'season_only' }), 'fallback')).toBe(
      'resources.mass-issues.errors.collection_season_only',
    );
    const missing = new ApiRequestError(404, 'No such season ticket', {
      code: 'season_ticket_not_found',
      message: 'No such season ticket',
      errors: {},
    });
    expect(massIssueFailureKey(missing, 'fallback')).toBe('resources.mass-issues.errors.season_ticket_not_found');
    const closed = new ApiRequestError(409, 'Not on sale', { code: 'season_not_on_sale', message: 'Not on sale', errors: {} });
    expect(massIssueFailureKey(closed, 'fallback')).toBe('resources.mass-issues.errors.season_not_on_sale');
  });

  it('uses the words for known codes, else the fallback', () => {
    const notFound = new ApiRequestError(404, 'Not found', { code: 'fixture_not_found', message: 'Not found', errors: {} });
    expect(massIssueFailureKey(notFound, 'fallback')).toBe('resources.fixtures.errors.fixture_not_found');
    expect(massIssueFailureKey(new ApiRequestError(500, 'Internal'), 'fallback')).toBe('fallback');
    expect(massIssueFailureKey(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
