/** The API refuses shorter passwords (`password_too_short`). */
export const PASSWORD_MIN_LENGTH = 10;
