import { Secret, TOTP } from 'otpauth';

/** The authenticator apps' settings the API uses (RFC 6238): SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** How long to keep trying fresh codes: one step change, with room to spare. */
const DEADLINE_MS = 35_000;

/** The 30-second step `at` falls in. */
function stepAt(at: number): number {
  return Math.floor(at / 1000 / PERIOD_SECONDS);
}

/** The authenticator app's code of `secret` (base32) for a step. */
export function totpCode(secret: string, step: number = stepAt(Date.now())): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS }).generate({
    timestamp: step * PERIOD_SECONDS * 1000,
  });
}

/**
 * Gets a code of `secret` accepted by `attempt`, which sends it and says whether the API took it.
 * The API takes each step's code once and the previous, current and next step's, and several
 * journeys sign in with the same demo account within seconds: when the current step's code was
 * used, the next step's is tried; when that was used too, the next step is waited for. At most
 * ~35 s, and never the same step twice, so a challenge's five wrong tries are never reached.
 * Neither the secret nor a code is ever in an error message.
 */
export async function withFreshTotpCode(secret: string, attempt: (code: string) => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  const tried = new Set<number>();
  for (;;) {
    const now = stepAt(Date.now());
    for (const step of [now, now + 1]) {
      if (tried.has(step)) continue;
      tried.add(step);
      if (await attempt(totpCode(secret, step))) return;
    }
    const nextStepAt = (stepAt(Date.now()) + 1) * PERIOD_SECONDS * 1000;
    if (nextStepAt > deadline) {
      throw new Error(`every authenticator code tried was refused (${tried.size} steps, for ${DEADLINE_MS / 1000} s)`);
    }
    // A little past the change, so that the server's clock is in the new step too.
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 500));
  }
}
