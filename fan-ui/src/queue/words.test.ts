import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { QUEUE_NS } from '../i18n';
import { aStanding } from '../test/queue';
import { onSaleAdmission, roomAdmission, storeAdmission, admissionHeaders } from './admission';
import { turnPath } from './paths';
import { ANNOUNCE_EVERY_MS, nextAnnouncement, type Announcement } from './standing';
import { formatCountdown, progressStart, queueProgress, waitWords } from './words';

beforeAll(async () => {
  await i18n.loadNamespaces(QUEUE_NS);
});

describe('waitWords', () => {
  it.each([
    [null, 'in calcolo', 'being worked out'],
    [0, 'meno di un minuto', 'less than a minute'],
    [59, 'meno di un minuto', 'less than a minute'],
    [60, 'circa 1 minuto', 'about 1 minute'],
    [240, 'circa 4 minuti', 'about 4 minutes'],
    [3540, 'circa 59 minuti', 'about 59 minutes'],
    [3600, 'circa 1 ora', 'about 1 hour'],
    [4800, 'circa 1 h e 20 min', 'about 1 h 20 min'],
    [7300, 'circa 2 ore', 'about 2 hours'],
  ])('says %s s as a person would', (seconds, italian, english) => {
    expect(waitWords(i18n.getFixedT('it', QUEUE_NS), seconds)).toBe(italian);
    expect(waitWords(i18n.getFixedT('en', QUEUE_NS), seconds)).toBe(english);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [125, '2:05'],
    [3725, '1:02:05'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('queueProgress', () => {
  it('goes from 0 when placed to 100 at the turn, as the places ahead go in', () => {
    expect(queueProgress(100, 100)).toBe(0);
    expect(queueProgress(40, 100)).toBe(60);
    expect(queueProgress(0, 100)).toBe(100);
    // First in line: nothing left to wait for.
    expect(queueProgress(0, 0)).toBe(100);
    // Never below 0.
    expect(queueProgress(120, 100)).toBe(0);
  });

  it('remembers where the bar started for the place, across pages', () => {
    expect(progressStart(5, 120, 100)).toBe(100);
    expect(progressStart(5, 120, 40)).toBe(100);
    // Another place (another fan on this browser, or a new line): starts again.
    expect(progressStart(5, 300, 250)).toBe(250);
    expect(progressStart(6, 120, 10)).toBe(10);
  });
});

describe('nextAnnouncement', () => {
  const placed = aStanding();
  const at = 1_000_000;

  it('tells the first place, then the people ahead at most every 30 s', () => {
    const first = nextAnnouncement(null, placed, null, at);
    expect(first).toMatchObject({ kind: 'placed', politeness: 'polite' });
    const moved = aStanding({ ahead: 90 });
    expect(nextAnnouncement(placed, moved, first, at + 1000)).toBeNull();
    expect(nextAnnouncement(placed, moved, first, at + ANNOUNCE_EVERY_MS)).toMatchObject({ kind: 'progress' });
    // Nothing changed: nothing said.
    expect(nextAnnouncement(moved, moved, first, at + 2 * ANNOUNCE_EVERY_MS)).toBeNull();
  });

  it('tells the turn assertively, once, and a pause and its end politely', () => {
    const last: Announcement = { kind: 'placed', politeness: 'polite', standing: placed, at };
    expect(nextAnnouncement(placed, aStanding({ state: 'paused' }), last, at + 1)).toMatchObject({ kind: 'paused' });
    expect(nextAnnouncement(aStanding({ state: 'paused' }), placed, last, at + 2)).toMatchObject({ kind: 'resumed' });
    const turn = aStanding({ turn: true, ahead: 0 });
    expect(nextAnnouncement(placed, turn, last, at + 3)).toMatchObject({ kind: 'turn', politeness: 'assertive' });
    expect(nextAnnouncement(turn, turn, last, at + 4)).toBeNull();
  });
});

describe('admissions kept in this tab', () => {
  it('are found by room and by on-sale until they expire', () => {
    const now = Date.now();
    storeAdmission(5, 'fixture', 7, { token: 'tok', expires_at: new Date(now + 60_000).toISOString() });

    expect(roomAdmission(5)).toMatchObject({ roomId: 5, token: 'tok' });
    expect(onSaleAdmission('fixture', 7)).toMatchObject({ roomId: 5, token: 'tok' });
    expect(admissionHeaders('fixture', 7)).toEqual({ 'X-Admission': 'tok' });
    expect(onSaleAdmission('season', 7)).toBeNull();
    expect(admissionHeaders('fixture', 8)).toBeUndefined();
    expect(roomAdmission(5, now + 60_000)).toBeNull();
    expect(onSaleAdmission('fixture', 7, now + 61_000)).toBeNull();
  });
});

describe('turnPath', () => {
  it("leads back to the on-sale's page the fan came from, and nowhere else", () => {
    expect(turnPath('fixture', 7, '/selectedfixturetickets/7?block=3&seats=1,2')).toBe('/selectedfixturetickets/7?block=3&seats=1,2');
    expect(turnPath('fixture', 7, '/selectedfixture/7?sector=TC')).toBe('/selectedfixture/7?sector=TC');
    expect(turnPath('fixture', 7, '/selectedfixture/70')).toBe('/selectedfixturetickets/7');
    expect(turnPath('fixture', 7, 'https://example.com/selectedfixture/7')).toBe('/selectedfixturetickets/7');
    expect(turnPath('fixture', 7, null)).toBe('/selectedfixturetickets/7');
    expect(turnPath('season', 10000, '/selectedseasonticket/10000?block=3')).toBe('/selectedseasonticket/10000?block=3');
    expect(turnPath('season', 10000, '/wallet')).toBe('/selectedseasonticket/10000');
  });
});
