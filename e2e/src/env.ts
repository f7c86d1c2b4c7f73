/**
 * Reads a variable the journeys cannot run without, failing with what to set and an example.
 */
export function requireEnv(name: string, example: string): string {
  const value = process.env[name]?.trim();
  if (value === undefined || value === '') {
    throw new Error(
      `${name} is not set: the browser journeys need it (for example ${name}=${example}).`,
    );
  }
  // Journeys append paths that start with '/'.
  return value.replace(/\/+$/, '');
}

/** The API's origin, which also serves the fan app at / and the admin app at /admin. */
export function baseUrl(): string {
  return requireEnv('E2E_BASE_URL', 'http://127.0.0.1:8080');
}

/** The simulators' HTTP origin (mailbox at /mail). */
export function simUrl(): string {
  return requireEnv('E2E_SIM_URL', 'http://127.0.0.1:9090');
}
