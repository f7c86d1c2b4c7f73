import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { fieldCodesOf, type FieldCodes } from '../api/fieldCodes';
import { EARLIEST_BIRTH_DATE, isCalendarDate } from '../orders/holderRules';
import { SEXES } from '../orders/types';
import { seasonErrorText } from './errors';
import type { SeasonT } from './orderWords';
import type { RenewalOutcome, RenewalRequest } from '../../../api-types';

/**
 * The renewal form's rules (`POST /api/season-tickets/{id}/renewal`): the right (last season's
 * fiscal seal, or the renewal code the club e-mailed) and the holder as the club's record has
 * them. Checked here first so the fan hears about a blank field at once; the API has the last word.
 */

/**
 * The form's fields: the request's text fields. A change of seat's `seat_id` (the venue seat
 * chosen on the map; required then, refused in the renewal phase) is no field the fan types.
 */
export type RenewalField = Exclude<keyof RenewalRequest, 'seat_id'>;

/** The form's fields, in the order they are shown (the first with a problem gets the focus). */
export const RENEWAL_FIELDS = [
  'right',
  'first_name',
  'last_name',
  'birth_date',
  'birth_province',
  'birth_place',
  'sex',
] as const satisfies readonly RenewalField[];

export const EMPTY_RENEWAL: RenewalRequest = {
  right: '',
  first_name: '',
  last_name: '',
  birth_date: '',
  birth_province: '',
  birth_place: '',
  sex: '',
};

/** The most renewals one list (`POST /api/season-tickets/{id}/renewals`) takes. */
export const RENEWALS_MAX = 10;

/** The API's limits: a right of 40 characters, names and places of 100. */
export const RIGHT_MAX = 40;
export const RENEWAL_TEXT_MAX = 100;

/** Two letters: the province's code, or EE for a holder born abroad. */
const PROVINCE = /^[A-Z]{2}$/;

function isRenewalField(value: unknown): value is RenewalField {
  return typeof value === 'string' && (RENEWAL_FIELDS as readonly string[]).includes(value);
}

/** What is sent: every field trimmed, the province in capitals ("co" is CO, "ee" is EE). */
export function normalisedRenewal(values: RenewalRequest): RenewalRequest {
  return {
    right: values.right.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    birth_date: values.birth_date.trim(),
    birth_province: values.birth_province.trim().toUpperCase(),
    birth_place: values.birth_place.trim(),
    sex: values.sex.trim(),
  };
}

/** Each field's problem (`required` or `invalid`) before asking the API; `today` is YYYY-MM-DD. */
export function renewalProblems(request: RenewalRequest, today: string): FieldCodes<RenewalField> {
  const problems: FieldCodes<RenewalField> = {};
  for (const field of RENEWAL_FIELDS) {
    if (request[field] === '') {
      problems[field] = 'required';
    }
  }
  if (request.right.length > RIGHT_MAX) {
    problems.right = 'invalid';
  }
  for (const field of ['first_name', 'last_name', 'birth_place'] as const) {
    if (request[field].length > RENEWAL_TEXT_MAX) {
      problems[field] = 'invalid';
    }
  }
  const birth = request.birth_date;
  if (birth !== '' && (!isCalendarDate(birth) || birth >= today || birth < EARLIEST_BIRTH_DATE)) {
    problems.birth_date = 'invalid';
  }
  if (request.birth_province !== '' && !PROVINCE.test(request.birth_province)) {
    problems.birth_province = 'invalid';
  }
  if (request.sex !== '' && !(SEXES as readonly string[]).includes(request.sex)) {
    problems.sex = 'invalid';
  }
  return problems;
}

/**
 * The codes a refused renewal puts on the form's fields: `mismatch` on the one field a 422
 * `holder_mismatch` names (`errors.field`), `holder_not_found` on the right, and each field a
 * 422 `validation_failed` names. Empty for any other refusal (said above the button instead).
 */
export function renewalFieldCodes(error: unknown): FieldCodes<RenewalField> {
  if (!(error instanceof ApiError)) {
    return {};
  }
  const codes: FieldCodes<RenewalField> = {};
  switch (error.code) {
    case 'holder_mismatch': {
      const { field } = error.details;
      if (isRenewalField(field)) {
        codes[field] = 'mismatch';
      }
      return codes;
    }
    case 'holder_not_found':
      codes.right = 'holder_not_found';
      return codes;
    case 'validation_failed':
      return fieldCodesOf(error, RENEWAL_FIELDS);
    default:
      return codes;
  }
}

/** A field's code in the fan's words; the API's own codes for a bad value ("M or F", "yyyy-mm-dd") read as invalid. */
export function renewalFieldText(ts: SeasonT, field: RenewalField, code: string): string {
  switch (code) {
    case 'mismatch':
      return ts('renewal.fieldErrors.mismatch');
    case 'holder_not_found':
      return ts('renewal.fieldErrors.holder_not_found');
    case 'duplicate':
      return ts('renewal.fieldErrors.duplicate');
    case 'required':
      return ts(`renewal.fieldErrors.required.${field}`);
    default:
      return ts(`renewal.fieldErrors.invalid.${field}`);
  }
}

