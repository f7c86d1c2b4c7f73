import { useCallback } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';

/**
 * What a refused action on a record does (a decision, a removal): says why, in our words for the
 * API's code when we have them (`fallback` otherwise), and reads the page again, since a refusal
 * mostly means the record moved on (someone else acted first, or it is gone).
 */
export function useActionFailure(fallback: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useCallback(
    (error: unknown) => {
      notify(apiErrorMessageKey(error, fallback), { type: 'error' });
      refresh();
    },
    [notify, refresh, fallback],
  );
}
