import { CSRF_FAILED, CSRF_HEADER, withCsrfToken } from './csrf';

/** The API's error shape: a machine-readable `code`, an English `message`, messages per field. */
export interface ApiErrorBody {
  code: string;
  message: string;
  errors: Record<string, string>;
}

/** A failed call to one of the API's non-react-admin endpoints. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The error shape's `code` (e.g. `validation_failed`), when the body was in that shape. */
  readonly code: string | null;
  /** The error shape's per-field messages (English: map `code` and field to our own texts). */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, message: string, body?: ApiErrorBody) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code ?? null;
    this.fieldErrors = body?.errors ?? {};
  }
}

/**
 * GET a same-origin JSON endpoint. `acceptedStatuses` lists the non-2xx statuses whose body is
 * still the answer (the health check says 503 with its report when something is down).
 */
export async function getJson<T>(path: string, acceptedStatuses: readonly number[] = []): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok && !acceptedStatuses.includes(response.status)) {
    throw new ApiRequestError(response.status, response.statusText || `HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiRequestError(response.status, 'The response is not JSON');
  }
}

/**
 * POST a JSON body (or none) to a same-origin endpoint, with the CSRF token. A non-2xx answer
 * throws an ApiRequestError that carries the error shape's `code` and field messages when the
 * body has them; 204 resolves to undefined.
 */
export function postJson<T>(path: string, body?: unknown): Promise<T> {
  return withCsrfToken((token) => send<T>('POST', path, body, token), isCsrfRefusal);
}

/** PUT a JSON body to a same-origin endpoint that is no react-admin resource, as postJson. */
export function putJson<T>(path: string, body: unknown): Promise<T> {
  return withCsrfToken((token) => send<T>('PUT', path, body, token), isCsrfRefusal);
}

function isCsrfRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403 && error.code === CSRF_FAILED;
}

async function send<T>(method: string, path: string, body: unknown, csrf: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: csrf };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) {
    return undefined as T;
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiRequestError(response.status, response.statusText || 'The response is not JSON');
  }
  if (!response.ok) {
    const error = isApiErrorBody(payload) ? payload : undefined;
    throw new ApiRequestError(
      response.status,
      error?.message ?? (response.statusText || `HTTP ${response.status}`),
      error,
    );
  }
  return payload as T;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const { code, message, errors } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    errors !== null &&
    typeof errors === 'object' &&
    Object.values(errors).every((text) => typeof text === 'string')
  );
}
