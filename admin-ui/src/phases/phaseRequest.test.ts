import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { mirrorFailureKey, phaseFieldErrors } from './phaseErrors';
import { endsAfterStart, normalSectors, phaseRequest } from './phaseRequest';
import {
  canEndPhase,
  canKeepSeats,
  kindsFor,
  newPhasePath,
  phasesTabPath,
  phaseState,
  phaseTargetOf,
} from './types';
import { ApiRequestError } from '../api/http';
import { romeLocalToInstant } from '../fields/romeDateTime';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('phaseRequest', () => {
  it("sends the Italian times typed as the instants they name, summer and winter alike, with the season ticket's id", () => {
    const values = {
      season_ticket_id: '3',
      kind: 'renewal' as const,
      name: '  ',
      // What the date and time inputs hold once 10:00 on 1 July and 18:30 on 1 December are typed in Rome.
      starts_at: romeLocalToInstant('2026-07-01T10:00'),
      ends_at: romeLocalToInstant('2026-12-01T18:30'),
      sectors: ' tc, cn;TS  tc ',
    };
    expect(phaseRequest(values)).toEqual({
      season_ticket_id: 3,
      kind: 'renewal',
      name: '',
      starts_at: '2026-07-01T08:00:00.000Z',
      ends_at: '2026-12-01T17:30:00.000Z',
      sectors: 'TC,CN,TS',
    });
  });

  it("names a match's phase by the fixture's id alone, and keeps a group's name trimmed", () => {
    expect(
      phaseRequest({
        fixture_id: 7,
        kind: 'group',
        name: ' Acquirenti Como Cup ',
        starts_at: '2099-01-01T10:00:00.000Z',
        ends_at: '2099-01-02T10:00:00.000Z',
        sectors: '',
      }),
    ).toEqual({
      fixture_id: 7,
      kind: 'group',
      name: 'Acquirenti Como Cup',
      starts_at: '2099-01-01T10:00:00.000Z',
      ends_at: '2099-01-02T10:00:00.000Z',
      sectors: '',
    });
  });
});

describe('normalSectors', () => {
  it('writes the codes as the API lists them: upper case, each once, comma-separated', () => {
    expect(normalSectors('tc, CN\nts;tc')).toBe('TC,CN,TS');
    expect(normalSectors('   ')).toBe('');
    expect(normalSectors(null)).toBe('');
  });
});

describe('endsAfterStart', () => {
  const starts_at = '2026-07-01T08:00:00.000Z';

  it('refuses an end at or before the start, and says nothing until both are there', () => {
    expect(endsAfterStart('2026-07-01T08:00:00.000Z', { starts_at })).toBe('resources.phases.errors.ends_before_start');
    expect(endsAfterStart('2026-06-30T08:00:00.000Z', { starts_at })).toBe('resources.phases.errors.ends_before_start');
    expect(endsAfterStart('2026-07-01T08:01:00.000Z', { starts_at })).toBeUndefined();
    expect(endsAfterStart(null, { starts_at })).toBeUndefined();
    expect(endsAfterStart('2026-06-30T08:00:00.000Z', {})).toBeUndefined();
  });
});

describe('phaseFieldErrors', () => {
  it("puts our words on the API's field errors, naming the unknown sectors", () => {
    expect(
      phaseFieldErrors(
        {
          ends_at: 'after the start',
          sectors: 'unknown sectors: XX, ZZ',
          kind: 'a renewal is of a season ticket',
          name: 'at most 80 characters',
          other: 'as it came',
        },
        translate,
      ),
    ).toEqual({
      ends_at: "La fine deve venire dopo l'inizio.",
      sectors: 'Settori sconosciuti: XX, ZZ.',
      kind: 'Il rinnovo è solo per un abbonamento, non per una partita.',
      name: 'Al massimo 80 caratteri.',
      other: 'as it came',
    });
  });
});

describe('mirrorFailureKey', () => {
  it('says when the ticketing system does not answer, and falls back otherwise', () => {
    const unavailable = new ApiRequestError(503, 'Ticketing down', { code: 'ticketing_unavailable', message: 'down', errors: {} });
    expect(mirrorFailureKey(unavailable)).toBe('resources.phases.errors.ticketing_unavailable');
    expect(mirrorFailureKey(new ApiRequestError(500, 'Boom'))).toBe('resources.phases.errors.mirror_failed');
  });
});

describe('a phase in time', () => {
  const now = Date.parse('2026-07-15T12:00:00Z');
  const phase = (starts_at: string, ends_at: string, released_at: string | null = null) => ({
    kind: 'renewal' as const,
    starts_at,
    ends_at,
    released_at,
  });

  it('is coming, open, ended, or ended with its seats released', () => {
    expect(phaseState(phase('2026-08-01T00:00:00Z', '2026-08-31T00:00:00Z'), now)).toBe('coming');
    expect(phaseState(phase('2026-07-01T00:00:00Z', '2026-07-31T00:00:00Z'), now)).toBe('open');
    expect(phaseState(phase('2026-06-01T00:00:00Z', '2026-07-15T12:00:00Z'), now)).toBe('ended');
    expect(phaseState(phase('2026-06-01T00:00:00Z', '2026-06-30T00:00:00Z', '2026-06-30T00:01:00Z'), now)).toBe('released');
  });

  it('ends now only while open, and keeps seats only while an open or coming renewal', () => {
    const open = phase('2026-07-01T00:00:00Z', '2026-07-31T00:00:00Z');
    const coming = phase('2026-08-01T00:00:00Z', '2026-08-31T00:00:00Z');
    const ended = phase('2026-06-01T00:00:00Z', '2026-06-30T00:00:00Z');
    expect([open, coming, ended].map((p) => canEndPhase(p, now))).toEqual([true, false, false]);
    expect([open, coming, ended].map((p) => canKeepSeats(p, now))).toEqual([true, true, false]);
    expect(canKeepSeats({ ...open, kind: 'free_sale' }, now)).toBe(false);
  });
});

describe('phase targets', () => {
  it('offers the renewal for a season ticket only', () => {
    expect(kindsFor('season')).toContain('renewal');
    expect(kindsFor('fixture')).toEqual(['change_of_seat', 'fidelity_card', 'preemption_code', 'group', 'free_sale']);
  });

  it("reads the target of a phase, and the addresses of its form and of its target's phases", () => {
    expect(phaseTargetOf({ season_ticket_id: 3, fixture_id: null })).toEqual({ season_ticket_id: 3 });
    expect(phaseTargetOf({ season_ticket_id: null, fixture_id: 7 })).toEqual({ fixture_id: 7 });
    expect(phaseTargetOf({})).toBeUndefined();
    expect(newPhasePath({ season_ticket_id: 3 })).toBe(
      `/phases/create?source=${encodeURIComponent('{"season_ticket_id":3}')}`,
    );
    expect(phasesTabPath({ season_ticket_id: 3 })).toBe('/season-tickets/3/show/phases');
    expect(phasesTabPath({ fixture_id: 7 })).toBe('/fixtures/7/show/phases');
  });
});
