import { emptyManualLine, type ManualLine } from './massIssueRequest';

/**
 * The seats picked on the map in the manual mode, as lines of the table: each picked seat is a
 * line with its label, for staff to complete with the holder. The table stays the one truth: a
 * seat is drawn picked whenever some line has its label, typed or picked.
 */

/** A seat label as the API reads it (trimmed, upper case), to match a seat with a line. */
export function normalLabel(label: string): string {
  return label.trim().toUpperCase();
}

/** The labels on the lines, as normalLabel gives them; blank labels left out. */
export function labelsOnLines(lines: readonly ManualLine[]): ReadonlySet<string> {
  return new Set(lines.map((line) => normalLabel(line.label)).filter((label) => label !== ''));
}

/** Nothing on the line but its seat: no holder typed, the document type and reduction as new. */
export function isUntouchedPick(line: ManualLine): boolean {
  const fresh = emptyManualLine(line.key);
  return (Object.keys(fresh) as (keyof ManualLine)[]).every((field) => field === 'label' || line[field] === fresh[field]);
}

/**
 * A seat picked on the map: its label on the table's last line when that line is blank (the
 * page's first, empty line; or one just added to be filled), else on a new line `newKey` at the
 * end. Gives the lines and the key of the line that has the seat.
 */
export function addPickedSeat(
  lines: readonly ManualLine[],
  label: string,
  newKey: number,
): { lines: ManualLine[]; key: number } {
  const last = lines.at(-1);
  if (last !== undefined && isUntouchedPick(last) && last.label.trim() === '') {
    return { lines: [...lines.slice(0, -1), { ...last, label }], key: last.key };
  }
  return { lines: [...lines, { ...emptyManualLine(newKey), label }], key: newKey };
}

/**
 * A seat dropped on the map: the lines with its label and nothing else go, while a line with a
 * holder typed stays (what staff typed is never thrown away by a click on the map); `kept` gives
 * those lines' numbers (1-based, in the new table). The table keeps at least one line: when
 * every line goes, the first one stays, blank.
 */
export function dropPickedSeat(lines: readonly ManualLine[], label: string): { lines: ManualLine[]; kept: number[] } {
  const seat = normalLabel(label);
  const goes = (line: ManualLine) => normalLabel(line.label) === seat && isUntouchedPick(line);
  const remaining = keepOneLine(lines, lines.filter((line) => !goes(line)));
  const kept = remaining.flatMap((line, index) => (normalLabel(line.label) === seat ? [index + 1] : []));
  return { lines: remaining, kept };
}

/**
 * Another fixture chosen: the lines the map added (`picks`: line key to the label it put there)
 * that still have only that seat go, since the seats were free on the other fixture; the lines
 * staff typed on, or whose label they changed, stay.
 */
export function dropMapPicks(lines: readonly ManualLine[], picks: ReadonlyMap<number, string>): ManualLine[] {
  const fromMap = (line: ManualLine) => {
    const label = picks.get(line.key);
    return label !== undefined && normalLabel(line.label) === normalLabel(label) && isUntouchedPick(line);
  };
  return keepOneLine(lines, lines.filter((line) => !fromMap(line)));
}

/** `remaining`, or the first of `lines` blank when nothing remains: the table is never empty. */
function keepOneLine(lines: readonly ManualLine[], remaining: ManualLine[]): ManualLine[] {
  const first = lines[0];
  return remaining.length > 0 || first === undefined ? remaining : [emptyManualLine(first.key)];
}
