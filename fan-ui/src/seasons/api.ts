import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import type {
  SeasonBlockSeats,
  SeasonHoldView,
  SeasonTicketDetail,
  SeasonTicketList,
} from '../../../api-types';

/** A season ticket as `GET /api/season-tickets/{id}` sends it: `matches` counts its `fixtures`. */
export type SeasonDetail = SeasonTicketDetail;

/** Query keys; everything of one season ticket sits under `seasonKey(id)`. */
export const seasonTicketsKey = ['seasonTickets'] as const;
export const seasonKey = (id: number) => ['season', id] as const;
export const seasonBlockKey = (id: number, blockId: number) => ['season', id, 'block', blockId] as const;
export const seasonHoldKey = (id: number) => ['season', id, 'hold'] as const;

/** A season hold with nothing in it: after releasing, or once it expires. */
export const EMPTY_SEASON_HOLD: SeasonHoldView = { seats: [], expires_at: null };

/** `GET /api/season-tickets`: the club's season tickets on sale. */
export const seasonTicketsQuery = queryOptions({
  queryKey: seasonTicketsKey,
  queryFn: async () => (await apiGet<SeasonTicketList>('/api/season-tickets')).items,
});

/** `GET /api/season-tickets/{id}`: its matches, sectors with season blocks, and prices. */
export const seasonTicketQuery = (id: number) =>
  queryOptions({
    queryKey: seasonKey(id),
    queryFn: () => apiGet<SeasonDetail>(`/api/season-tickets/${id}`),
  });

/**
 * `GET /api/season-tickets/{id}/blocks/{block_id}`: the block's seats over the season (free only
 * if free in every covered match). No live stream covers a season: it is read again after each
 * hold and release, and whenever the fan comes back to the page.
 */
export const seasonBlockQuery = (id: number, blockId: number) =>
  queryOptions({
    queryKey: seasonBlockKey(id, blockId),
    queryFn: () => apiGet<SeasonBlockSeats>(`/api/season-tickets/${id}/blocks/${blockId}`),
  });

export function useSeasonTickets() {
  return useQuery(seasonTicketsQuery);
}

export function useSeasonTicket(id: number) {
  return useQuery(seasonTicketQuery(id));
}

export function useSeasonBlock(id: number, blockId: number) {
  return useQuery(seasonBlockQuery(id, blockId));
}

/** `GET /api/season-tickets/{id}/hold`: asked only for a signed-in fan. */
export function useSeasonHold(id: number, signedIn: boolean) {
  return useQuery({
    queryKey: seasonHoldKey(id),
    queryFn: () => apiGet<SeasonHoldView>(`/api/season-tickets/${id}/hold`),
    enabled: signedIn,
    staleTime: 0,
  });
}
