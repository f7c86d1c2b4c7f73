import type { TFunction } from 'i18next';
import { formatDateTime, VENUE_TIME_ZONE } from '../fixtures/format';

/** The queue namespace's `t` (`useTranslation(QUEUE_NS)`). */
export type QueueT = TFunction<'queue'>;

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "18:30" (it), "6:30 PM" (en): a moment's time on the stadium's clock. */
export function formatClock(iso: string, language: string): string {
  return cached(`clock:${language}`, () =>
    new Intl.DateTimeFormat(language, { timeZone: VENUE_TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  ).format(new Date(iso));
}

function venueDay(epochMs: number): string {
  return cached('day', () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(new Date(epochMs));
}

/** "alle 18:30" today on the stadium's clock, "il 24 nov 2026, 18:30" another day. */
export function atWords(t: QueueT, iso: string, language: string, now = Date.now()): string {
  return venueDay(Date.parse(iso)) === venueDay(now)
    ? t('at.today', { time: formatClock(iso, language) })
    : t('at.day', { when: formatDateTime(iso, language) });
}

/** 12345 -> "12.345" (it), "12,345" (en). */
export function formatNumber(value: number, language: string): string {
  return cached(`number:${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/**
 * The estimated wait in words, rounded as a person would say it: "meno di un minuto", "circa 4
 * minuti", "circa 2 ore", "circa 1 h e 20 min" (to five minutes past the hour); "in calcolo"
 * when the server gives none yet.
 */
export function waitWords(t: QueueT, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) {
    return t('wait.unknown');
  }
  if (seconds < 60) {
    return t('wait.underMinute');
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) {
    return t('wait.minutes', { count: minutes });
  }
  const rounded = Math.round(minutes / 5) * 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? t('wait.hours', { count: hours }) : t('wait.hoursMinutes', { hours, minutes: rest });
}

/** A countdown's digits: 125 -> "2:05", 3725 -> "1:02:05". */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/**
 * The fan's progress in line, in percent: the share of the places that were ahead of theirs when
 * they were placed (`startAhead`) that have gone in since (`ahead` is what is left of them).
 *
 * Not "admitted of placed", the line's own progress: `placed` grows with every fan who arrives
 * behind, who changes nothing for this fan, so that bar stalls, even slides back, while the fan
 * moves up; and a fan who arrives late would see it nearly full at the start. This one starts at
 * 0 when the fan is placed, moves only when someone ahead of them goes in, and is full exactly
 * when their turn comes.
 */
export function queueProgress(ahead: number, startAhead: number): number {
  if (startAhead <= 0) {
    return 100;
  }
  const done = (startAhead - Math.min(ahead, startAhead)) / startAhead;
  return Math.round(Math.max(0, done) * 100);
}

/**
 * The places that were ahead of the fan when this browser first saw them placed, remembered per
 * room (local storage: every tab and a refresh show the same bar; a new place starts it again).
 */
export function progressStart(roomId: number, position: number, ahead: number): number {
  const key = `lario.queue.start.${roomId}`;
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (stored !== null && typeof stored === 'object') {
      const start = stored as { position?: unknown; ahead?: unknown };
      if (start.position === position && typeof start.ahead === 'number' && start.ahead >= ahead) {
        return start.ahead;
      }
    }
    window.localStorage.setItem(key, JSON.stringify({ position, ahead }));
  } catch {
    // Storage blocked or full: the bar starts from what this page saw first.
  }
  return ahead;
}
