/** The query parameter naming where to go after signing in. */
export const RETURN_TO_PARAM = 'return_to';

/**
 * Where to go after signing in: a path of this app only (never another site, so a crafted link
 * cannot send the fan away after sign-in); the home page otherwise.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (value === null || value === undefined || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/';
  }
  return value;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  const returnTo = safeReturnTo(path);
  return returnTo === '/' ? '/accedi' : `/accedi?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`;
}
