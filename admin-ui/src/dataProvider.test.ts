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
