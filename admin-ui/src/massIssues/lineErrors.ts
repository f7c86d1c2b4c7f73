import type { TranslateFunction } from 'react-admin';
import { ApiRequestError } from '../api/http';
import { apiErrorMessageKey } from '../api/errors';
import { isTicketingRefusalCode, issueErrorText, refusalCodeOf, refusalReason } from '../failedIssues/refusals';
import type { LineError } from '../../../api-types';

const MASS = 'resources.mass-issues';

/**
 * The codes the API gives for a line it will not issue (the preview's `errors[].code`, a stored
 * line's `reason`); each has our words, `resources.mass-issues.line_errors.{code}`.
 */
export const LINE_ERROR_CODES = [
  'required',
  'invalid',
  'unknown_seat',
  'unknown_reduction',
  'reduction_not_sold',
  'reduction_not_eligible',
  'seat_taken',
  'duplicate_seat',
  'duplicate_holder',
  'holder_has_seat',
  'holder_banned',
  'holder_unverified',
  'email_banned',
  // What the ticketing system would refuse, as a fixture's preview predicts it.
  'holder_has_title',
  'reduction_not_issued',
  'fixture_not_on_sale',
  'buyer_limit',
  // A season ticket's preview: the season (or, for a collection, a covered match) not sold to
  // the public now, or the holder with a season ticket for the season already.
  'season_not_on_sale',
  'match_not_on_sale',
  'holder_has_season_ticket',
] as const;
export type LineErrorCode = (typeof LINE_ERROR_CODES)[number];

export function isLineErrorCode(value: unknown): value is LineErrorCode {
  return typeof value === 'string' && (LINE_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The codes that mean something else for a season ticket's line (a seat free in every covered
 * match, one seat of the season ticket per person, the first match's day...): said in their own
 * words, `resources.mass-issues.season_line_errors.{code}`.
 */
export const SEASON_LINE_ERROR_CODES = [
  'unknown_seat',
  'seat_taken',
  'holder_has_seat',
  'reduction_not_sold',
  'reduction_not_eligible',
] as const satisfies readonly LineErrorCode[];

const isSeasonWorded = (code: LineErrorCode) => (SEASON_LINE_ERROR_CODES as readonly string[]).includes(code);

/**
 * For `invalid`, what a good value is, by column (a name without digits, a past date...); a
 * column not listed gets the general words.
 */
const INVALID_BY_FIELD = ['first_name', 'last_name', 'birth_date', 'sex', 'document_type', 'email'] as const;

/** A column's name as staff read it (`holder` is the person); the API's own name otherwise. */
export function lineFieldLabel(translate: TranslateFunction, field: string): string {
  return translate(`${MASS}.line_fields.${field}`, { _: field });
}

/**
 * What a code means, in the staff member's language; for `invalid`, said for its column; for a
 * season ticket's line (`season`), in its own words when the code means something else there.
 */
function codeText(translate: TranslateFunction, code: LineErrorCode, field?: string, season = false): string {
  if (code === 'invalid' && field !== undefined && (INVALID_BY_FIELD as readonly string[]).includes(field)) {
    return translate(`${MASS}.invalid_fields.${field}`);
  }
  if (season && isSeasonWorded(code)) {
    return translate(`${MASS}.season_line_errors.${code}`);
  }
  return translate(`${MASS}.line_errors.${code}`);
}

/**
 * One of a preview line's errors as a sentence: the column's name, then what is wrong with it
 * ("Posto: il posto è già occupato..."), for a season ticket's line when `season`. A code we do
 * not know is shown as the API gave it.
 */
export function lineErrorText(translate: TranslateFunction, error: LineError, season = false): string {
  return `${lineFieldLabel(translate, error.field)}: ${previewCodeText(translate, error.code, error.field, season)}`;
}

/**
 * A preview's code in words: ours, else a refusal the ticketing system would give (its own code,
 * or the API's prediction of it, `card_required`), else the code as it is.
 */
function previewCodeText(translate: TranslateFunction, code: string, field: string, season: boolean): string {
  if (isLineErrorCode(code)) {
    return codeText(translate, code, field, season);
  }
  const refusal = refusalCodeOf(code);
  if (refusal !== undefined && isTicketingRefusalCode(refusal)) {
    return `${refusalReason(translate, refusal)}.`;
  }
  return code;
}

/**
 * Why a stored line was not issued: one of the preview's codes in our words (a season ticket's
 * line's when `season`), the ticketing system's refusal (`refused: TESSERA_RICHIESTA: ...`) or
 * outage in our words, or else the error as it is.
 */
export function reasonText(translate: TranslateFunction, reason: string, season = false): string {
  if (!isLineErrorCode(reason)) {
    return issueErrorText(translate, reason) ?? reason;
  }
  // Our words are written to follow a column's name ("Posto: il posto..."): alone, a capital.
  const text = codeText(translate, reason, undefined, season);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Whether a stored line's reason is put in our words from a raw text worth keeping as a detail. */
export function reasonHasDetail(reason: string): boolean {
  return !isLineErrorCode(reason) && reason.trim() !== '' && reasonIsTranslated(reason);
}

function reasonIsTranslated(reason: string): boolean {
  return refusalCodeOf(reason) !== undefined || /temporarily unavailable:|no answer:|malformed answer:/.test(reason);
}

/**
 * Our words for the parts of a request the API names in a 422 (`errors.{part}` is a code):
 * neither a fixture nor a season ticket, both, a collection for a fixture, a file that is not an
 * Excel sheet or has none of the columns, too many lines, none.
 */
const REQUEST_ERRORS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  fixture_id: { required: `${MASS}.errors.fixture_required` },
  season_ticket_id: { fixture_or_season: `${MASS}.errors.fixture_or_season` },
  collection: { season_only: `${MASS}.errors.collection_season_only` },
  file_base64: {
    unreadable: `${MASS}.errors.file_unreadable`,
    no_header: `${MASS}.errors.file_no_header`,
    too_many_lines: `${MASS}.errors.too_many_lines`,
    empty: `${MASS}.errors.no_lines`,
  },
  lines: {
    too_many_lines: `${MASS}.errors.too_many_lines`,
    empty: `${MASS}.errors.no_lines`,
  },
};

/** A season ticket that is not there (404) or not on sale now (409), as this page says it. */
const SUBJECT_ERRORS: Readonly<Record<string, string>> = {
  season_ticket_not_found: `${MASS}.errors.season_ticket_not_found`,
  season_not_on_sale: `${MASS}.errors.season_not_on_sale`,
};

/**
 * What to tell staff when a preview or a task's creation fails: for a 422 our words for the first
 * part it names; for 404 `season_ticket_not_found` and 409 `season_not_on_sale` our words here;
 * for 404 `fixture_not_found`, 409 `fixture_not_on_sale` and the session's errors our words for
 * the code (api/errors.ts); `fallback` for anything else.
 */
export function massIssueFailureKey(error: unknown, fallback: string): string {
  const subject = error instanceof ApiRequestError && error.code ? SUBJECT_ERRORS[error.code] : undefined;
  if (subject !== undefined) {
    return subject;
  }
  if (error instanceof ApiRequestError && error.status === 422) {
    for (const [part, code] of Object.entries(error.fieldErrors)) {
      const key = REQUEST_ERRORS[part]?.[code];
      if (key !== undefined) {
        return key;
      }
    }
    return `${MASS}.errors.rejected`;
  }
  return apiErrorMessageKey(error, fallback);
}
