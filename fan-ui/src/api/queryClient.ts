import { QueryClient } from '@tanstack/react-query';

/** The app's one client for server state. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry is enough on a phone: more only delays the error the fan should see.
        retry: 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
