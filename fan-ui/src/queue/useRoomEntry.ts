import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { roomAdmission } from './admission';
import { queuePath } from './paths';
import { roomQuery, type OnSaleType } from './room';
import type { WaitingRoomInfo, WaitingRoomState } from '../../../api-types';

/** The states in which holding seats needs an admission: from the pre-queue until closed. */
const GUARDING: readonly WaitingRoomState[] = ['prequeue', 'open', 'paused'];

export function roomGuards(room: WaitingRoomInfo | null): room is WaitingRoomInfo {
  return room !== null && GUARDING.includes(room.state);
}

/** What the queue page hands the on-sale page at the turn (`navigate(…, { state })`). */
export interface AdmittedState {
  admittedTo: number;
}

/** Whether the page was opened by the queue at the turn of room `roomId` just now. */
function cameFromTurn(state: unknown, roomId: number): boolean {
  return state !== null && typeof state === 'object' && (state as Partial<AdmittedState>).admittedTo === roomId;
}

/** The longest a timer may wait (setTimeout's limit, some 24 days). */
const LONGEST_TIMER_MS = 2_147_483_647;

export interface RoomEntry {
  /** The room is not known yet: the page waits for it (read beside the on-sale, not after it). */
  pending: boolean;
  /** The queue page, when the room guards the on-sale and the fan holds no admission for it. */
  queue: string | null;
}

/**
 * Whether the fan may enter an on-sale's page now (`/selectedfixture`, `/selectedfixturetickets`,
 * `/selectedseasonticket`): not while its waiting room guards it and they hold no unexpired
 * admission for the room; then the queue page, which comes back here at their turn. A room that
 * cannot be read counts as none (the hold paths still ask for the admission). Decided as the
 * page opens and again when the room changes state, not when an admission runs out under a fan
 * already in (who may be paying for what they hold: a hold refused leads to the queue anyway).
 * A scheduled room is read again as its pre-queue opens.
 */
export function useRoomEntry(type: OnSaleType, id: number): RoomEntry {
  const room = useQuery(roomQuery(type, id));
  const { pathname, search, state } = useLocation();
  const info = room.data?.room ?? null;
  const { refetch, dataUpdatedAt } = room;

  const opensAt = info?.state === 'scheduled' ? Date.parse(info.prequeue_opens_at) : null;
  useEffect(() => {
    if (opensAt === null) {
      return undefined;
    }
    // A moment after the opening; once past it (the phone's clock ahead of the server's), every 5 s.
    const now = Date.now();
    const delay = opensAt > now ? opensAt - now + 500 : 5_000;
    if (delay > LONGEST_TIMER_MS) {
      return undefined;
    }
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [opensAt, dataUpdatedAt, refetch]);

  // Waited for once: a failed read is read again as another part of the page asks for it (its
  // state pending again), and the page must not go back to a spinner for it, nor loop.
  const [settled, setSettled] = useState(false);
  if (!settled && !room.isPending) {
    setSettled(true);
  }

  const key = roomGuards(info) ? `${info.id}:${info.state}` : null;
  const [decided, setDecided] = useState<{ key: string; admitted: boolean } | null>(null);
  let admitted = decided?.admitted ?? false;
  if (key !== null && roomGuards(info) && decided?.key !== key) {
    admitted = roomAdmission(info.id) !== null || cameFromTurn(state, info.id);
    setDecided({ key, admitted });
  }
  return {
    pending: room.isPending && !settled,
    queue: key !== null && !admitted ? queuePath(type, id, `${pathname}${search}`) : null,
  };
}
