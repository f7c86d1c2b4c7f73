import { describe, expect, it } from 'vitest';
import { lockRequest, parseSeatLabels } from './lockRequest';
import type { SeatView } from '../../../api-types';

const seat = (id: number, label: string): SeatView => ({ id, label, row: '1', number: id, state: 'free' });

describe('parseSeatLabels', () => {
  it('reads one label per line', () => {
    expect(parseSeatLabels('TC-A-1-1\nTC-A-1-2\r\nTC-A-1-3\n')).toEqual(['TC-A-1-1', 'TC-A-1-2', 'TC-A-1-3']);
  });

  it('reads labels separated by commas, semicolons or spaces, with blanks anywhere', () => {
    expect(parseSeatLabels(' TC-A-1-1, TC-A-1-2,,TC-B-2-7 ;CU-C-3-1\tCU-C-3-2 ')).toEqual([
      'TC-A-1-1',
      'TC-A-1-2',
      'TC-B-2-7',
      'CU-C-3-1',
      'CU-C-3-2',
    ]);
  });

  it('keeps each label once, in the order given', () => {
    expect(parseSeatLabels('TC-A-1-2\nTC-A-1-1, TC-A-1-2')).toEqual(['TC-A-1-2', 'TC-A-1-1']);
  });

  it('gives nothing for blank text', () => {
    expect(parseSeatLabels(' \n , \n')).toEqual([]);
  });
});

describe('lockRequest', () => {
  it('sends seats picked on the map by id', () => {
    expect(lockRequest([seat(101, 'TC-A-1-1'), seat(102, 'TC-A-1-2')], [], true)).toEqual({
      seat_ids: [101, 102],
      locked: true,
    });
  });

  it('sends everything by label once labels are pasted, the picked seats included once', () => {
    expect(lockRequest([seat(101, 'TC-A-1-1'), seat(105, 'TC-A-1-5')], ['TC-A-1-1', 'XX-1'], false)).toEqual({
      labels: ['TC-A-1-1', 'XX-1', 'TC-A-1-5'],
      locked: false,
    });
  });
});
