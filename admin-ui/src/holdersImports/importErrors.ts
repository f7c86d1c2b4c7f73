import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';

const IMPORTS = 'resources.holders-imports';

/**
 * What to tell staff when a holders' sheet is refused: for a 422 our words for the part named (a
 * season label that is not two following years, a file that is not a readable sheet), else our
 * words for the code (api/errors.ts) or `upload_failed`.
 */
export function holdersImportFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 422) {
    if (error.fieldErrors.label !== undefined) {
      return `${IMPORTS}.errors.bad_label`;
    }
    if (error.fieldErrors.file_base64 !== undefined) {
      return `${IMPORTS}.errors.file_unreadable`;
    }
    return `${IMPORTS}.errors.rejected`;
  }
  return apiErrorMessageKey(error, `${IMPORTS}.errors.upload_failed`);
}
