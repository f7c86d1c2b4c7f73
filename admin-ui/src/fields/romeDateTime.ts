/** The club is in Como: staff read every time in Italian time, whatever their browser says. */
export const CLUB_TIME_ZONE = 'Europe/Rome';

/** Formats an RFC 3339 instant as a date and time in Europe/Rome, in the given locale. */
export function formatRomeDateTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return value;
  }
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', {
    timeZone: CLUB_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(date);
}
