import { HttpError, useSaveContext, useTranslate, type TranslateFunction } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import {
  MAX_REASON_LENGTH,
  type BanChangeRequest,
  type BanType,
  type NewEmailBanRequest,
  type NewTitleBanRequest,
} from './types';

const ERRORS = 'resources.bans.errors';

/** What a ban's form holds: what is banned (a new ban's only), the two instants and the reason. */
export interface BanFormValues {
  email?: string | null;
  seal?: string | null;
  start_at?: string | null;
  end_at?: string | null;
  reason?: string | null;
}

/** A fiscal seal as the API keeps it: 4 to 40 letters and digits. */
const SEAL = /^[A-Za-z0-9]{4,40}$/;

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

function instant(value: string | null | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * `POST /api/admin/bans/{type}`'s body: the e-mail or the seal, the start only when one was
 * typed (none: now), the end or null, the reason.
 */
export function newBanRequest(type: BanType, values: BanFormValues): NewEmailBanRequest | NewTitleBanRequest {
  const start = instant(values.start_at);
  const rest = { ...(start === null ? {} : { start_at: start }), end_at: instant(values.end_at), reason: text(values.reason) };
  return type === 'emails' ? { email: text(values.email), ...rest } : { seal: text(values.seal), ...rest };
}

/** `PUT /api/admin/bans/{type}/{id}`'s body: the dates and the reason alone. */
export function banChange(values: BanFormValues): BanChangeRequest {
  return { start_at: instant(values.start_at) ?? '', end_at: instant(values.end_at), reason: text(values.reason) };
}

/** A seal the API would take; its own error code, said before sending. */
export function validSeal(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    return undefined;
  }
  return SEAL.test(value.trim()) ? undefined : `${ERRORS}.seal_invalid`;
}

/** A reason: written, at most 500 characters. */
export function validReason(value: unknown): string | undefined {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason === '') {
    return `${ERRORS}.reason_required`;
  }
  return reason.length > MAX_REASON_LENGTH ? `${ERRORS}.reason_too_long` : undefined;
}

/**
 * The end comes after the start (a start left empty is now): the API's `errors.end_at`
 * (`before_start`) said before sending.
 */
export function endAfterStart(end: unknown, values: BanFormValues): string | undefined {
  if (typeof end !== 'string' || end === '') {
    return undefined;
  }
  const start = instant(values.start_at);
  const from = start === null ? Date.now() : new Date(start).getTime();
  const until = new Date(end).getTime();
  if (Number.isNaN(from) || Number.isNaN(until)) {
    return undefined;
  }
  return until > from ? undefined : `${ERRORS}.before_start`;
}

/**
 * Our words for one of the API's field error codes on a ban (docs/api/bans.md): `invalid` and
 * `unknown_title` on the e-mail or the seal, `before_start` on the end, `required` (or too long)
 * on the reason. A code we do not know shows as it came.
 */
export function banFieldErrorKey(field: string, code: string): string | undefined {
  if (code === 'unknown_title') {
    return `${ERRORS}.unknown_title`;
  }
  if (code === 'before_start') {
    return `${ERRORS}.before_start`;
  }
  if (field === 'reason') {
    // Its only other refusal is its length (at most 500 characters).
    return code === 'required' ? `${ERRORS}.reason_required` : `${ERRORS}.reason_too_long`;
  }
  if (code === 'required') {
    return `${ERRORS}.required`;
  }
  if (code === 'invalid') {
    return field === 'email' ? `${ERRORS}.email_invalid` : field === 'seal' ? `${ERRORS}.seal_invalid` : `${ERRORS}.invalid`;
  }
  return undefined;
}

/**
 * The API's 422 field errors (`{field: code}`) in our words, for a form to show under each input:
 * `keyOf` names the translation of a field's code; a code it does not know shows as it came.
 */
export function fieldErrorsInWords(
  errors: Record<string, unknown>,
  keyOf: (field: string, code: string) => string | undefined,
  translate: TranslateFunction,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => {
      const message = typeof code === 'string' ? code : String(code);
      const key = keyOf(field, message);
      return [field, key === undefined ? message : translate(key)];
    }),
  );
}

/**
 * A form's submit (a ban's, a blacklist entry's): saves, and gives back the API's field refusals
 * (422, a code per field) in our words (`keyOf`) for the form to show under their inputs.
 */
export function useSaveWithFieldErrors<Values extends object>(keyOf: (field: string, code: string) => string | undefined) {
  const { save } = useSaveContext();
  const translate = useTranslate();
  return async (values: Partial<Values>) => {
    const errors: unknown = await save?.(values);
    return errors !== null && typeof errors === 'object' && !('id' in errors)
      ? fieldErrorsInWords(errors as Record<string, unknown>, keyOf, translate)
      : undefined;
  };
}

function codeOf(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) {
    return error.code ?? undefined;
  }
  if (error instanceof HttpError && error.body !== null && typeof error.body === 'object') {
    const { code } = error.body as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof ApiRequestError || error instanceof HttpError ? error.status : undefined;
}

/**
 * What to tell staff when a change to a record is refused (a translation key): our words for the
 * API's own codes (`codes`), that the record is not there (404, `notFound`), else our words for a
 * code every call may get, else `fallback`.
 */
export function refusalKey(error: unknown, codes: Readonly<Record<string, string>>, notFound: string, fallback: string): string {
  const code = codeOf(error);
  const known = code !== undefined && Object.hasOwn(codes, code) ? codes[code] : undefined;
  if (known !== undefined) {
    return known;
  }
  if (statusOf(error) === 404) {
    return notFound;
  }
  return apiErrorMessageKey(error, fallback);
}

/** What to tell staff when a ban's change or lifting is refused: lifted already, not there, else `fallback`. */
export function banFailureKey(error: unknown, fallback: string): string {
  return refusalKey(error, { ban_lifted: `${ERRORS}.ban_lifted` }, `${ERRORS}.not_found`, fallback);
}

/** Whether a failed save carries field errors (the form shows them; nothing to notify). */
export function hasFieldErrors(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.body === null || typeof error.body !== 'object') {
    return false;
  }
  const { errors } = error.body as { errors?: unknown };
  return errors !== null && typeof errors === 'object' && Object.keys(errors).length > 0;
}
