/**
 * The one way the fan app talks to the Lario API: same-origin JSON over fetch.
 *
 * Failures become an `ApiError` carrying the API's error body
 * `{ "code": "...", "message": "...", "errors": { "field": "..." } }`.
 *
 * Writes (POST, PUT, PATCH, DELETE) carry the CSRF token in `X-CSRF-Token`: the API checks it
 * against its `lario_csrf` cookie. The token is read once from `GET /api/auth/csrf` (which also
 * sets the cookie); when the API still answers 403 `csrf_failed` (the cookie was cleared or
 * replaced), the token is read again and the write retried once.
 */

/** Field name to the message the API gave for it. */
export type FieldErrors = Record<string, string>;

/** Codes this client gives to failures that never got a well-formed API error body. */
export const NETWORK_ERROR = 'network_error';
export const UNEXPECTED_RESPONSE = 'unexpected_response';

export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got a response. */
  readonly status: number;
  /** Machine-readable code from the API, e.g. "validation_failed". */
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  /**
   * The API's `errors` object as sent, for the codes whose details are not one message per
   * field (`seats_unavailable` names seat ids, `buyer_limit` gives a number).
   */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors: FieldErrors = {},
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.details = details;
  }
}

/** Whether `error` is the API's answer with this `code`, e.g. `isApiCode(error, 'hold_expired')`. */
export function isApiCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The API's code for a fan's write refused while the ticket office is in maintenance (503). */
export const MAINTENANCE = 'maintenance';

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API's code for a write whose CSRF token is missing or stale. */
export const CSRF_FAILED = 'csrf_failed';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_PATH = '/api/auth/csrf';

/** GET a JSON resource. */
export function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}

/**
 * Send a JSON body (or none) with a writing method and read the JSON answer; `headers` go along
 * (a hold's `X-Admission`).
 */
export async function apiSend<T>(method: SendMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  try {
    return await request<T>(method, path, body, await csrfToken(), headers);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403 || error.code !== CSRF_FAILED) {
      throw error;
    }
    // The cookie the token pairs with is gone or new: read the token again, try once more.
    forgetCsrfToken();
    return request<T>(method, path, body, await csrfToken(), headers);
  }
}

let csrfTokenRequest: Promise<string> | null = null;

/** The CSRF token, read from the API the first time it is needed and then kept. */
function csrfToken(): Promise<string> {
  if (csrfTokenRequest === null) {
    const pending = request<{ csrf_token: string }>('GET', CSRF_PATH).then(({ csrf_token }) => csrf_token);
    csrfTokenRequest = pending;
    // A failed read is not kept: the next write asks again.
    pending.catch(() => {
      if (csrfTokenRequest === pending) {
        csrfTokenRequest = null;
      }
    });
  }
  return csrfTokenRequest;
}

/** Reads the CSRF token ahead of the first write (called once when the app starts). */
export function prefetchCsrfToken(): void {
  csrfToken().catch(() => {
    // Nothing to do now: the first write asks again.
  });
}

/** Drops the kept CSRF token, so the next write reads a fresh one. */
export function forgetCsrfToken(): void {
  csrfTokenRequest = null;
}

async function request<T>(method: string, path: string, body?: unknown, csrf?: string, extra?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (csrf !== undefined) {
    headers[CSRF_HEADER] = csrf;
  }

  let response: Response;
  try {
    response = await (takeEarly(method, path) ?? fetch(path, init));
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(0, NETWORK_ERROR, message);
  }

  if (!response.ok) {
    throw await errorFrom(response);
  }
  // No content; or accepted with nothing to say (a copy of a ticket being e-mailed): no body.
  if (response.status === 204 || (response.status === 202 && response.headers.get('Content-Type') === null)) {
    return undefined as T;
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'The response is not JSON');
  }
}

declare global {
  interface Window {
    /** The reads public/early-data.js started before the app's code arrived, by path. */
    __larioEarlyData?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The answer public/early-data.js asked for while the app's code was downloading, for the app's
 * first GET of that path; each is taken once (a later read asks the API again).
 */
function takeEarly(method: string, path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__larioEarlyData;
  const response = method === 'GET' ? early?.[path] : undefined;
  if (early !== undefined && response !== undefined) {
    early[path] = undefined;
  }
  return response;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const fallback = response.statusText || `HTTP ${response.status}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy or a crash page: no API error body to read.
    return new ApiError(response.status, `http_${response.status}`, fallback);
  }
  if (body === null || typeof body !== 'object') {
    return new ApiError(response.status, `http_${response.status}`, fallback);
  }
  const { code, message, errors } = body as Record<string, unknown>;
  return new ApiError(
    response.status,
    typeof code === 'string' ? code : `http_${response.status}`,
    typeof message === 'string' ? message : fallback,
    fieldErrorsFrom(errors),
    errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? { ...errors } : {},
  );
}

function fieldErrorsFrom(errors: unknown): FieldErrors {
  if (errors === null || typeof errors !== 'object') {
    return {};
  }
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
