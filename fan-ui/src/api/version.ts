import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** `GET /api/version`: which build of Lario is answering. */
export interface VersionInfo {
  name: string;
  version: string;
  git_sha: string;
}

export const versionQueryKey = ['version'] as const;

/** The running build's version; stays in cache for the whole visit. */
export function useAppVersion() {
  return useQuery({
    queryKey: versionQueryKey,
    queryFn: () => apiGet<VersionInfo>('/api/version'),
    staleTime: Infinity,
  });
}
