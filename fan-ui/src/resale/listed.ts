import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import { fixtureKey } from '../fixtures/api';
import type { ResaleList } from '../../../api-types';

/** A match's seats on resale, under the fixture's key: whatever reads the fixture again reads them again too. */
export const fixtureResalesKey = (fixtureId: number) => [...fixtureKey(fixtureId), 'resales'] as const;

/** The buyer's page of an offer: `/resale/{id}` (as `./flow` says it, for the resale pages). */
export const resalePath = (resaleId: string) => `/resale/${encodeURIComponent(resaleId)}`;

/**
 * `GET /api/fixtures/{id}/resales`: the match's seats on resale a buyer may take now, cheapest
 * first (the seat map's, on its own: its page's code does not carry the resale pages').
 */
export function useFixtureResales(fixtureId: number) {
  return useQuery({
    queryKey: fixtureResalesKey(fixtureId),
    queryFn: async () => (await apiGet<ResaleList>(`/api/fixtures/${fixtureId}/resales`)).items,
    // Read once for the map and the list beside it; the live stream says when to read it again.
    staleTime: 10_000,
    // Secondary to the map: a failure is not worth a retry, nor a word to the fan.
    retry: false,
  });
}
