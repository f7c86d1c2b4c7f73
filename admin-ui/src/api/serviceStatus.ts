import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import type { ServiceStatusReport } from '../../../api-types';

export const SERVICE_STATUS_QUERY_KEY = ['lario', 'service-status'] as const;

/**
 * Every service checked now, read again every `refetchInterval` ms (or only on demand, with
 * `refetch`, when false). Each answer takes as long as the slowest check, up to 5 s.
 */
export function useServiceStatus(refetchInterval: number | false) {
  return useQuery({
    queryKey: SERVICE_STATUS_QUERY_KEY,
    queryFn: () => getJson<ServiceStatusReport>('/api/admin/service-status'),
    refetchInterval,
    retry: false,
  });
}
