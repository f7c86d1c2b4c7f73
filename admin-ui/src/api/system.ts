import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import type { SystemLinks } from '../../../api-types';

export function useSystemLinks() {
  return useQuery({
    queryKey: ['lario', 'system'],
    queryFn: () => getJson<SystemLinks>('/api/admin/system'),
    staleTime: Infinity,
    retry: false,
  });
}
