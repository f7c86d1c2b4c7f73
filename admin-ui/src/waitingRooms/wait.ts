import type { TranslateFunction } from 'react-admin';

const WAIT = 'resources.waiting-rooms.wait';

/**
 * A wait in seconds as staff read it: "nessuna attesa", "meno di un minuto", "circa 12 minuti",
 * "circa 1 ora e 5 minuti" (minutes rounded; whole hours alone).
 */
export function waitText(seconds: number, translate: TranslateFunction): string {
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return translate(`${WAIT}.none`);
  }
  if (seconds < 60) {
    return translate(`${WAIT}.under_a_minute`);
  }
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = translate(`${WAIT}.hours`, { smart_count: hours });
  const minutesText = translate(`${WAIT}.minutes`, { smart_count: hours === 0 ? minutes : rest });
  const time = hours === 0 ? minutesText : rest === 0 ? hoursText : translate(`${WAIT}.and`, { hours: hoursText, minutes: minutesText });
  return translate(`${WAIT}.about`, { time });
}
