import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n, { SEASON_ORDER_NS } from '../i18n';
import {
  duplicateRights,
  normalisedRenewal,
  outcomeError,
  renewalErrorText,
  renewalFieldCodes,
  renewalFieldText,
  renewalOutcomeText,
  renewalProblems,
  renewalSeatProblem,
  seatProblemText,
} from './renewal';
import type { RenewalRequest } from '../../../api-types';

beforeAll(async () => {
  await i18n.loadNamespaces(SEASON_ORDER_NS);
  await i18n.loadLanguages(['it', 'en']);
});

const MARIO: RenewalRequest = {
  right: ' P1-7F3A9C ',
  first_name: ' Mario ',
  last_name: 'Bianchi',
  birth_date: '1980-05-17',
  birth_province: ' ee ',
  birth_place: 'Svizzera',
  sex: 'M',
};

const refusal = (status: number, code: string, details: Record<string, unknown> = {}, fields: Record<string, string> = {}) =>
  new ApiError(status, code, 'An English message', fields, details);

describe('the renewal form', () => {
  it('sends every field trimmed, the province in capitals', () => {
    expect(normalisedRenewal(MARIO)).toEqual({ ...MARIO, right: 'P1-7F3A9C', first_name: 'Mario', birth_province: 'EE' });
  });

  it('asks for every field, a past date, two letters as the province and M or F', () => {
    const blank = normalisedRenewal({ ...MARIO, right: '', first_name: ' ', sex: '' });
    expect(renewalProblems(blank, '2027-06-01')).toEqual({ right: 'required', first_name: 'required', sex: 'required' });
    const wrong = normalisedRenewal({ ...MARIO, birth_date: '2027-06-01', birth_province: 'Como', sex: 'X' });
    expect(renewalProblems(wrong, '2027-06-01')).toEqual({ birth_date: 'invalid', birth_province: 'invalid', sex: 'invalid' });
    expect(renewalProblems(normalisedRenewal(MARIO), '2027-06-01')).toEqual({});
  });

  it("puts a mismatch on the field the API names, an unknown right on the right, a 422's errors on theirs", () => {
    expect(renewalFieldCodes(refusal(422, 'holder_mismatch', { field: 'birth_place' }, { field: 'birth_place' }))).toEqual({
      birth_place: 'mismatch',
    });
    expect(renewalFieldCodes(refusal(422, 'holder_mismatch', { field: 'shoe_size' }))).toEqual({});
    expect(renewalFieldCodes(refusal(404, 'holder_not_found'))).toEqual({ right: 'holder_not_found' });
    expect(renewalFieldCodes(refusal(422, 'validation_failed', {}, { sex: 'M or F', other: 'x' }))).toEqual({ sex: 'M or F' });
    expect(renewalFieldCodes(refusal(409, 'already_renewed'))).toEqual({});
  });

  it("says a field's problem in the fan's words", () => {
    const ts = i18n.getFixedT('it', SEASON_ORDER_NS);
    expect(renewalFieldText(ts, 'birth_place', 'mismatch')).toBe("Non corrisponde ai dati dell'abbonato");
    expect(renewalFieldText(ts, 'sex', 'M or F')).toBe('Scegli maschio o femmina.');
    expect(renewalFieldText(ts, 'birth_date', 'yyyy-mm-dd')).toBe('Scrivi una data di nascita valida, nel passato.');
    expect(renewalFieldText(ts, 'right', 'required')).toBe('Scrivi il sigillo fiscale o il codice di rinnovo.');
    expect(renewalFieldText(i18n.getFixedT('en', SEASON_ORDER_NS), 'last_name', 'mismatch')).toBe(
      "Does not match the holder's record",
    );
  });

  it.each([
    ['holder_mismatch', 422, 'I dati non corrispondono a quelli dell\'abbonato della scorsa stagione.', "These details do not match last season's holder."],
    ['no_renewal_phase', 409, 'I rinnovi non sono aperti ora.', 'Renewals are not open now.'],
    ['already_renewed', 409, 'Questo abbonamento è già stato rinnovato.', 'This season ticket has already been renewed.'],
    ['renewal_in_progress', 409, 'Qualcun altro sta pagando il rinnovo di questo abbonamento: riprova più tardi.', 'Someone else is paying for this renewal right now: try again later.'],
    ['no_kept_seat', 409, "Non c'è un posto tenuto per questo abbonato: contatta il club.", 'No seat is kept for this holder: please contact the club.'],
    ['renewal_quota', 409, 'Hai già rinnovato tanti abbonamenti quanti ne avevi acquistati la scorsa stagione.', 'You have already renewed as many season tickets as you bought last season.'],
    ['season_ticket_not_found', 404, 'Questo abbonamento non esiste o non è in vendita.', 'This season ticket does not exist or is not on sale.'],
  ])('says %s in Italian and English, never in the API\'s words', async (code, status, italian, english) => {
    const error = refusal(status, code);
    expect(renewalErrorText(i18n.t.bind(i18n), i18n.getFixedT('it', SEASON_ORDER_NS), error)).toBe(italian);
    await i18n.changeLanguage('en');
    expect(renewalErrorText(i18n.t.bind(i18n), i18n.getFixedT('en', SEASON_ORDER_NS), error)).toBe(english);
  });
});

