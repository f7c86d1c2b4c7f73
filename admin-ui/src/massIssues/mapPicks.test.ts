import { describe, expect, it } from 'vitest';
import { addPickedSeat, dropMapPicks, dropPickedSeat, isUntouchedPick, labelsOnLines, normalLabel } from './mapPicks';
import { emptyManualLine, type ManualLine } from './massIssueRequest';

const seatLine = (key: number, label: string, change: Partial<ManualLine> = {}): ManualLine => ({
  ...emptyManualLine(key),
  label,
  ...change,
});

describe('the seats picked on the map, as lines', () => {
  it('reads labels as the API does: trimmed and upper case, blank ones left out', () => {
    expect(normalLabel(' tc-a-1-1 ')).toBe('TC-A-1-1');
    expect(labelsOnLines([seatLine(0, ' tc-a-1-1'), seatLine(1, ''), seatLine(2, 'TC-A-1-2')])).toEqual(
      new Set(['TC-A-1-1', 'TC-A-1-2']),
    );
  });

  it('calls a line untouched when only its seat is on it', () => {
    expect(isUntouchedPick(seatLine(0, 'TC-A-1-1'))).toBe(true);
    expect(isUntouchedPick(seatLine(0, 'TC-A-1-1', { first_name: 'Luca' }))).toBe(false);
    expect(isUntouchedPick(seatLine(0, 'TC-A-1-1', { sex: 'F' }))).toBe(false);
    expect(isUntouchedPick(seatLine(0, 'TC-A-1-1', { reduction: 'U14' }))).toBe(false);
    expect(isUntouchedPick(seatLine(0, 'TC-A-1-1', { document_type: 'passport' }))).toBe(false);
  });

  it('puts a picked seat on the blank last line, else on a new line', () => {
    const first = addPickedSeat([emptyManualLine(0)], 'TC-A-1-1', 5);
    expect(first).toEqual({ lines: [seatLine(0, 'TC-A-1-1')], key: 0 });

    const second = addPickedSeat(first.lines, 'TC-A-1-2', 5);
    expect(second).toEqual({ lines: [seatLine(0, 'TC-A-1-1'), seatLine(5, 'TC-A-1-2')], key: 5 });

    // A last line with something typed but no seat is not taken over.
    const typed = [seatLine(0, '', { first_name: 'Luca' })];
    expect(addPickedSeat(typed, 'TC-A-1-3', 6).lines).toEqual([...typed, seatLine(6, 'TC-A-1-3')]);
  });

  it('drops the untouched lines of an unpicked seat, keeps those with a holder, and never empties the table', () => {
    const lines = [
      seatLine(0, 'TC-A-1-1'),
      seatLine(1, 'TC-A-1-2', { first_name: 'Luca' }),
      seatLine(2, ' tc-a-1-2 '),
      seatLine(3, 'TC-A-1-3'),
    ];
    expect(dropPickedSeat(lines, 'TC-A-1-1')).toEqual({ lines: lines.slice(1), kept: [] });
    // Line 3 goes, line 2 stays (and is now line 2 of 3).
    expect(dropPickedSeat(lines, 'TC-A-1-2')).toEqual({ lines: [lines[0], lines[1], lines[3]], kept: [2] });
    expect(dropPickedSeat([seatLine(4, 'TC-A-1-1')], 'TC-A-1-1')).toEqual({ lines: [emptyManualLine(4)], kept: [] });
  });

  it('drops, for another fixture, the lines the map added that still hold only their seat', () => {
    const lines = [
      seatLine(0, 'TC-A-1-9', { first_name: 'Anna' }),
      seatLine(1, 'TC-A-1-1'),
      seatLine(2, 'TC-A-1-2', { email: 'luca@example.it' }),
      // Picked, then its label changed by hand: a typed line now.
      seatLine(3, 'TC-A-2-2'),
      // Typed, never picked.
      seatLine(4, 'TC-A-2-1'),
    ];
    const picks = new Map([
      [1, 'TC-A-1-1'],
      [2, 'TC-A-1-2'],
      [3, 'TC-A-2-1'],
    ]);
    expect(dropMapPicks(lines, picks)).toEqual([lines[0], lines[2], lines[3], lines[4]]);
    expect(dropMapPicks([seatLine(7, 'TC-A-1-1')], new Map([[7, 'TC-A-1-1']]))).toEqual([emptyManualLine(7)]);
  });
});
