import { useLocation } from 'react-router';
import type { Admission, FanStanding, WaitingRoomInfo } from '../../../api-types';

/** The room most waiting-room tests use: Como - Lazio's (fixture 7). */
export const ROOM_ID = 5;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Room 5, open since a minute ago (its pre-queue an hour before). */
export function aRoom(overrides: Partial<WaitingRoomInfo> = {}): WaitingRoomInfo {
  return {
    id: ROOM_ID,
    state: 'open',
    prequeue_opens_at: minutesFromNow(-60),
    opens_at: minutesFromNow(-1),
    ...overrides,
  };
}

/** An admission to room 5, valid for ten more minutes. */
export function anAdmission(overrides: Partial<Admission> = {}): Admission {
  return { token: 'adm.5.signed', expires_at: minutesFromNow(10), ...overrides };
}

/** A fan in line in room 5: place 120, 100 places ahead still waiting, about 5 minutes. */
export function aStanding(overrides: Partial<FanStanding> = {}): FanStanding {
  return {
    room_id: ROOM_ID,
    state: 'open',
    position: 120,
    ahead: 100,
    placed: 400,
    admitted: 19,
    estimated_wait_seconds: 303,
    turn: false,
    opens_at: minutesFromNow(-1),
    admission: null,
    ...overrides,
  };
}

/** An admission as the app keeps it (session storage), for the on-sale `type`/`id`. */
export function keepAdmission(type: 'fixture' | 'season', id: number, admission: Admission = anAdmission(), roomId = ROOM_ID) {
  window.sessionStorage.setItem(`lario.admission.${roomId}`, JSON.stringify({ ...admission, type, id }));
}

/** Shows where the router is (`location`: path and query), for tests of where the fan is sent. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