describe('renewals in a list', () => {
  const t = () => i18n.getFixedT('it');
  const ts = () => i18n.getFixedT('it', SEASON_ORDER_NS);

  it('says the quota the fan has reached, when the API gives it', () => {
    expect(renewalErrorText(t(), ts(), refusal(409, 'renewal_quota', { quota: 2 }))).toBe(
      'Hai già rinnovato tanti abbonamenti quanti ne avevi acquistati la scorsa stagione (2).',
    );
    expect(
      renewalErrorText(i18n.getFixedT('en'), i18n.getFixedT('en', SEASON_ORDER_NS), refusal(409, 'renewal_quota', { quota: 1 })),
    ).toBe('You have already renewed as many season tickets as you bought last season (1).');
  });

  it("reads each refused renewal as the single renewal's refusal, its field and details kept", () => {
    expect(outcomeError({ right: 'P1-AAAA', order: null, code: null, errors: null })).toBeNull();
    const mismatch = outcomeError({ right: 'P1-AAAA', order: null, code: 'holder_mismatch', errors: { field: 'birth_date' } });
    expect(mismatch).toMatchObject({ status: 422, code: 'holder_mismatch', details: { field: 'birth_date' } });
    expect(renewalFieldCodes(mismatch)).toEqual({ birth_date: 'mismatch' });
    expect(outcomeError({ right: 'P1-AAAA', code: 'holder_not_found' })).toMatchObject({ status: 404 });
    expect(outcomeError({ right: 'P1-AAAA', code: 'renewal_quota', errors: { quota: 2 } })).toMatchObject({
      status: 409,
      details: { quota: 2 },
    });
  });

  it('names the field a holder mismatch is about, in both languages', () => {
    const error = refusal(422, 'holder_mismatch', { field: 'birth_place' });
    expect(renewalOutcomeText(t(), ts(), error)).toBe("Non corrisponde ai dati dell'abbonato: luogo di nascita.");
    expect(renewalOutcomeText(i18n.getFixedT('en'), i18n.getFixedT('en', SEASON_ORDER_NS), error)).toBe(
      "Does not match the holder's record: place of birth.",
    );
    expect(renewalOutcomeText(t(), ts(), refusal(409, 'already_renewed'))).toBe('Questo abbonamento è già stato rinnovato.');
  });

  it('finds a right given twice, whatever its case', () => {
    const rows = [MARIO, { ...MARIO, right: '' }, { ...MARIO, right: ' p1-7f3a9c ' }, { ...MARIO, right: 'P1-OTHER' }].map(normalisedRenewal);
    expect(duplicateRights(rows)).toEqual([false, false, true, false]);
    expect(renewalFieldText(ts(), 'right', 'duplicate')).toBe(
      "Questo sigillo fiscale o codice di rinnovo è già in un altro abbonamento dell'elenco.",
    );
  });
});

describe('a change of seat', () => {
  const t = () => i18n.getFixedT('it');
  const ts = () => i18n.getFixedT('it', SEASON_ORDER_NS);

  it("reads the seat's refusals as the seat's problems, and no other", () => {
    expect(renewalSeatProblem(refusal(409, 'seat_not_free'))).toBe('seat_not_free');
    expect(renewalSeatProblem(refusal(409, 'seat_not_in_phase'))).toBe('seat_not_in_phase');
    expect(renewalSeatProblem(refusal(422, 'validation_failed', { seat_id: 'required' }, { seat_id: 'required' }))).toBe('required');
    expect(renewalSeatProblem(refusal(422, 'validation_failed', { sex: 'M or F' }, { sex: 'M or F' }))).toBeNull();
    expect(renewalSeatProblem(refusal(409, 'change_of_seat_not_open'))).toBeNull();
    expect(renewalSeatProblem(refusal(409, 'already_renewed'))).toBeNull();
    expect(renewalSeatProblem(new Error('offline'))).toBeNull();
  });

  it('says each of its refusals in the fan\'s words, naming the seat when known', () => {
    expect(seatProblemText(ts(), 'required', null)).toBe('Scegli il nuovo posto sulla mappa dello stadio prima di rinnovare.');
    expect(seatProblemText(ts(), 'seat_not_free', 'Distinti Ovest, blocco DO1, fila 1, posto 3')).toBe(
      'Distinti Ovest, blocco DO1, fila 1, posto 3: non è libero in tutte le partite della stagione. Scegli un altro posto.',
    );
    expect(seatProblemText(ts(), 'seat_not_in_phase', null)).toBe(
      'Il cambio posto non apre il settore di questo posto: scegline uno in un altro settore.',
    );
    expect(renewalErrorText(t(), ts(), refusal(409, 'change_of_seat_not_open'))).toBe('Il cambio posto non è aperto ora.');
    expect(renewalErrorText(t(), ts(), refusal(409, 'seat_not_free'))).toBe(
      'Questo posto non è libero in tutte le partite della stagione: scegline un altro.',
    );
    expect(
      renewalErrorText(i18n.getFixedT('en'), i18n.getFixedT('en', SEASON_ORDER_NS), refusal(409, 'change_of_seat_not_open')),
    ).toBe('The change of seat is not open now.');
  });
});
