import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import type { QueueCounts } from '../../../api-types';

/** One service as `GET /api/admin/service-status` checked it just now, with its last hour. */
export interface ServiceStatus {
  /** `ticketing`, `payments`, `mail` or `database`. */
  id: string;
  /** It answered the check. */
  ok: boolean;
  /** How long the check took (at most about 5 s: then it counts as no answer). */
  latency_ms: number;
  /** Why it did not answer. */
  error: string | null;
  calls_last_hour: number;
  errors_last_hour: number;
  /** Null without calls in the last hour. */
  avg_ms_last_hour: number | null;
  /** The last hour's latest error, and when. */
  last_error: string | null;
  last_error_at: string | null;
}

/** `GET /api/admin/service-status`. */
export interface ServiceStatusReport {
  checked_at: string;
  services: ServiceStatus[];
  /** As `GET /api/admin/job-queues` counts them. */
  queues: QueueCounts[];
}

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
