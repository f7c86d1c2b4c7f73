import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';

const EXPORTS = 'resources.exports';

/** Our words for the parts of an export request the API names in a 422 (`errors.{part}` is a code). */
const REQUEST_ERRORS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kind: { invalid: `${EXPORTS}.errors.kind_invalid` },
  fixture_id: { required: `${EXPORTS}.errors.fixture_required` },
};

/**
 * What to tell staff when an export cannot be asked for: for a 422 our words for the first part
 * it names; for 404 `fixture_not_found` and the session's errors our words for the code
 * (api/errors.ts); `fallback` for anything else.
 */
export function exportFailureKey(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status === 422) {
    for (const [part, code] of Object.entries(error.fieldErrors)) {
      const key = REQUEST_ERRORS[part]?.[code];
      if (key !== undefined) {
        return key;
      }
    }
    return `${EXPORTS}.errors.rejected`;
  }
  return apiErrorMessageKey(error, fallback);
}
