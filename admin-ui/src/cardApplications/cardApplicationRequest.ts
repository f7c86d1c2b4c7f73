import { refusalKey } from '../bans/banRequest';
import { MAX_NOTE_LENGTH } from './types';

const ERRORS = 'resources.supporter-card-applications.errors';

/** A rejection's note: written, at most 500 characters (the API's `required` and `too_long`). */
export function validNote(value: string): string | undefined {
  const note = value.trim();
  if (note === '') {
    return `${ERRORS}.note_required`;
  }
  return [...note].length > MAX_NOTE_LENGTH ? `${ERRORS}.note_too_long` : undefined;
}

/** Our words for the API's code on the note (422 `validation_failed`), or undefined. */
export function noteErrorKey(code: string | undefined): string | undefined {
  switch (code) {
    case 'required':
      return `${ERRORS}.note_required`;
    case 'too_long':
      return `${ERRORS}.note_too_long`;
    default:
      return undefined;
  }
}

/**
 * What to tell staff when an action on an application is refused: it moved on meanwhile (409
 * `wrong_state`), it has no card yet (409 `no_card_yet`), the ticketing system does not answer
 * (503 `ticketing_unavailable`), it is not there (404), else our words for a code every call may
 * get, else `fallback`.
 */
export function applicationFailureKey(error: unknown, fallback: string): string {
  return refusalKey(
    error,
    {
      wrong_state: `${ERRORS}.wrong_state`,
      no_card_yet: `${ERRORS}.no_card_yet`,
      ticketing_unavailable: `${ERRORS}.ticketing_unavailable`,
      card_not_issued: `${ERRORS}.card_not_issued`,
    },
    `${ERRORS}.not_found`,
    fallback,
  );
}
