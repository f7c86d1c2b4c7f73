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

/**
 * The calendar day (`yyyy-mm-dd`) an RFC 3339 instant falls on in Europe/Rome: a match's day, as
 * the ticketing system counts a holder's age. Undefined for what cannot be read.
 */
export function romeDateOf(value: string): string | undefined {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CLUB_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (`yyyy-mm-dd`, a birth date: no time, no time zone) as staff write it, the
 * year in full ("01/04/1990"). Gives back what it cannot read.
 */
export function formatCalendarDate(value: string, locale: string): string {
  const match = CALENDAR_DATE.exec(value.trim());
  if (match === null) {
    return value;
  }
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day) {
    return value;
  }
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/** The wall-clock minutes since the epoch that an instant shows in Europe/Rome. */
function romeWallClock(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CLUB_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value (`yyyy-mm-ddThh:mm`) read as Europe/Rome time, as an RFC 3339 instant
 * in UTC; undefined for what cannot be read. A time the clocks skip in spring is taken an hour
 * later; one they repeat in autumn, the first time.
 */
export function romeLocalToInstant(local: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (match === null) {
    return undefined;
  }
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wanted) || new Date(wanted).getUTCDate() !== day) {
    return undefined;
  }
  // Rome is UTC+1 or UTC+2: try the earlier offset first, then the later.
  for (const hours of [2, 1]) {
    const instant = wanted - hours * 3_600_000;
    if (romeWallClock(instant) === wanted) {
      return new Date(instant).toISOString();
    }
  }
  return new Date(wanted - 3_600_000).toISOString();
}

/** An RFC 3339 instant as a `datetime-local` value in Europe/Rome; '' for what cannot be read. */
export function instantToRomeLocal(value: string): string {
  const instant = new Date(value).getTime();
  if (Number.isNaN(instant)) {
    return '';
  }
  return new Date(romeWallClock(instant)).toISOString().slice(0, 16);
}
