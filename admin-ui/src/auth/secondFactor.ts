/**
 * The second factor of staff accounts (an authenticator app, TOTP), the admin app's side.
 *
 * Signing in is two requests: the password (`POST /api/auth/password`) opens a challenge and
 * says what comes next, the authenticator's code (`POST /api/auth/second-factor`) closes it and
 * opens the session. The first time, the password step hands out the secret to scan, and the
 * first right code answers with ten recovery codes, shown once.
 */

/** What the password step asks for next. */
export type SecondFactorStep =
  /** The code of the authenticator app the account already has (or a recovery code). */
  | { kind: 'totp'; challenge: string }
  /** No authenticator yet: scan `otpauthUrl` (or type `secret`), then confirm with its code. */
  | { kind: 'enroll'; challenge: string; secret: string; otpauthUrl: string };

/** `POST /api/auth/password` in the admin area when the password was right. */
export interface PasswordAnswer {
  second_factor?: unknown;
  challenge?: unknown;
  totp?: { secret?: unknown; otpauth_url?: unknown } | null;
}

/**
 * The step a password answer asks for, or null when the answer opened a session at once (an
 * API without second factor).
 */
export function secondFactorStepOf(answer: PasswordAnswer | undefined): SecondFactorStep | null {
  if (answer === undefined || typeof answer.challenge !== 'string') {
    return null;
  }
  const { challenge } = answer;
  if (answer.second_factor === 'totp') {
    return { kind: 'totp', challenge };
  }
  if (
    answer.second_factor === 'enroll' &&
    typeof answer.totp?.secret === 'string' &&
    typeof answer.totp.otpauth_url === 'string'
  ) {
    return { kind: 'enroll', challenge, secret: answer.totp.secret, otpauthUrl: answer.totp.otpauth_url };
  }
  return null;
}

/**
 * Not a failure: the password was right and the second factor comes next. authProvider.login
 * rejects with it so that react-admin does not leave the login page yet.
 */
export class SecondFactorRequired extends Error {
  readonly step: SecondFactorStep;

  constructor(step: SecondFactorStep) {
    // The message is all a log would show: never the secret.
    super('A second factor is required');
    this.name = 'SecondFactorRequired';
    this.step = step;
  }
}

/**
 * Not a failure: the first code confirmed the enrolment and the session is open, but the
 * staff member must save the recovery codes before going on.
 */
export class RecoveryCodesToSave extends Error {
  readonly codes: readonly string[];

  constructor(codes: readonly string[]) {
    super('Save the recovery codes before going on');
    this.name = 'RecoveryCodesToSave';
    this.codes = codes;
  }
}

/** Which kind of code the staff member types. */
export type CodeKind = 'totp' | 'recovery';

/**
 * The code as it is sent, or null when it cannot be one of `kind`: an authenticator's code is
 * six digits (spaces dropped: apps show `123 456`); a recovery code ten letters and digits,
 * optionally split by a hyphen (`abcde-23456`), in any case.
 */
export function normalisedCode(kind: CodeKind, typed: string): string | null {
  const compact = typed.replace(/\s+/g, '');
  if (kind === 'totp') {
    return /^\d{6}$/.test(compact) ? compact : null;
  }
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(compact) ? compact.toLowerCase() : null;
}

/** A base32 secret in groups of four, as people copy it by hand into an authenticator app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
