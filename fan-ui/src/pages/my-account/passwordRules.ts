/** The API refuses shorter passwords (`password_too_short`). */
export const PASSWORD_MIN_LENGTH = 10;

/** What is wrong with a new password and its repetition, as translation keys; empty when nothing is. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
): { password?: 'fieldErrors.password_too_short'; confirmation?: 'fieldErrors.passwords_differ' } {
  return {
    ...(password.length < PASSWORD_MIN_LENGTH ? { password: 'fieldErrors.password_too_short' as const } : {}),
    ...(confirmation !== password ? { confirmation: 'fieldErrors.passwords_differ' as const } : {}),
  };
}
