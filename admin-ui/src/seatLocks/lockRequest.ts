import type { LockRequest, SeatView } from '../../../api-types';

/**
 * Seat labels pasted by staff (`TC-A-1-1`), one per line or separated by commas, semicolons or
 * spaces (a column copied from a spreadsheet, a list from an e-mail): trimmed, without blanks,
 * each once, in the order given.
 */
export function parseSeatLabels(text: string): string[] {
  const labels = text
    .split(/[\s,;]+/)
    .map((label) => label.trim())
    .filter((label) => label !== '');
  return [...new Set(labels)];
}

/**
 * One request for what staff picked: the seats clicked on the map by id; when labels were
 * pasted too, everything by label (the clicked seats' labels added), so one answer reports on
 * all of it.
 */
export function lockRequest(picked: readonly SeatView[], labels: readonly string[], locked: boolean): LockRequest {
  if (labels.length === 0) {
    return { seat_ids: picked.map((seat) => seat.id), locked };
  }
  return { labels: [...new Set([...labels, ...picked.map((seat) => seat.label)])], locked };
}
