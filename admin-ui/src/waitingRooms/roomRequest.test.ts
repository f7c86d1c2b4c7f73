import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { addMessages, i18nProvider } from '../i18n/i18nProvider';
import { waitingRoomMessages } from './messages';
import {
  admissionInBounds,
  minutesToSeconds,
  newRoomRequest,
  prequeueNotAfterOpening,
  rateInBounds,
  roomFailureKey,
  roomFieldErrors,
  roomSettings,
  secondsToMinutes,
} from './roomRequest';
import { admittedProgress, isRoomLive } from './types';
import { waitText } from './wait';

addMessages(waitingRoomMessages);
const translate = i18nProvider.translate;

const values = {
  prequeue_opens_at: '2026-12-01T08:00:00.000Z',
  opens_at: '2026-12-01T09:00:00.000Z',
  admit_per_minute: 300,
  max_shopping: '1000',
  admission_seconds: 600,
};

describe('the room requests', () => {
  it('names exactly one target, the one the form is on, with the settings as numbers', () => {
    const settings = {
      prequeue_opens_at: '2026-12-01T08:00:00.000Z',
      opens_at: '2026-12-01T09:00:00.000Z',
      admit_per_minute: 300,
      max_shopping: 1000,
      admission_seconds: 600,
    };
    expect(newRoomRequest({ ...values, target_kind: 'fixture', fixture_id: 7, season_ticket_id: 3 })).toEqual({ fixture_id: 7, ...settings });
    expect(newRoomRequest({ ...values, target_kind: 'season', fixture_id: 7, season_ticket_id: '3' })).toEqual({
      season_ticket_id: 3,
      ...settings,
    });
    // From a season ticket's page, before the kind is read: the target it names.
    expect(newRoomRequest({ ...values, season_ticket_id: 3 })).toEqual({ season_ticket_id: 3, ...settings });
    expect(roomSettings({ ...values, target_kind: 'fixture', fixture_id: 7 })).toEqual(settings);
  });

  it('shows the admission in minutes and sends it in seconds', () => {
    expect(secondsToMinutes(600)).toBe('10');
    expect(secondsToMinutes(90)).toBe('1.5');
    expect(secondsToMinutes(null)).toBe('');
    expect(minutesToSeconds(15)).toBe(900);
    expect(minutesToSeconds('2')).toBe(120);
    expect(minutesToSeconds('')).toBeNull();
  });

  it("checks the API's bounds before sending", () => {
    expect([0, 1, 1_000_000, 1_000_001, 2.5].map(rateInBounds)).toEqual([
      'resources.waiting-rooms.errors.rate_bounds',
      undefined,
      undefined,
      'resources.waiting-rooms.errors.rate_bounds',
      'resources.waiting-rooms.errors.rate_bounds',
    ]);
    expect([59, 60, 7_200, 7_201].map(admissionInBounds)).toEqual([
      'resources.waiting-rooms.errors.admission_bounds',
      undefined,
      undefined,
      'resources.waiting-rooms.errors.admission_bounds',
    ]);
    expect(prequeueNotAfterOpening('2026-12-01T09:00:00Z', { opens_at: '2026-12-01T09:00:00Z' })).toBeUndefined();
    expect(prequeueNotAfterOpening('2026-12-01T09:01:00Z', { opens_at: '2026-12-01T09:00:00Z' })).toBe(
      'resources.waiting-rooms.errors.prequeue_after_opening',
    );
  });

  it("puts the API's field errors in our words, the target's under both target inputs", () => {
    expect(
      roomFieldErrors(
        { fixture_id: 'a fixture or a season ticket', admission_seconds: 'between 60 and 7,200', opens_at: 'in the past' },
        translate,
      ),
    ).toEqual({
      fixture_id: "Scegli la partita o l'abbonamento.",
      season_ticket_id: "Scegli la partita o l'abbonamento.",
      admission_seconds: 'Da 1 a 120 minuti.',
      opens_at: 'in the past',
    });
  });

  it("says the room's refusals in our words, from react-admin's errors and our client's", () => {
    const exists = new HttpError('This on-sale has a waiting room already', 409, { code: 'room_exists', message: '', errors: {} });
    expect(roomFailureKey(exists)).toBe('resources.waiting-rooms.errors.room_exists');
    const opened = new ApiRequestError(409, 'opened', { code: 'room_opened', message: 'opened', errors: {} });
    expect(roomFailureKey(opened)).toBe('resources.waiting-rooms.errors.room_opened');
    const forbidden = new ApiRequestError(403, 'Forbidden', { code: 'forbidden', message: 'Forbidden', errors: {} });
    expect(roomFailureKey(forbidden)).toBe('app.errors.forbidden');
    expect(roomFailureKey(new ApiRequestError(500, 'Boom'))).toBe('resources.waiting-rooms.errors.action_failed');
  });
});

describe('the live view', () => {
  it('says the wait at the back in words', () => {
    expect([0, 45, 60, 720, 2_880, 3_600, 3_900, 7_200 + 59 * 60].map((seconds) => waitText(seconds, translate))).toEqual([
      'nessuna attesa',
      'meno di un minuto',
      'circa 1 minuto',
      'circa 12 minuti',
      'circa 48 minuti',
      'circa 1 ora',
      'circa 1 ora e 5 minuti',
      'circa 2 ore e 59 minuti',
    ]);
  });

  it('measures the line admitted of those placed, and reads a room again until it is closed', () => {
    expect(admittedProgress({ admitted: 0, placed: 0 })).toBe(0);
    expect(admittedProgress({ admitted: 3_600, placed: 18_000 })).toBe(20);
    expect(admittedProgress({ admitted: 20, placed: 10 })).toBe(100);
    expect(
      (['scheduled', 'prequeue', 'open', 'paused', 'closed'] as const).map((state) => isRoomLive({ state, closed_at: null })),
    ).toEqual([true, true, true, true, false]);
    expect(isRoomLive({ state: 'open', closed_at: '2026-12-01T11:00:00Z' })).toBe(false);
  });
});
