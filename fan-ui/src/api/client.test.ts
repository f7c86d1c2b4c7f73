import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, CSRF_PATH, forgetCsrfToken, NETWORK_ERROR } from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A fetch that answers the CSRF token at CSRF_PATH and `answers` (in turn) everywhere else. */
function stubApiWithCsrf(tokens: string[], ...answers: Response[]) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    if (String(input) === CSRF_PATH) {
      const token = tokens.shift() ?? 'no-more-tokens';
      return Promise.resolve(jsonResponse(200, { csrf_token: token }));
    }
    const answer = answers.shift();
    return answer === undefined ? Promise.reject(new Error('unexpected call')) : Promise.resolve(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function headerOf(call: Parameters<typeof fetch> | undefined, name: string): string | null {
  return new Headers(call?.[1]?.headers).get(name);
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

describe('apiGet', () => {
  it('returns the parsed JSON body and sends same-origin credentials', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { name: 'lario', version: '0.1.0' }));

    const body = await apiGet<{ name: string; version: string }>('/api/version');

    expect(body).toEqual({ name: 'lario', version: '0.1.0' });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/version');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
  });

  it('throws an ApiError carrying the code, message and field errors of the API', async () => {
    stubFetch(
      jsonResponse(422, {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: { email: 'not an e-mail address' },
      }),
    );

    const error = await caught(apiGet('/api/me'));

    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Some fields are not valid');
    expect(error.fieldErrors).toEqual({ email: 'not an e-mail address' });
  });

  it('keeps error details that are not one message per field', async () => {
    stubFetch(
      jsonResponse(409, {
        code: 'seats_unavailable',
        message: 'Some seats are gone',
        errors: { seat_ids: [102, 103], limit: 4 },
      }),
    );

    const error = await caught(apiGet('/api/fixtures/7/hold'));

    expect(error.details).toEqual({ seat_ids: [102, 103], limit: 4 });
    expect(error.fieldErrors).toEqual({});
  });

  it('still throws an ApiError when an error response is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await caught(apiGet('/api/version'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
    expect(error.message).toBe('Bad Gateway');
    expect(error.fieldErrors).toEqual({});
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));

    const error = await caught(apiGet('/api/version'));

    expect(error.status).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR);
    expect(error.message).toBe('Failed to fetch');
  });
});

describe('apiSend', () => {
  it('sends the body as JSON with the given method', async () => {
    const fetchMock = stubApiWithCsrf(['token-1'], jsonResponse(201, { id: 'abc' }));

    const body = await apiSend<{ id: string }>('POST', '/api/things', { name: 'Lario' });

    expect(body).toEqual({ id: 'abc' });
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/things');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ name: 'Lario' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('resolves to undefined on 204 No Content', async () => {
    stubApiWithCsrf(['token-1'], new Response(null, { status: 204 }));

    await expect(apiSend('DELETE', '/api/things/abc')).resolves.toBeUndefined();
  });

  it('resolves to undefined on 202 Accepted without a body', async () => {
    stubApiWithCsrf(['token-1'], new Response(null, { status: 202 }));

    await expect(apiSend('POST', '/api/wallet/11/share', { email: 'a@b.it' })).resolves.toBeUndefined();
  });
});

describe('CSRF protection', () => {
  const csrfFailed = () =>
    jsonResponse(403, { code: 'csrf_failed', message: 'Missing or wrong CSRF token', errors: {} });

  it('reads the token once and sends it with every write, never with a read', async () => {
    const fetchMock = stubApiWithCsrf(
      ['token-1'],
      jsonResponse(200, { ok: 1 }),
      jsonResponse(200, { ok: 2 }),
      jsonResponse(200, { ok: 3 }),
    );

    await apiSend('POST', '/api/auth/code', { email: 'a@b.it' });
    await apiSend('PUT', '/api/me', { display_name: 'Luca' });
    await apiGet('/api/me');

    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual([CSRF_PATH, '/api/auth/code', '/api/me', '/api/me']);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(headerOf(fetchMock.mock.calls[1], 'X-CSRF-Token')).toBe('token-1');
    expect(headerOf(fetchMock.mock.calls[2], 'X-CSRF-Token')).toBe('token-1');
    expect(headerOf(fetchMock.mock.calls[3], 'X-CSRF-Token')).toBeNull();
  });

  it('on 403 csrf_failed reads a fresh token and retries the write once', async () => {
    const fetchMock = stubApiWithCsrf(['stale', 'fresh'], csrfFailed(), jsonResponse(200, { message: 'ok' }));

    await expect(apiSend('POST', '/api/auth/logout')).resolves.toEqual({ message: 'ok' });

    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual([CSRF_PATH, '/api/auth/logout', CSRF_PATH, '/api/auth/logout']);
    expect(headerOf(fetchMock.mock.calls[1], 'X-CSRF-Token')).toBe('stale');
    expect(headerOf(fetchMock.mock.calls[3], 'X-CSRF-Token')).toBe('fresh');
  });

  it('gives up after one retry and reports the failure', async () => {
    const fetchMock = stubApiWithCsrf(['stale', 'still-stale'], csrfFailed(), csrfFailed());

    const error = await caught(apiSend('POST', '/api/auth/logout'));

    expect(error.status).toBe(403);
    expect(error.code).toBe('csrf_failed');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry other 403s', async () => {
    const fetchMock = stubApiWithCsrf(
      ['token-1'],
      jsonResponse(403, { code: 'email_banned', message: 'banned', errors: {} }),
    );

    const error = await caught(apiSend('POST', '/api/auth/code', { email: 'x@y.it' }));

    expect(error.code).toBe('email_banned');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for the token again when reading it failed the first time', async () => {
    let csrfCalls = 0;
    const fetchMock = vi.fn<typeof fetch>((input) => {
      if (String(input) === CSRF_PATH) {
        csrfCalls += 1;
        return csrfCalls === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(jsonResponse(200, { csrf_token: 'second-try' }));
      }
      return Promise.resolve(jsonResponse(200, {}));
    });
    vi.stubGlobal('fetch', fetchMock);

    expect((await caught(apiSend('POST', '/api/things'))).code).toBe(NETWORK_ERROR);
    await apiSend('POST', '/api/things');

    expect(headerOf(fetchMock.mock.calls.at(-1), 'X-CSRF-Token')).toBe('second-try');
  });
});
