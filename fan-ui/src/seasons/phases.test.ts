import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n, { SEASON_ORDER_NS } from '../i18n';
import {
  clockOffset,
  countdownTarget,
  durationParts,
  formatDuration,
  phaseName,
  refusedPhase,
  restrictsSale,
  type PhaseMoment,
} from './phases';

beforeAll(async () => {
  await i18n.loadNamespaces(SEASON_ORDER_NS);
  await i18n.loadLanguages(['it', 'en']);
});

const NOW = '2027-06-01T08:00:00Z';

describe('refusedPhase', () => {
  it("reads a refused hold's phases: the current one's kind and end, the next one's kind and start", () => {
    const error = new ApiError(409, 'preemption_phase', 'Only fans with a pre-emption right may buy now', {}, {
      phase: {
        current: { kind: 'renewal', ends_at: '2027-06-06T22:00:00Z' },
        next: { kind: 'free_sale', starts_at: '2027-06-08T08:00:00Z' },
        now: NOW,
      },
    });
    expect(refusedPhase(error)).toEqual({
      current: { kind: 'renewal', ends_at: '2027-06-06T22:00:00Z' },
      next: { kind: 'free_sale', starts_at: '2027-06-08T08:00:00Z' },
      now: NOW,
    });
  });

  it('leaves out what it cannot read, and is null without phases', () => {
    const odd = new ApiError(409, 'preemption_phase', 'x', {}, {
      phase: { current: { kind: 'lottery', ends_at: NOW }, next: null, now: NOW },
    });
    expect(refusedPhase(odd)).toEqual({ current: null, next: null, now: NOW });
    expect(refusedPhase(new ApiError(409, 'preemption_phase', 'x'))).toBeNull();
    expect(refusedPhase(new Error('offline'))).toBeNull();
  });
});

describe('the countdown', () => {
  const renewal: PhaseMoment['current'] = { kind: 'renewal', ends_at: '2027-06-06T22:00:00Z' };
  const freeSale: PhaseMoment['next'] = { kind: 'free_sale', starts_at: '2027-06-08T08:00:00Z' };

  it("counts to the next phase's start, or to the current one's end when none follows", () => {
    expect(countdownTarget({ current: renewal, next: freeSale, now: NOW })).toEqual({ until: 'next', at: freeSale.starts_at });
    expect(countdownTarget({ current: renewal, next: null, now: NOW })).toEqual({ until: 'end', at: renewal.ends_at });
    expect(countdownTarget({ current: null, next: freeSale, now: NOW })).toEqual({ until: 'next', at: freeSale.starts_at });
    expect(countdownTarget({ current: null, next: null, now: NOW })).toBeNull();
  });

  it("counts to the end of the phase on now when asked (a match's pre-emption), else as before", () => {
    const fidelity = { kind: 'fidelity_card' as const, ends_at: '2027-06-03T10:00:00Z' };
    const freeSale = { kind: 'free_sale' as const, starts_at: '2027-06-04T08:00:00Z' };
    expect(countdownTarget({ current: fidelity, next: freeSale, now: NOW }, 'end')).toEqual({ until: 'end', at: fidelity.ends_at });
    expect(countdownTarget({ current: null, next: freeSale, now: NOW }, 'end')).toEqual({ until: 'next', at: freeSale.starts_at });
  });

  it("runs on the server's clock: a phone 30 s behind adds 30 s", () => {
    expect(clockOffset(NOW, Date.parse(NOW) - 30_000)).toBe(30_000);
  });

  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(durationParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(durationParts(59)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  });

  it('says the time left in words, the days and hours only when there are some', () => {
    const ts = i18n.getFixedT('it', SEASON_ORDER_NS);
    expect(formatDuration(ts, 2 * 86_400 + 3 * 3600 + 4 * 60 + 5, 'it')).toBe('2 giorni, 3 ore, 4 minuti e 5 secondi');
    expect(formatDuration(ts, 86_400 + 60 + 1, 'it')).toBe('1 giorno, 0 ore, 1 minuto e 1 secondo');
    expect(formatDuration(ts, 3600, 'it')).toBe('1 ora, 0 minuti e 0 secondi');
    expect(formatDuration(ts, 65, 'it')).toBe('1 minuto e 5 secondi');
    const en = i18n.getFixedT('en', SEASON_ORDER_NS);
    expect(formatDuration(en, 2 * 86_400 + 3 * 3600 + 4 * 60 + 5, 'en')).toBe('2 days, 3 hours, 4 minutes, and 5 seconds');
  });
});

describe('phaseName', () => {
  it.each([
    ['renewal', 'Rinnovo degli abbonamenti', 'Season ticket renewal'],
    ['change_of_seat', 'Cambio posto degli abbonati', 'Change of seat for holders'],
    ['fidelity_card', 'Prelazione con la tessera del tifoso', 'Priority for supporter card holders'],
    ['preemption_code', 'Prelazione con codice', 'Priority with a code'],
    ['group', 'Prelazione riservata a un gruppo', 'Priority for a group'],
    ['free_sale', 'Vendita libera', 'Open sale'],
  ] as const)('names %s in Italian and English', (kind, italian, english) => {
    expect(phaseName(i18n.getFixedT('it', SEASON_ORDER_NS), { kind, name: '' })).toBe(italian);
    expect(phaseName(i18n.getFixedT('en', SEASON_ORDER_NS), { kind })).toBe(english);
  });

  it("names a group's phase after the group", () => {
    expect(phaseName(i18n.getFixedT('it', SEASON_ORDER_NS), { kind: 'group', name: 'Como Cup' })).toBe('Prelazione riservata: Como Cup');
    expect(phaseName(i18n.getFixedT('en', SEASON_ORDER_NS), { kind: 'group', name: 'Como Cup' })).toBe('Priority for Como Cup');
  });
});

describe('restrictsSale', () => {
  it('restricts the sale to fans with a right while any phase but the free sale is on', () => {
    expect(restrictsSale({ kind: 'renewal' })).toBe(true);
    expect(restrictsSale({ kind: 'group' })).toBe(true);
    expect(restrictsSale({ kind: 'free_sale' })).toBe(false);
    expect(restrictsSale(null)).toBe(false);
  });
});
