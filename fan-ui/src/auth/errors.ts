import type { TFunction } from 'i18next';
import { ApiError, MAINTENANCE, NETWORK_ERROR } from '../api/client';

/**
 * The fan's words for a failed call, chosen by the API's error `code` (the API's `message` is
 * English and meant for developers). Anything unexpected gets a generic "try again".
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) {
    return t('errors.generic');
  }
  switch (error.code) {
    case 'code_invalid': {
      // "Wrong code: 3 attempts left" (the count is only in the message).
      const attemptsLeft = /(\d+) attempts? left/.exec(error.message)?.[1];
      return attemptsLeft === undefined
        ? t('errors.code_invalid')
        : t('errors.code_wrong', { count: Number(attemptsLeft) });
    }
    case 'code_expired':
      return t('errors.code_expired');
    case 'code_locked':
      return t('errors.code_locked');
    case 'link_invalid':
      return t('errors.link_invalid');
    case 'email_banned':
      return t('errors.email_banned');
    case 'rate_limited':
      return t('errors.rate_limited');
    case 'invalid_credentials':
      return t('errors.invalid_credentials');
    case 'forbidden':
      return t('errors.forbidden');
    case 'unauthenticated':
      return t('errors.unauthenticated');
    case 'validation_failed':
      return t('errors.validation_failed');
    case NETWORK_ERROR:
      return t('errors.network_error');
    case MAINTENANCE:
      return t('errors.maintenance');
    default:
      return t('errors.generic');
  }
}

/**
 * The fan's words for one field's error: the API gives a stable code for most fields
 * (`display_name_too_short`, `wrong_password`...) and an English sentence for a bad e-mail.
 */
export function fieldErrorText(t: TFunction, field: string, value: string): string {
  switch (value) {
    case 'display_name_too_short':
      return t('fieldErrors.display_name_too_short');
    case 'display_name_too_long':
      return t('fieldErrors.display_name_too_long');
    case 'invalid_language':
      return t('fieldErrors.invalid_language');
    case 'password_too_short':
      return t('fieldErrors.password_too_short');
    case 'password_too_long':
      return t('fieldErrors.password_too_long');
    case 'wrong_password':
      return t('fieldErrors.wrong_password');
    case 'too_long':
      return t('fieldErrors.too_long');
    default:
      return field === 'email' ? t('fieldErrors.invalid_email') : t('fieldErrors.invalid');
  }
}

/** The field errors of a 422, in the fan's words; empty for any other failure. */
export function fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return {};
  }
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, value]) => [field, fieldErrorText(t, field, value)]),
  );
}

/** A light check before asking the API, which has the last word. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
