import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';

/** `GET /api/admin/system`: where the operator tools live. */
export interface SystemLinks {
  job_board_url: string;
  /** Only set in development, where the simulators run. */
  sim_mailbox_url: string | null;
}

export function useSystemLinks() {
  return useQuery({
    queryKey: ['lario', 'system'],
    queryFn: () => getJson<SystemLinks>('/api/admin/system'),
    staleTime: Infinity,
    retry: false,
  });
}
