import { queryOptions, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet } from '../api/client';
import type { MeView, PublicSettings } from '../../../api-types';

export const sessionQueryKey = ['session'] as const;

/**
 * Whether a failed call means the session is over: none (401), or ended because the fan's
 * e-mail came under a ban (403 `email_banned`; the API removed the cookie).
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'email_banned');
}

/** `GET /api/me`, with an ended session read as "nobody is signed in" (null) rather than as a failure. */
export async function fetchSession(): Promise<MeView | null> {
  try {
    return await apiGet<MeView>('/api/me');
  } catch (error) {
    if (isSessionEnded(error)) {
      return null;
    }
    throw error;
  }
}

export interface Session {
  /** The signed-in user; null when signed out (or when the API cannot say). */
  user: MeView | null;
  /** True until the first answer: do not decide "signed out" before it. */
  isPending: boolean;
}

/** Who is signed in, as the API says (`GET /api/me`). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  // 401 is an answer, not a failure; other failures are not worth retrying on a phone.
  retry: false,
});

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isPending };
}

/**
 * For a write's `onError`: a 401 (or a ban's `email_banned`) means the session ended meanwhile,
 * so the session is read again and the page reacts (sends the fan to sign in, or asks them to).
 */
export function useForgetEndedSession(): (error: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (isSessionEnded(error)) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
    [queryClient],
  );
}

/** Puts the user a sign-in or profile update answered with into the session, at once. */
export function useSetSessionUser(): (user: MeView | null) => void {
  const queryClient = useQueryClient();
  return useCallback((user: MeView | null) => queryClient.setQueryData(sessionQueryKey, user), [queryClient]);
}

// Maintenance is decided on who the user is, so it sits with the session: in a module of its own
// it became a chunk of its own, 0.2 kB more on the home page's budget.

/**
 * `GET /api/settings`: whether the ticket office is in maintenance. The client's 30 s staleTime
 * keeps the home page's check to one small read every 30 s at most, however often the fan comes home.
 */
const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => apiGet<PublicSettings>('/api/settings'),
});

type SettingsPolling = Pick<UseQueryOptions<PublicSettings, Error, PublicSettings, string[]>, 'refetchInterval' | 'refetchOnWindowFocus'>;

/**
 * Whether the user belongs on /maintenance (spec: maintenanceMode): the setting is on and they are
 * not staff (acc_level 1 or 2 keep working); undefined until both answers are in, so nobody is sent
 * either way on a guess. `options` are the settings read's (the maintenance page polls).
 */
export function useMaintenance(options?: SettingsPolling) {
  const settings = useQuery({ ...settingsQuery, ...options });
  // The header's session is read as it is: a page's check is no reason to ask /api/me again.
  const session = useQuery({ ...sessionQuery, refetchOnMount: false });
  const level = session.data?.acc_level;
  const on = settings.data === undefined || session.isPending ? undefined : settings.data.maintenance_mode && level !== 1 && level !== 2;
  return { settings, on };
}
