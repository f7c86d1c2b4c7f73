import type { AuthProvider } from 'react-admin';
import { ApiRequestError, getJson, postJson } from '../api/http';
import {
  RecoveryCodesToSave,
  SecondFactorRequired,
  secondFactorStepOf,
  type PasswordAnswer,
} from './secondFactor';
import { isStaffRole } from './types';
import type { MeView } from '../../../api-types';

/** The step between the password and the code is over (5 minutes, or 5 wrong codes): start again. */
export const CHALLENGE_EXPIRED = 'pages.login.errors.challenge_expired';

/** The API's sign-in error codes we have our own words for (translation keys). */
const SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  invalid_credentials: 'pages.login.errors.invalid_credentials',
  forbidden: 'pages.login.errors.forbidden',
  email_banned: 'pages.login.errors.email_banned',
  rate_limited: 'pages.login.errors.rate_limited',
  validation_failed: 'pages.login.errors.invalid_credentials',
  second_factor_invalid: 'app.second_factor.errors.invalid',
  challenge_expired: CHALLENGE_EXPIRED,
};

/** The translation key saying why signing in failed. */
export function signInErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) {
    // fetch itself failed: no network, or the server is down.
    return 'pages.login.errors.network';
  }
  return (error.code !== null ? SIGN_IN_ERRORS[error.code] : undefined) ?? 'pages.login.errors.generic';
}

/**
 * What the login page passes to `login()`, one call per step: the password; then the
 * authenticator's code (or a recovery code) for the challenge the password opened; and after a
 * first enrolment, that the recovery codes are saved.
 */
export type LoginParams =
  | { username: string; password: string }
  | { challenge: string; code: string }
  | { recoveryCodesSaved: true };

/** `POST /api/auth/second-factor`: the session is open; the recovery codes after an enrolment. */
interface SecondFactorAnswer {
  recovery_codes?: unknown;
}

async function submitPassword(username: string, password: string): Promise<void> {
  let answer: PasswordAnswer | undefined;
  try {
    answer = await postJson<PasswordAnswer | undefined>('/api/auth/password', {
      email: username,
      password,
      area: 'admin',
    });
  } catch (error) {
    // react-admin translates the message before showing it.
    throw new Error(signInErrorKey(error), { cause: error });
  }
  const step = secondFactorStepOf(answer);
  if (step !== null) {
    throw new SecondFactorRequired(step);
  }
}

async function submitSecondFactor(challenge: string, code: string): Promise<void> {
  let answer: SecondFactorAnswer | undefined;
  try {
    answer = await postJson<SecondFactorAnswer | undefined>('/api/auth/second-factor', { challenge, code });
  } catch (error) {
    throw new Error(signInErrorKey(error), { cause: error });
  }
  const codes = answer?.recovery_codes;
  if (Array.isArray(codes) && codes.length > 0 && codes.every((c) => typeof c === 'string')) {
    throw new RecoveryCodesToSave(codes as string[]);
  }
}

/** `GET /api/me`, or null when nobody is signed in (401). */
export async function fetchMe(): Promise<MeView | null> {
  try {
    return await getJson<MeView>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      return null;
    }
    throw error;
  }
}

function statusOf(error: unknown): number | undefined {
  if (error !== null && typeof error === 'object' && 'status' in error) {
    const { status } = error as { status: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** What the staff member's name shows as in the app bar. */
function fullNameOf(me: MeView): string {
  const name = `${me.first_name} ${me.last_name}`.trim();
  return me.display_name.trim() || name || me.name.trim() || me.email;
}

/**
 * Sessions for the admin area, on the API's cookie session:
 * - login, in steps (LoginParams): `POST /api/auth/password` in the `admin` area (staff only),
 *   which rejects with SecondFactorRequired; then `POST /api/auth/second-factor`, which opens
 *   the session, or after a first enrolment rejects with RecoveryCodesToSave, and then
 *   `{recoveryCodesSaved: true}`. Only a resolved login makes react-admin leave the login page,
 *   so it redirects as usual once the session is open and the codes are saved;
 * - checkAuth: `GET /api/me`, and only staff (admin or staff) stay;
 * - checkError: 401 signs out; 403 stays (the page says what was refused);
 * - getPermissions: the role (`admin`, `staff`), which decides who may change roles.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if ('recoveryCodesSaved' in params) {
      // The second factor already opened the session.
      return;
    }
    if ('challenge' in params) {
      await submitSecondFactor(params.challenge, params.code);
      return;
    }
    await submitPassword(params.username, params.password);
  },

  async logout() {
    try {
      await postJson('/api/auth/logout');
    } catch {
      // Already signed out (401), or the server is unreachable: the login page comes next anyway.
    }
  },

  async checkAuth() {
    const me = await fetchMe();
    if (me === null) {
      // Signed out: straight to the login page, without a notification.
      throw { message: false };
    }
    if (!isStaffRole(me.role)) {
      throw { message: 'pages.login.errors.forbidden' };
    }
  },

  async checkError(error: unknown) {
    if (statusOf(error) === 401) {
      throw { message: 'ra.notification.logged_out' };
    }
    // 403 and anything else: stay; the failed action reports its own error.
  },

  async getIdentity() {
    const me = await fetchMe();
    if (me === null) {
      throw new Error('ra.auth.auth_check_error');
    }
    return { id: me.id, fullName: fullNameOf(me), email: me.email };
  },

  async getPermissions() {
    const me = await fetchMe();
    return me?.role ?? null;
  },
};
