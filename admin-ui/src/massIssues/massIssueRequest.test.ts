import { describe, expect, it } from 'vitest';
import {
  emptyManualLine,
  issuableLines,
  manualRequest,
  readFileAsBase64,
  reductionCodeChoices,
  subjectFields,
} from './massIssueRequest';
import type { PreviewLine, Price } from '../../../api-types';

describe('manualRequest', () => {
  it('trims what was typed, leaves the sex empty when not given, and leaves blank lines out', () => {
    const typed = {
      ...emptyManualLine(1),
      label: ' TC-TC1-1-1 ',
      first_name: ' Luca ',
      last_name: 'Neri',
      birth_date: '1990-04-01',
      birth_place: 'Como',
      document_number: ' CA1234567 ',
      email: 'luca@example.it ',
    };
    const request = manualRequest([emptyManualLine(0), typed, emptyManualLine(2), { ...typed, sex: 'F', reduction: 'U14' }]);
    expect(request.rows).toEqual([2, 4]);
    expect(request.lines).toEqual([
      {
        label: 'TC-TC1-1-1',
        first_name: 'Luca',
        last_name: 'Neri',
        birth_date: '1990-04-01',
        birth_place: 'Como',
        sex: '',
        document_type: 'id_card',
        document_number: 'CA1234567',
        email: 'luca@example.it',
        reduction: 'INTERO',
      },
      expect.objectContaining({ sex: 'F', reduction: 'U14' }),
    ]);
  });

  it('sends a line with anything typed on it, for the API to say what is missing', () => {
    expect(manualRequest([{ ...emptyManualLine(0), sex: 'M' }]).lines).toHaveLength(1);
    expect(manualRequest([emptyManualLine(0)]).lines).toHaveLength(0);
  });
});

describe('subjectFields', () => {
  it('names a fixture by its id alone, as before season tickets', () => {
    expect(subjectFields({ target: 'fixture', fixtureId: 7 })).toEqual({ fixture_id: 7 });
  });

  it('names a season ticket by its id, never with a fixture, and always says whether as collections', () => {
    expect(subjectFields({ target: 'season', seasonTicketId: 3, collection: true })).toEqual({
      season_ticket_id: 3,
      collection: true,
    });
    expect(subjectFields({ target: 'season', seasonTicketId: 3, collection: false })).toEqual({
      season_ticket_id: 3,
      collection: false,
    });
  });
});

describe('issuableLines', () => {
  const line = (row: number, valid: boolean, codes: string[]): PreviewLine => ({
    row,
    line: { label: `L${row}` },
    seat_id: null,
    sector_name: null,
    price_cents: null,
    valid,
    errors: codes.map((code) => ({ field: code === 'holder_unverified' ? 'holder' : 'label', code })),
  });

  it('keeps the valid lines and those only waiting for the ticketing system to check the holder', () => {
    const lines = [
      line(2, true, []),
      line(3, false, ['seat_taken']),
      line(4, false, ['holder_unverified']),
      line(5, false, ['holder_unverified', 'seat_taken']),
      line(6, true, ['holder_unverified']),
    ];
    expect(issuableLines(lines).map((kept) => kept.row)).toEqual([2, 4, 6]);
  });
});

describe('reductionCodeChoices', () => {
  const price = (sector: string, id: number, code: string, name: string): Price => ({
    id: `${sector}:${id}`,
    sector_code: sector,
    sector_name: sector,
    reduction_id: id,
    reduction_code: code,
    reduction_name: name,
    rule: code === 'DONNA' ? 'women' : code === 'U14' ? 'under_14' : code === 'O65' ? 'over_65' : 'anyone',
    price_cents: 1000,
  });

  it('gives each reduction once, in the catalogue order', () => {
    expect(
      reductionCodeChoices([price('TC', 2, 'U14', 'Under 14'), price('TC', 1, 'INTERO', 'Intero'), price('CN', 1, 'INTERO', 'Intero')]),
    ).toEqual([
      { code: 'INTERO', name: 'Intero' },
      { code: 'U14', name: 'Under 14' },
    ]);
  });

  it('offers the full price before the prices are read', () => {
    expect(reductionCodeChoices([])).toEqual([{ code: 'INTERO', name: 'INTERO' }]);
  });
});

describe('readFileAsBase64', () => {
  it("gives the file's bytes as base64, without the data URL's prefix", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    expect(await readFileAsBase64(new Blob([bytes]))).toBe('UEsDBP8A');
  });
});
