/** Display name rules (spec: fan side, sections 5 and 9): 2 to 50 characters, not only spaces. */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;

export type DisplayNameProblem = 'too_short' | 'too_long';

/** What is wrong with a display name as typed, or null when it is fine. */
export function displayNameProblem(value: string): DisplayNameProblem | null {
  const length = [...value.trim()].length;
  if (length < DISPLAY_NAME_MIN) {
    return 'too_short';
  }
  return length > DISPLAY_NAME_MAX ? 'too_long' : null;
}
