import { ApiError, apiSend } from '../api/client';
import type { AccountDeletion, Message } from '../../../api-types';

/**
 * `DELETE /api/me`: deletes the signed-in fan's account, confirmed by its e-mail typed again (the
 * API ignores case and surrounding spaces); the API ends the session. Kept apart from `./api`,
 * which the first page loads: only the deletion page needs it.
 */
export function deleteAccount(confirmEmail: string): Promise<Message> {
  const body: AccountDeletion = { confirm_email: confirmEmail.trim() };
  return apiSend<Message>('DELETE', '/api/me', body);
}

/** Why the API refused a deletion, when it is one the page words itself; null for any other failure. */
export type DeletionRefusal = 'not_matching' | 'account_busy' | 'staff_account';

export function deletionRefusalOf(error: unknown): DeletionRefusal | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  if (error.status === 422 && error.fieldErrors.confirm_email === 'not_matching') {
    return 'not_matching';
  }
  return error.code === 'account_busy' || error.code === 'staff_account' ? error.code : null;
}
