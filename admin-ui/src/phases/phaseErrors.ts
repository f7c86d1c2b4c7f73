import type { TranslateFunction } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { PHASE_NAME_MAX } from './phaseRequest';

const ERRORS = 'resources.phases.errors';

const UNKNOWN_SECTORS = /^unknown sectors:\s*(.+)$/i;

/** Our words for one of the API's field errors on a phase (its English text); the text itself when we have none. */
function phaseFieldError(field: string, message: string, translate: TranslateFunction): string {
  switch (field) {
    case 'ends_at':
    case 'starts_at':
      return translate(`${ERRORS}.ends_before_start`);
    case 'name':
      return translate(`${ERRORS}.name_too_long`, { max: PHASE_NAME_MAX });
    case 'kind':
      return translate(`${ERRORS}.renewal_season_only`);
    case 'season_ticket_id':
    case 'fixture_id':
      return translate(`${ERRORS}.target_required`);
    case 'sectors': {
      if (/^at most/i.test(message.trim())) return translate(`${ERRORS}.sectors_too_long`);
      const codes = UNKNOWN_SECTORS.exec(message.trim())?.[1];
      return codes === undefined
        ? translate(`${ERRORS}.unknown_sectors_none`)
        : translate(`${ERRORS}.unknown_sectors`, { codes });
    }
    default:
      return message;
  }
}

/**
 * The API's `validation_failed` field errors on a phase (`errors.ends_at`, `errors.sectors` with
 * the unknown codes, `errors.kind`, `errors.name`), in our words, for the form to show under each
 * input. react-admin would show the API's English text as it came.
 */
export function phaseFieldErrors(errors: Record<string, unknown>, translate: TranslateFunction): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      phaseFieldError(field, typeof message === 'string' ? message : String(message), translate),
    ]),
  );
}

/** Our words for a mirror that failed: the ticketing system did not answer (503), or another reason. */
export function mirrorFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'ticketing_unavailable') {
    return `${ERRORS}.ticketing_unavailable`;
  }
  return apiErrorMessageKey(error, `${ERRORS}.mirror_failed`);
}
