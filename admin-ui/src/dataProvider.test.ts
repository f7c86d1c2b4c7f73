import { describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';

describe('dataProvider', () => {
  it('lists e-mails from /api/admin/emails with range, sort and filter, reading Content-Range', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify([{ id: 'a1' }, { id: 'b2' }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'emails 0-1/319' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    const result = await dataProvider.getList('emails', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'failed' },
    });

    expect(result.total).toBe(319);
    expect(result.data.map((email) => email.id)).toEqual(['a1', 'b2']);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/emails');
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([0, 24]);
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['created_at', 'DESC']);
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ status: 'failed' });
    expect(init?.credentials).toBe('same-origin');
  });

  it("rejects with the API's message so react-admin can show it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'not_found', message: 'No such e-mail', errors: {} }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );

    await expect(dataProvider.getOne('emails', { id: 'missing' })).rejects.toMatchObject({
      status: 404,
      message: 'No such e-mail',
    });
  });
});

describe('dataProvider writes', () => {
  const user = { id: 'u1', email: 'tifoso@lario.test', acc_level: 2 };

  function jsonResponse(status: number, body: unknown) {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }

  /** The API: CSRF tokens in turn at /api/auth/csrf, and `answers` in turn elsewhere. */
  function stubApi(tokens: string[], ...answers: Response[]) {
    const fetchMock = vi.fn<typeof fetch>((input) => {
      if (String(input) === '/api/auth/csrf') {
        return Promise.resolve(jsonResponse(200, { csrf_token: tokens.shift() }));
      }
      const answer = answers.shift();
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('unexpected call'));
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  const csrfOf = (call: Parameters<typeof fetch> | undefined) => new Headers(call?.[1]?.headers).get('X-CSRF-Token');

  it('sends the CSRF token with a PUT, and none with a GET', async () => {
    const fetchMock = stubApi(['token-1'], jsonResponse(200, user), jsonResponse(200, user));

    await dataProvider.update('users', { id: 'u1', data: { acc_level: 2 }, previousData: user });
    await dataProvider.getOne('users', { id: 'u1' });

    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual(['/api/auth/csrf', '/api/admin/users/u1', '/api/admin/users/u1']);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(csrfOf(fetchMock.mock.calls[1])).toBe('token-1');
    expect(csrfOf(fetchMock.mock.calls[2])).toBeNull();
  });

  it('on 403 csrf_failed reads a fresh token and retries once', async () => {
    const fetchMock = stubApi(
      ['stale', 'fresh'],
      jsonResponse(403, { code: 'csrf_failed', message: 'Missing or wrong CSRF token', errors: {} }),
      jsonResponse(200, user),
    );

    const result = await dataProvider.update('users', { id: 'u1', data: { acc_level: 2 }, previousData: user });

    expect(result.data).toEqual(user);
    expect(csrfOf(fetchMock.mock.calls[1])).toBe('stale');
    expect(csrfOf(fetchMock.mock.calls[3])).toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('rejects a forbidden write with our own message key, keeping the status', async () => {
    stubApi(['token-1'], jsonResponse(403, { code: 'forbidden', message: 'Admins only', errors: {} }));

    await expect(
      dataProvider.update('users', { id: 'u1', data: { acc_level: 1 }, previousData: user }),
    ).rejects.toMatchObject({ status: 403, message: 'app.errors.forbidden' });
  });

  it('rejects a sale change on a fixture that has kicked off with our own message key', async () => {
    stubApi(['token-1'], jsonResponse(409, { code: 'fixture_started', message: 'The fixture has started', errors: {} }));

    await expect(
      dataProvider.update('fixtures', { id: 7, data: { status: 2 }, previousData: { id: 7, status: 1 } }),
    ).rejects.toMatchObject({ status: 409, message: 'resources.fixtures.errors.fixture_started' });
  });

  it("puts our words on the role change's field errors", async () => {
    stubApi(
      ['token-1'],
      jsonResponse(422, {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: { acc_level: 'cannot_remove_own_admin' },
      }),
    );

    await expect(
      dataProvider.update('users', { id: 'u1', data: { acc_level: 2 }, previousData: user }),
    ).rejects.toMatchObject({
      status: 422,
      body: { errors: { acc_level: 'resources.users.errors.own_admin_role' } },
    });
  });
});
