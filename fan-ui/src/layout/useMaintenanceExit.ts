import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiCode, MAINTENANCE } from '../api/client';

/**
 * A fan's write refused because the ticket office went into maintenance meanwhile (503
 * `maintenance`) takes them to /maintenance, which brings them home once it is over: every other
 * write would be refused too. One watch on the mutation cache sees every page's writes.
 */
export function useMaintenanceExit(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isApiCode(event.action.error, MAINTENANCE)) {
          void navigate('/maintenance');
        }
      }),
    [queryClient, navigate],
  );
}
