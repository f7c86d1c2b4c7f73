import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { logout } from './api';
import { sessionQueryKey } from './useSession';

/** Signs out on the server, forgets the user, and goes to the home page (spec: logout goes to /). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // Already signed out on the server (expired session): the fan is signed out either way.
        if (!(error instanceof ApiError && error.status === 401)) {
          throw error;
        }
      }
    },
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      void navigate('/');
    },
  });
}
