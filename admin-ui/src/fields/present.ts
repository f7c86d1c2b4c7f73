/** A value that is there: neither null, undefined nor empty text. */
export const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && value !== '';
