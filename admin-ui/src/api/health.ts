import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';

/** `GET /api/health`: 200 when healthy, 503 (same body) when not. */
export interface Health {
  status: 'ok' | 'degraded';
  database: { ok: boolean };
  migrations: { ok: boolean; applied: number; pending: number };
  jobs: { ok: boolean; pending: number; running: number; failed: number; dead: number };
}

/** The system's health, refreshed every 15 s while the dashboard is open. */
export function useHealth() {
  return useQuery({
    queryKey: ['lario', 'health'],
    queryFn: () => getJson<Health>('/api/health', [503]),
    refetchInterval: 15_000,
    retry: false,
  });
}
