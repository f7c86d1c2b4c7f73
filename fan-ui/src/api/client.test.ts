import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, NETWORK_ERROR } from './client';

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

afterEach(() => {
  vi.unstubAllGlobals();
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
    const fetchMock = stubFetch(jsonResponse(201, { id: 'abc' }));

    const body = await apiSend<{ id: string }>('POST', '/api/things', { name: 'Lario' });

    expect(body).toEqual({ id: 'abc' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ name: 'Lario' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('resolves to undefined on 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));

    await expect(apiSend('DELETE', '/api/things/abc')).resolves.toBeUndefined();
  });
});
