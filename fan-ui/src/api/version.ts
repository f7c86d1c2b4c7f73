import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';
import type { Version } from '../../../api-types';

export const versionQueryKey = ['version'] as const;

/** The running build's version; stays in cache for the whole visit. */
export function useAppVersion() {
  return useQuery({
    queryKey: versionQueryKey,
    queryFn: () => apiGet<Version>('/api/version'),
    staleTime: Infinity,
  });
}
