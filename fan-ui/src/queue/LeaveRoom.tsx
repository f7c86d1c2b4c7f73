import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetAdmission, onSaleAdmission } from './admission';
import { roomQuery, type OnSaleType } from './room';
import { leaveRoom } from './standing';

/**
 * On a thank-you page: once the order is paid, the fan is done with the on-sale's waiting room
 * (`DELETE /api/waiting-rooms/{id}/me`), so the next fan's turn comes sooner. The room is the one
 * whose admission this tab keeps for the on-sale, else the on-sale's room as read now. Best
 * effort: a failure changes nothing for the fan (their admission lapses by itself). Draws nothing.
 */
export function LeaveRoomWhenPaid({ type, id, paid }: { type: OnSaleType; id: number; paid: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!paid) {
      return undefined;
    }
    let current = true;
    const leave = (roomId: number) => {
      forgetAdmission(roomId);
      leaveRoom(roomId).catch(() => undefined);
    };
    // Any admission kept for the on-sale, expired or not (the room's entry is left either way).
    const kept = onSaleAdmission(type, id, Number.NEGATIVE_INFINITY);
    if (kept !== null) {
      leave(kept.roomId);
    } else {
      queryClient.fetchQuery(roomQuery(type, id)).then(
        ({ room }) => {
          if (current && room !== null && room !== undefined && room.state !== 'scheduled') {
            leave(room.id);
          }
        },
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [paid, type, id, queryClient]);
  return null;
}
