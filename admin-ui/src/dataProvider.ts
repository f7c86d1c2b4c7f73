import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError } from 'react-admin';
import { CSRF_FAILED, CSRF_HEADER, needsCsrfToken, withCsrfToken } from './api/csrf';
import { translatableHttpError } from './api/errors';

/** The admin API's base path; same origin as this app, so the session cookie goes along. */
export const ADMIN_API_URL = '/api/admin';

function isCsrfFailure(error: unknown): boolean {
  return error instanceof HttpError && error.status === 403 && bodyCode(error.body) === CSRF_FAILED;
}

function bodyCode(body: unknown): unknown {
  return body !== null && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
}

/**
 * Every react-admin call goes through here: the session cookie goes along, writes carry the
 * CSRF token (read again and retried once on 403 `csrf_failed`), and the API's errors come back
 * as translation keys where we have our own words for them. fetchJson rejects with the body's
 * `message`, and react-admin maps `errors.{field}` onto forms.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = (token?: string) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token !== undefined) {
      headers.set(CSRF_HEADER, token);
    }
    return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  };
  try {
    return needsCsrfToken(options.method) ? await withCsrfToken(send, isCsrfFailure) : await send();
  } catch (error) {
    throw translatableHttpError(error);
  }
}

export const dataProvider = simpleRestProvider(ADMIN_API_URL, httpClient);
