import { describe, expect, it } from 'vitest';
import { aHolder, anIdentity, anOrder, anOrderLine, noIdentity } from '../test/fixtures';
import type { HolderRule } from '../../../api-types';
import {
  blankHolderFields,
  draftOf,
  holdersRequest,
  identityHolder,
  localToday,
  parseHolder,
  parseHolderDetails,
  serverHolderErrors,
  type HolderDraft,
} from './holderRules';

const TODAY = '2026-11-24';
const draft = (overrides: Partial<HolderDraft> = {}): HolderDraft => ({
  ...draftOf(anOrderLine({ holder: aHolder() })),
  ...overrides,
});
const problems = (overrides: Partial<HolderDraft>, allowed = [1]) => {
  const result = parseHolder(draft(overrides), allowed, TODAY);
  return result.ok ? {} : result.problems;
};

describe('parseHolder', () => {
  it('accepts a holder the API would take, tidied as it is sent', () => {
    const result = parseHolder(
      draft({ first_name: '  Maria  Grazia ', last_name: 'D’Amico-Rossi Jr.', document_number: ' ab12345 ', birth_place: ' Como ' }),
      [1],
      TODAY,
    );

    expect(result).toEqual({
      ok: true,
      value: {
        reduction_id: 1,
        holder: aHolder({ first_name: 'Maria Grazia', last_name: "D'Amico-Rossi Jr.", document_number: 'AB12345', birth_place: 'Como' }),
      },
    });
  });

  it('takes names of any alphabet, up to 60 characters', () => {
    expect(problems({ first_name: 'Zoë', last_name: 'Łukasiewicz' })).toEqual({});
    expect(problems({ first_name: 'a'.repeat(60) })).toEqual({});
    expect(problems({ first_name: 'a'.repeat(61) })).toEqual({ first_name: 'name_too_long' });
    expect(problems({ last_name: 'Neri2' })).toEqual({ last_name: 'name_characters' });
    expect(problems({ first_name: '   ', last_name: '' })).toEqual({ first_name: 'first_name_required', last_name: 'last_name_required' });
  });

  it('wants a real birth date in the past, not before 1900', () => {
    expect(problems({ birth_date: '1900-01-01' })).toEqual({});
    expect(problems({ birth_date: '1899-12-31' })).toEqual({ birth_date: 'birth_date_too_early' });
    expect(problems({ birth_date: TODAY })).toEqual({ birth_date: 'birth_date_future' });
    expect(problems({ birth_date: '1990-02-30' })).toEqual({ birth_date: 'birth_date_invalid' });
    expect(problems({ birth_date: '01/04/1990' })).toEqual({ birth_date: 'birth_date_invalid' });
    expect(problems({ birth_date: '' })).toEqual({ birth_date: 'birth_date_required' });
  });

  it('wants a birth place of at most 80 characters, a document type, and 5 to 20 letters or digits', () => {
    expect(problems({ birth_place: 'x'.repeat(81) })).toEqual({ birth_place: 'birth_place_too_long' });
    expect(problems({ birth_place: '' })).toEqual({ birth_place: 'birth_place_required' });
    expect(problems({ document_type: '' })).toEqual({ document_type: 'document_type_required' });
    expect(problems({ document_number: 'AB123' })).toEqual({});
    expect(problems({ document_number: 'A'.repeat(20) })).toEqual({});
    expect(problems({ document_number: 'AB12' })).toEqual({ document_number: 'document_number_format' });
    expect(problems({ document_number: 'A'.repeat(21) })).toEqual({ document_number: 'document_number_format' });
    expect(problems({ document_number: 'CA-12345' })).toEqual({ document_number: 'document_number_format' });
    expect(problems({ document_number: '' })).toEqual({ document_number: 'document_number_required' });
  });

  it('wants a fare sold for the sector', () => {
    expect(problems({ reduction_id: 3 }, [1, 2])).toEqual({ reduction_id: 'reduction_not_sold' });
  });

  it('sends the sex as given, null when not', () => {
    const sent = (sex: HolderDraft['sex']) => {
      const result = parseHolder(draft({ sex }), [1], TODAY);
      return result.ok ? result.value.holder.sex : undefined;
    };
    expect(sent('F')).toBe('F');
    expect(sent('M')).toBe('M');
    expect(sent('')).toBeNull();
  });

  it('gives the women, under 14 and over 65 fares only to holders who qualify on the match day', () => {
    const MATCH_DAY = '2026-12-06';
    const onFare = (rule: HolderRule, overrides: Partial<HolderDraft>) => {
      const result = parseHolder(draft(overrides), [1], TODAY, { rule, matchDay: MATCH_DAY });
      return result.ok ? {} : result.problems;
    };
    expect(onFare('women', { sex: 'F' })).toEqual({});
    expect(onFare('women', { sex: 'M' })).toEqual({ reduction_id: 'reduction_women_only' });
    expect(onFare('women', { sex: '' })).toEqual({ reduction_id: 'reduction_women_only' });
    expect(onFare('under_14', { birth_date: '2012-12-07' })).toEqual({});
    expect(onFare('under_14', { birth_date: '2012-12-06' })).toEqual({ reduction_id: 'reduction_under_14' });
    expect(onFare('over_65', { birth_date: '1961-12-06' })).toEqual({});
    expect(onFare('over_65', { birth_date: '1961-12-07' })).toEqual({ reduction_id: 'reduction_over_65' });
    expect(onFare('anyone', { sex: '' })).toEqual({});
    // Without a usable birth date, that field's own message is the one to fix first.
    expect(onFare('under_14', { birth_date: '' })).toEqual({ birth_date: 'birth_date_required' });
  });
});

