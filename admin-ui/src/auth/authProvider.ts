import type { AuthProvider } from 'react-admin';
import { ApiRequestError, getJson, postJson } from '../api/http';
import { isStaffRole, type Me } from './types';

/** The API's sign-in error codes we have our own words for (translation keys). */
const SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  invalid_credentials: 'pages.login.errors.invalid_credentials',
  forbidden: 'pages.login.errors.forbidden',
  email_banned: 'pages.login.errors.email_banned',
  rate_limited: 'pages.login.errors.rate_limited',
  validation_failed: 'pages.login.errors.invalid_credentials',
};

/** The translation key saying why signing in failed. */
export function signInErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) {
    // fetch itself failed: no network, or the server is down.
    return 'pages.login.errors.network';
  }
  return (error.code !== null ? SIGN_IN_ERRORS[error.code] : undefined) ?? 'pages.login.errors.generic';
}

/** `GET /api/me`, or null when nobody is signed in (401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await getJson<Me>('/api/me');
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
function fullNameOf(me: Me): string {
  const name = `${me.first_name} ${me.last_name}`.trim();
  return me.display_name.trim() || name || me.name.trim() || me.email;
}

/**
 * Sessions for the admin area, on the API's cookie session:
 * - login: `POST /api/auth/password` in the `admin` area (staff only);
 * - checkAuth: `GET /api/me`, and only staff (admin or staff) stay;
 * - checkError: 401 signs out; 403 stays (the page says what was refused);
 * - getPermissions: the role (`admin`, `staff`), which decides who may change roles.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    try {
      await postJson('/api/auth/password', { email: username, password, area: 'admin' });
    } catch (error) {
      // react-admin translates the message before showing it.
      throw new Error(signInErrorKey(error), { cause: error });
    }
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
