import { ApiRequestError } from '../api/http';
import type { MailCheckRequest } from '../../../api-types';

export type MailCheckField = keyof MailCheckRequest;

/** Per field, the translation key of the message to show under its input. */
export type MailCheckErrors = Partial<Record<MailCheckField, string>>;

const TO_INVALID = 'resources.emails.mail_check.errors.to';
const LANGUAGE_INVALID = 'resources.emails.mail_check.errors.language';

/**
 * Our own texts for the server's field errors, by error `code` and then field: the server's
 * messages are English and meant for developers.
 */
const FIELD_MESSAGES: Readonly<Record<string, MailCheckErrors>> = {
  // A value broke a rule: not an address, or a language we do not send in.
  validation_failed: { to: TO_INVALID, language: LANGUAGE_INVALID },
  // A value had the wrong JSON type: the advice to the staff member is the same.
  invalid_body: { to: TO_INVALID, language: LANGUAGE_INVALID },
};

function isMailCheckField(field: string): field is MailCheckField {
  return field === 'to' || field === 'language';
}

/**
 * What to show under the inputs for a failed mail check: the fields a 422 named, in our words.
 * Null when nothing can be pinned on a field (400, 413, 415, 5xx, the network), which calls
 * for a generic notification instead.
 */
export function mailCheckFieldErrors(error: unknown): MailCheckErrors | null {
  if (!(error instanceof ApiRequestError) || error.status !== 422 || error.code === null) {
    return null;
  }
  const messages = FIELD_MESSAGES[error.code];
  if (messages === undefined) {
    return null;
  }
  const shown: MailCheckErrors = {};
  for (const field of Object.keys(error.fieldErrors)) {
    if (isMailCheckField(field) && messages[field] !== undefined) {
      shown[field] = messages[field];
    }
  }
  return Object.keys(shown).length > 0 ? shown : null;
}
