import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSession } from './useSession';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
    ),
  );
}

describe('fetchSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads no session as signed out', async () => {
    answer(401, { code: 'unauthenticated', message: 'Sign in', errors: {} });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('reads a session ended by a ban on the e-mail as signed out', async () => {
    answer(403, { code: 'email_banned', message: 'banned', errors: {} });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('fails on any other refusal', async () => {
    answer(403, { code: 'forbidden', message: 'no', errors: {} });
    await expect(fetchSession()).rejects.toMatchObject({ code: 'forbidden' });
  });
});
