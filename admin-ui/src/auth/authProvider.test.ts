import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { stubFetch, TEST_CSRF_TOKEN } from '../test/render';
import { authProvider } from './authProvider';
import { RecoveryCodesToSave, SecondFactorRequired } from './secondFactor';

const staff = {
  id: '0b7e5a8e-2f43-4c55-9a1e-3c0a9a7d4f10',
  email: 'staff@lario.test',
  name: 'Marco (biglietteria)',
  display_name: 'Marco (biglietteria)',
  first_name: 'Marco',
  last_name: 'Ferri',
  language: 'it',
  acc_level: 2,
  role: 'staff',
};

const signedOut = { status: 401, body: { code: 'unauthenticated', message: 'Sign in first', errors: {} } };

function refusal(status: number, code: string) {
  return { status, body: { code, message: 'English text', errors: {} } };
}

describe('authProvider.login', () => {
  it('posts the e-mail and password to the admin area, with the CSRF token', async () => {
    const fetchMock = stubFetch({ '/api/auth/password': { body: { message: 'ok', user: staff } } });

    await authProvider.login({ username: 'staff@lario.test', password: 'lario-staff-2026' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/auth/password');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'staff@lario.test',
      password: 'lario-staff-2026',
      area: 'admin',
    });
  });

  it.each([
    [refusal(401, 'invalid_credentials'), 'pages.login.errors.invalid_credentials'],
    [refusal(403, 'forbidden'), 'pages.login.errors.forbidden'],
    [refusal(403, 'email_banned'), 'pages.login.errors.email_banned'],
    [refusal(429, 'rate_limited'), 'pages.login.errors.rate_limited'],
    [refusal(500, 'internal'), 'pages.login.errors.generic'],
  ])('rejects with the translation key of the refusal (%#)', async (answer, key) => {
    stubFetch({ '/api/auth/password': answer });

    await expect(authProvider.login({ username: 'tifoso@lario.test', password: 'x' })).rejects.toThrow(key);
  });

  it('says when the server cannot be reached', async () => {
    stubFetch({ '/api/auth/password': new TypeError('Failed to fetch') });

    await expect(authProvider.login({ username: 'a@b.it', password: 'x' })).rejects.toThrow(
      'pages.login.errors.network',
    );
  });
});