// ageOn and matchDayOf are tested with the shared module (ui-shared/holderRules.test.ts).

describe('holdersRequest', () => {
  it('sends every line by id, in the order of the order', () => {
    const order = anOrder();
    const first = { reduction_id: 1, holder: aHolder() };
    const second = { reduction_id: 2, holder: aHolder({ first_name: 'Anna' }) };

    expect(holdersRequest(order.lines, [first, second])).toEqual({ lines: [{ id: 11, ...first }, { id: 12, ...second }] });
  });
});

describe('serverHolderErrors', () => {
  it('reads the API\'s lines.{i}.{field} keys, with or without holder in between', () => {
    const byLine = serverHolderErrors({
      'lines.0.first_name': 'bad',
      'lines.1.holder.document_number': 'bad',
      'lines.1.reduction_id': 'bad',
      'lines.2.nonsense': 'bad',
      email: 'bad',
    });

    expect([...byLine.entries()].map(([index, fields]) => [index, [...fields]])).toEqual([
      [0, ['first_name']],
      [1, ['document_number', 'reduction_id']],
    ]);
  });
});

describe('localToday', () => {
  it('is the date on the fan\'s clock', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('draftOf with values the form has no choice for', () => {
  it('starts a document type or sex the API sent but the form does not offer as blank', () => {
    const draft = draftOf(anOrderLine({ holder: aHolder({ document_type: 'residence_permit', sex: 'X' }) }));
    expect(draft.document_type).toBe('');
    expect(draft.sex).toBe('');
    expect(draftOf(anOrderLine({ holder: aHolder({ sex: 'F' }) })).sex).toBe('F');
  });
});

describe('parseHolderDetails (a change of holder: the ticket keeps its fare)', () => {
  it('checks the holder as the checkout does, whatever fare the draft names', () => {
    expect(parseHolderDetails(draft({ first_name: ' Anna ', document_number: 'ca7654321', reduction_id: 99 }), TODAY)).toEqual({
      ok: true,
      value: aHolder({ first_name: 'Anna', document_number: 'CA7654321' }),
    });
    expect(parseHolderDetails(draft({ birth_date: '2027-01-01', document_type: '' }), TODAY)).toEqual({
      ok: false,
      problems: { birth_date: 'birth_date_future', document_type: 'document_type_required' },
    });
  });
});

describe('identityHolder ("it\'s me" from the saved identity)', () => {
  it("gives the holder's names, birth, sex and document", () => {
    expect(identityHolder(anIdentity({ registration: 'pending' }))).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      birth_date: '1980-01-01',
      birth_place: 'Roma',
      sex: 'M',
      document_type: 'id_card',
      document_number: 'CA1234567',
    });
  });

  it('gives nothing when no identity is saved, or none could be read', () => {
    expect(identityHolder(noIdentity())).toBeNull();
    expect(identityHolder(undefined)).toBeNull();
  });

  it('blanks what it filled', () => {
    expect(blankHolderFields(['first_name', 'sex', 'document_type'])).toEqual({ first_name: '', sex: '', document_type: '' });
  });
});
