/**
 * CSRF protection, the admin app's side: every write to the API (POST, PUT, PATCH, DELETE)
 * repeats the `lario_csrf` cookie in the `X-CSRF-Token` header. The token is read once from
 * `GET /api/auth/csrf` (which sets the cookie too) and kept; when the API answers 403
 * `csrf_failed` anyway (the cookie was cleared or replaced), it is read again and the write is
 * tried once more.
 */

export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_PATH = '/api/auth/csrf';
/** The API's error code for a write with a missing or stale token. */
export const CSRF_FAILED = 'csrf_failed';

let tokenRequest: Promise<string> | null = null;

/** The CSRF token, read from the API the first time it is needed. */
export function csrfToken(): Promise<string> {
  if (tokenRequest === null) {
    const pending = readToken();
    tokenRequest = pending;
    // A failed read is not kept: the next write asks again.
    pending.catch(() => {
      if (tokenRequest === pending) {
        tokenRequest = null;
      }
    });
  }
  return tokenRequest;
}

async function readToken(): Promise<string> {
  const response = await fetch(CSRF_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) {
    throw new Error(`Could not read the CSRF token (HTTP ${response.status})`);
  }
  const body = (await response.json()) as { csrf_token?: unknown };
  if (typeof body.csrf_token !== 'string') {
    throw new Error('The CSRF answer has no token');
  }
  return body.csrf_token;
}

/** Reads the token ahead of the first write (called once when the app starts). */
export function prefetchCsrfToken(): void {
  csrfToken().catch(() => {
    // Nothing to do now: the first write asks again.
  });
}

/** Drops the kept token, so the next write reads a fresh one. */
export function forgetCsrfToken(): void {
  tokenRequest = null;
}

/** Whether a request with this method changes something, and so needs the token. */
export function needsCsrfToken(method: string | undefined): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase());
}

/**
 * Runs `send` with the token; when it fails in a way `isCsrfFailure` recognises, reads a fresh
 * token and runs it once more.
 */
export async function withCsrfToken<T>(
  send: (token: string) => Promise<T>,
  isCsrfFailure: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await send(await csrfToken());
  } catch (error) {
    if (!isCsrfFailure(error)) {
      throw error;
    }
    forgetCsrfToken();
    return send(await csrfToken());
  }
}