const SECRET = 'KRUGS4ZANFZSAYLOEBQWI3LJNYQHI33U';
const OTPAUTH_URL = `otpauth://totp/Lario:staff%40lario.test?secret=${SECRET}&issuer=Lario&algorithm=SHA1&digits=6&period=30`;
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(23450 + i)}`);

/** The rejection of a login step, to look into. */
async function rejectionOf(step: Promise<unknown>): Promise<unknown> {
  try {
    await step;
  } catch (error) {
    return error;
  }
  throw new Error('the login step resolved');
}

describe('authProvider.login with a second factor', () => {
  it('stays on the login page after a right password, asking for the authenticator code', async () => {
    stubFetch({ '/api/auth/password': { body: { second_factor: 'totp', challenge: 'ch-1' } } });

    const failure = await rejectionOf(authProvider.login({ username: 'staff@lario.test', password: 'pw' }));

    expect(failure).toBeInstanceOf(SecondFactorRequired);
    expect((failure as SecondFactorRequired).step).toEqual({ kind: 'totp', challenge: 'ch-1' });
    // Nothing of the step in the message a log would print.
    expect((failure as Error).message).not.toContain('ch-1');
  });

  it('hands over the secret to scan at the first sign-in, never in the message', async () => {
    stubFetch({
      '/api/auth/password': {
        body: { second_factor: 'enroll', challenge: 'ch-2', totp: { secret: SECRET, otpauth_url: OTPAUTH_URL } },
      },
    });

    const failure = await rejectionOf(authProvider.login({ username: 'staff@lario.test', password: 'pw' }));

    expect((failure as SecondFactorRequired).step).toEqual({
      kind: 'enroll',
      challenge: 'ch-2',
      secret: SECRET,
      otpauthUrl: OTPAUTH_URL,
    });
    expect(String(failure)).not.toContain(SECRET);
  });

  it('posts the challenge and the code, with the CSRF token, and resolves once the session is open', async () => {
    const fetchMock = stubFetch({
      '/api/auth/second-factor': { body: { message: 'ok', user: staff } },
    });

    await expect(authProvider.login({ challenge: 'ch-1', code: '123456' })).resolves.toBeUndefined();

    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/auth/second-factor');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('holds the redirect back while the recovery codes of a new enrolment are to be saved', async () => {
    stubFetch({
      '/api/auth/second-factor': { body: { message: 'ok', user: staff, recovery_codes: RECOVERY_CODES } },
    });

    const failure = await rejectionOf(authProvider.login({ challenge: 'ch-2', code: '123456' }));

    expect(failure).toBeInstanceOf(RecoveryCodesToSave);
    expect((failure as RecoveryCodesToSave).codes).toEqual(RECOVERY_CODES);
  });

  it.each([
    [refusal(401, 'second_factor_invalid'), 'app.second_factor.errors.invalid'],
    [refusal(401, 'challenge_expired'), 'pages.login.errors.challenge_expired'],
    [refusal(429, 'rate_limited'), 'pages.login.errors.rate_limited'],
  ])('rejects a refused code with the translation key of the refusal (%#)', async (answer, key) => {
    stubFetch({ '/api/auth/second-factor': answer });

    await expect(authProvider.login({ challenge: 'ch-1', code: '000000' })).rejects.toThrow(key);
  });

  it('lets react-admin in once the recovery codes are saved, without another request', async () => {
    const fetchMock = stubFetch({});

    await expect(authProvider.login({ recoveryCodesSaved: true })).resolves.toBeUndefined();

    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('authProvider.checkError', () => {
  it('signs out on 401', async () => {
    await expect(authProvider.checkError(new HttpError('Sign in first', 401, {}))).rejects.toBeDefined();
  });

  it.each([403, 404, 422, 500])('stays signed in on %i', async (status) => {
    await expect(authProvider.checkError(new HttpError('Nope', status, {}))).resolves.toBeUndefined();
  });
});

describe('authProvider.checkAuth', () => {
  it('lets staff in', async () => {
    stubFetch({ '/api/me': { body: staff } });

    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('sends a signed-out visitor to the login page without a notification', async () => {
    stubFetch({ '/api/me': signedOut });

    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('keeps a signed-in fan out, saying why', async () => {
    stubFetch({ '/api/me': { body: { ...staff, acc_level: 100, role: 'fan' } } });

    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: 'pages.login.errors.forbidden' });
  });
});

describe('authProvider identity and permissions', () => {
  it('gives the role as permissions', async () => {
    stubFetch({ '/api/me': { body: { ...staff, acc_level: 1, role: 'admin' } } });

    await expect(authProvider.getPermissions?.({})).resolves.toBe('admin');
  });

  it('gives no permissions when signed out', async () => {
    stubFetch({ '/api/me': signedOut });

    await expect(authProvider.getPermissions?.({})).resolves.toBeNull();
  });

  it('names the staff member by display name', async () => {
    stubFetch({ '/api/me': { body: staff } });

    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      id: staff.id,
      fullName: 'Marco (biglietteria)',
    });
  });
});

describe('authProvider.logout', () => {
  it('ends the session on the server, with the CSRF token', async () => {
    const fetchMock = stubFetch({ '/api/auth/logout': { status: 204, body: null } });

    await authProvider.logout({});

    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
  });

  it('does not fail when the session had already ended', async () => {
    stubFetch({ '/api/auth/logout': signedOut });

    await expect(authProvider.logout({})).resolves.toBeUndefined();
  });
});
