import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { getJson } from './http';
import type { SeasonTicketDetail } from '../../../api-types';

/**
 * `GET /api/season-tickets/{id}`: a season ticket on sale with its matches, sectors and season
 * prices by sector and reduction (the reductions sold with it, whom each is for). The admin API's
 * season ticket has no prices; this is the sale's own read, the one fans see. Not read until a
 * season ticket is chosen; 404 for one not on sale this season.
 */
export function useSeasonTicketDetail(id: Identifier | undefined) {
  return useQuery({
    queryKey: ['lario', 'season-ticket-detail', String(id)],
    queryFn: () => getJson<SeasonTicketDetail>(`/api/season-tickets/${encodeURIComponent(String(id))}`),
    enabled: id !== undefined,
    retry: false,
  });
}
