import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import type { OnSaleRoom } from '../../../api-types';

/**
 * The on-sales a waiting room can guard (issue 19): a match's and a season ticket's. Kept apart
 * from the rest of the queue's code: the first page's script carries this file (`preloadRoute`
 * reads the room with the on-sale), and nothing else of the queue.
 */
export type OnSaleType = 'fixture' | 'season';

export const roomKey = (type: OnSaleType, id: number) => ['waitingRoom', type, id] as const;

/**
 * `GET /api/fixtures/{id}/waiting-room`, `GET /api/season-tickets/{id}/waiting-room`: the
 * on-sale's room, null when it has none (or it is closed). One small read, asked for beside the
 * on-sale's own; not retried (a page that cannot tell behaves as if there were no room: the
 * hold paths still ask for an admission, and a refusal leads to the queue).
 */
export const roomQuery = (type: OnSaleType, id: number) =>
  queryOptions({
    queryKey: roomKey(type, id),
    queryFn: () =>
      apiGet<OnSaleRoom>(type === 'fixture' ? `/api/fixtures/${id}/waiting-room` : `/api/season-tickets/${id}/waiting-room`),
    retry: false,
    // Going from the stadium to a block and back reads it again no more than every 10 s.
    staleTime: 10_000,
  });
