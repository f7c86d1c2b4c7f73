import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { Identity, IdentityInput, Municipality, Nation, Province } from '../../../api-types';

export const identityKey = ['identity'] as const;

/** `GET /api/me/identity`: the fan's identity and where their registration stands. */
export const identityQuery = queryOptions({
  queryKey: identityKey,
  queryFn: () => apiGet<Identity>('/api/me/identity'),
});

/** `PUT /api/me/identity`: the saved identity (its registration starts again, `pending`). */
export function saveIdentity(input: IdentityInput): Promise<Identity> {
  return apiSend<Identity>('PUT', '/api/me/identity', input);
}

/** The places change a few times a year (the API lets browsers keep them for an hour). */
const REFERENCE_STALE_MS = 24 * 60 * 60 * 1000;

/** `GET /api/reference/nations`: nations by their Italian name, with ISO codes. */
export const nationsQuery = queryOptions({
  queryKey: ['reference', 'nations'] as const,
  queryFn: () => apiGet<Nation[]>('/api/reference/nations'),
  staleTime: REFERENCE_STALE_MS,
  gcTime: REFERENCE_STALE_MS,
});

/** `GET /api/reference/provinces`: Italian provinces by name. */
export const provincesQuery = queryOptions({
  queryKey: ['reference', 'provinces'] as const,
  queryFn: () => apiGet<Province[]>('/api/reference/provinces'),
  staleTime: REFERENCE_STALE_MS,
  gcTime: REFERENCE_STALE_MS,
});

/** `GET /api/reference/municipalities?province=CO`: a province's municipalities by name. */
export function municipalitiesQuery(province: string) {
  return queryOptions({
    queryKey: ['reference', 'municipalities', province] as const,
    queryFn: () => apiGet<Municipality[]>(`/api/reference/municipalities?province=${encodeURIComponent(province)}`),
    staleTime: REFERENCE_STALE_MS,
    gcTime: REFERENCE_STALE_MS,
    enabled: province !== '',
  });
}
