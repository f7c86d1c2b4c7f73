import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';

/** Why a row of the code table was refused: a code not written P1-/P2- and letters or digits, or a seat the venue lacks. */
export const CODE_REJECTION_REASONS = ['bad_code', 'unknown_seat'] as const;
export type CodeRejectionReason = (typeof CODE_REJECTION_REASONS)[number];

export function isCodeRejectionReason(value: unknown): value is CodeRejectionReason {
  return typeof value === 'string' && (CODE_REJECTION_REASONS as readonly string[]).includes(value);
}

const CODES = 'resources.renewal-codes';

/**
 * What to tell staff when a code table is refused whole: a file that is not a readable sheet
 * (422), else our words for the code (api/errors.ts) or `import_failed`.
 */
export function codesImportFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 422) {
    return error.fieldErrors.file_base64 !== undefined ? `${CODES}.errors.file_unreadable` : `${CODES}.errors.rejected`;
  }
  return apiErrorMessageKey(error, `${CODES}.errors.import_failed`);
}