/**
 * The fan's words for a refused renewal that no field says: each of the renewal's codes its
 * own message (never the API's English one), the rest as for any season call.
 */
export function renewalErrorText(t: TFunction, ts: SeasonT, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'holder_mismatch':
        return ts('renewal.errors.holder_mismatch');
      case 'holder_not_found':
        return ts('renewal.fieldErrors.holder_not_found');
      case 'no_renewal_phase':
        return ts('renewal.errors.no_renewal_phase');
      case 'already_renewed':
        return ts('renewal.errors.already_renewed');
      case 'renewal_in_progress':
        return ts('renewal.errors.renewal_in_progress');
      case 'no_kept_seat':
        return ts('renewal.errors.no_kept_seat');
      // As many renewals as season tickets bought last season (`errors.quota`), at least one.
      case 'renewal_quota': {
        const { quota } = error.details;
        return typeof quota === 'number'
          ? ts('renewal.errors.renewal_quotaOf', { quota })
          : ts('renewal.errors.renewal_quota');
      }
      // A change of seat: the seat's own refusals (said at the chosen seat by the form), and
      // a seat sent while the phase on now is not a change of seat.
      case 'seat_not_free':
        return ts('changeOfSeat.seatErrors.seat_not_free');
      case 'seat_not_in_phase':
        return ts('changeOfSeat.seatErrors.seat_not_in_phase');
      case 'change_of_seat_not_open':
        return ts('changeOfSeat.errors.change_of_seat_not_open');
      case 'validation_failed':
        return error.fieldErrors.seat_id === undefined ? t('errors.validation_failed') : ts('changeOfSeat.seatErrors.required');
      default:
        break;
    }
  }
  return seasonErrorText(t, error);
}

/** What can be wrong with a change of seat's seat: none chosen, not free all season, not in the phase. */
export type SeatProblem = 'required' | 'seat_not_free' | 'seat_not_in_phase';

/**
 * The problem a refused change of seat has with its seat: a 422 naming `seat_id` (none was
 * sent), 409 `seat_not_free` or `seat_not_in_phase`; null for any other refusal.
 */
export function renewalSeatProblem(error: unknown): SeatProblem | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  switch (error.code) {
    case 'seat_not_free':
    case 'seat_not_in_phase':
      return error.code;
    case 'validation_failed':
      return error.fieldErrors.seat_id === undefined ? null : 'required';
    default:
      return null;
  }
}

/** A seat problem in the fan's words, naming the seat (`seat`, as the map labels it) when known. */
export function seatProblemText(ts: SeasonT, problem: SeatProblem, seat: string | null): string {
  if (problem !== 'required' && seat !== null) {
    return ts(`changeOfSeat.seatErrors.${problem}Named`, { seat });
  }
  return ts(`changeOfSeat.seatErrors.${problem}`);
}

/**
 * `duplicate` on the right of each row after the first that repeats a right (in capitals: the
 * API reads a seal or a code without regard to case), for the list of renewals.
 */
export function duplicateRights(requests: readonly RenewalRequest[]): boolean[] {
  const seen = new Set<string>();
  return requests.map((request) => {
    const right = request.right.toUpperCase();
    if (right === '') {
      return false;
    }
    const repeated = seen.has(right);
    seen.add(right);
    return repeated;
  });
}

/** The status each refusal has when the single renewal answers with it. */
const OUTCOME_STATUS: Record<string, number> = {
  holder_not_found: 404,
  holder_mismatch: 422,
  validation_failed: 422,
  rate_limited: 429,
};

/**
 * One refused renewal of a list, as the single renewal's refusal of the same code and `errors`
 * (so it is said, and put on its fields, the same way); null for a renewal made.
 */
export function outcomeError(outcome: RenewalOutcome): ApiError | null {
  if (outcome.code === null || outcome.code === undefined) {
    return null;
  }
  const { errors } = outcome;
  const details: Record<string, unknown> =
    errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? { ...errors } : {};
  const fieldErrors = Object.fromEntries(
    Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return new ApiError(OUTCOME_STATUS[outcome.code] ?? 409, outcome.code, outcome.code, fieldErrors, details);
}

/**
 * What happened to one renewal of a list, in the fan's words: a holder mismatch names its field
 * ("Non corrisponde ai dati dell'abbonato: data di nascita."), the rest as the single renewal says it.
 */
export function renewalOutcomeText(t: TFunction, ts: SeasonT, error: ApiError): string {
  if (error.code === 'holder_mismatch') {
    const { field } = error.details;
    if (isRenewalField(field)) {
      return ts('renewals.mismatch', { field: ts(`renewal.${field}`).toLocaleLowerCase() });
    }
  }
  return renewalErrorText(t, ts, error);
}
