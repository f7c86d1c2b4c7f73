import { HttpError } from 'react-admin';
import { ApiRequestError, postJson } from '../api/http';

/** The API's code for a change (a role) that needs the identity proven again first. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** Whether a react-admin write was refused until the staff member proves who they are again. */
export function isReauthenticationRequired(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 403) {
    return false;
  }
  const body: unknown = error.body;
  return body !== null && typeof body === 'object' && (body as { code?: unknown }).code === REAUTHENTICATION_REQUIRED;
}

/** Our words for the refusals of `POST /api/auth/reauth`. */
const REAUTH_ERRORS: Readonly<Record<string, string>> = {
  invalid_credentials: 'app.reauth.errors.invalid_password',
  second_factor_invalid: 'app.second_factor.errors.invalid',
  rate_limited: 'app.errors.rate_limited',
  unauthenticated: 'app.errors.unauthenticated',
  forbidden: 'app.errors.forbidden',
};

/** The translation key saying why the identity was not confirmed. */
export function reauthErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) {
    return 'pages.login.errors.network';
  }
  return (error.code !== null ? REAUTH_ERRORS[error.code] : undefined) ?? 'app.reauth.errors.generic';
}

/**
 * `POST /api/auth/reauth`: the signed-in staff member's password and authenticator code again,
 * which lets this session make sensitive changes (a role) for the next ten minutes. Rejects
 * with an Error whose message is the translation key of the refusal.
 */
export async function reauthenticate(password: string, code: string): Promise<void> {
  try {
    await postJson<undefined>('/api/auth/reauth', { password, code });
  } catch (error) {
    throw new Error(reauthErrorKey(error), { cause: error });
  }
}
