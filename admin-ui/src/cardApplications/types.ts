import type {
  CardApplication as ApiCardApplication,
  CardApplicationState as ApiCardApplicationState,
  CardRecheckResult as ApiCardRecheckResult,
  CardRejection as ApiCardRejection,
  CardRelationship as ApiCardRelationship,
} from '../../../api-types';

// The API's shapes (/api/admin/supporter-card-applications), from its OpenAPI document.

/**
 * A fan's application for the club's supporter card, for themself or a family member (the
 * holder), and once issued the card itself: its number and until when it is valid.
 */
export type CardApplication = ApiCardApplication;

/** Where an application stands (see STATES). */
export type CardApplicationState = ApiCardApplicationState;

/** Whose card it is, for the applicant. */
export type CardRelationship = ApiCardRelationship;

/** `POST .../{id}/reject`'s body: why, in words the fan reads. */
export type CardRejection = ApiCardRejection;

/** What a re-check with the ticketing system found, and the application as it is now. */
export type CardRecheckResult = ApiCardRecheckResult;

/**
 * Every state, in the order an application goes through them:
 *
 * submitted (being registered in the ticketing system, by a job) -> registered (waiting for
 * staff) -> issuing (staff issued it; the ticketing system's police check answers) -> issued |
 * refused; submitted | registered -> rejected (by staff, with a note); issued -> revoking (staff
 * revoked it; a job tells the ticketing system) -> revoked; issued -> revoked | expired (found so
 * in the ticketing system on a re-check).
 */
export const STATES = [
  'submitted',
  'registered',
  'issuing',
  'issued',
  'refused',
  'rejected',
  'revoking',
  'revoked',
  'expired',
] as const satisfies readonly CardApplicationState[];

export const RELATIONSHIPS = ['self', 'child', 'partner', 'parent', 'sibling', 'other'] as const satisfies readonly CardRelationship[];

/** Why an application was refused: the police check, a card the person has already, staff. */
export const REFUSAL_CODES = ['police_refused', 'card_exists', 'rejected_by_staff'] as const;

/**
 * Our words for why an application was refused (a translation key), or the code as it came when
 * we do not know it; undefined when it was not refused.
 */
export function refusalWordsKey(code: string | null | undefined): string | undefined {
  if (code === null || code === undefined || code === '') {
    return undefined;
  }
  return isRefusalCode(code) ? `resources.supporter-card-applications.refusals.${code}` : code;
}

/** The longest note a rejection may carry. */
export const MAX_NOTE_LENGTH = 500;

export function isState(value: unknown): value is CardApplicationState {
  return typeof value === 'string' && (STATES as readonly string[]).includes(value);
}

export function isRelationship(value: unknown): value is CardRelationship {
  return typeof value === 'string' && (RELATIONSHIPS as readonly string[]).includes(value);
}

export function isRefusalCode(value: unknown): value is (typeof REFUSAL_CODES)[number] {
  return typeof value === 'string' && (REFUSAL_CODES as readonly string[]).includes(value);
}

type Holder = Pick<CardApplication, 'first_name' | 'last_name'>;

/** The holder as the list shows them, surname first in capitals: "ROSSI Mario". */
export function holderListName(application: Holder): string {
  return [application.last_name.toLocaleUpperCase('it-IT'), application.first_name].filter((part) => part !== '').join(' ');
}

/** The holder as a sentence names them: "Mario Rossi". */
export function holderName(application: Holder): string {
  return [application.first_name, application.last_name].filter((part) => part !== '').join(' ');
}

/** What staff may do to an application in `state`, as the API allows it. */
export function canIssue(state: string): boolean {
  return state === 'registered';
}

export function canReject(state: string): boolean {
  return state === 'submitted' || state === 'registered';
}

export function canRevoke(state: string): boolean {
  return state === 'issued';
}

/** A card number is there once the ticketing system registered it: it can be asked about. */
export function canRecheck(application: Pick<CardApplication, 'card_number'>): boolean {
  return application.card_number !== null && application.card_number !== undefined && application.card_number !== '';
}

/** Only an issued card has a PDF (else 409 `card_not_issued`). */
export function hasPdf(state: string): boolean {
  return state === 'issued';
}
