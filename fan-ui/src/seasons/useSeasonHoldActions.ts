import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, isApiCode } from '../api/client';
import { lostSeatIds } from '../fixtures/errors';
import { admissionHeaders } from '../queue/admission';
import { useAdmissionRequired } from '../queue/useAdmissionRequired';
import { EMPTY_SEASON_HOLD, seasonHoldKey, seasonKey } from './api';
import { seasonPhasesKey } from './phases';
import type { SeasonHoldView } from '../../../api-types';

/**
 * `POST /api/season-tickets/{id}/hold` `{seat_ids}`: all or nothing, and it replaces the fan's
 * earlier season hold, so the page sends every seat wanted (those held and those just picked).
 * The block and the free counts are read again either way (after a 409 the map is out of date);
 * refused during a pre-emption phase, the phases are. With the waiting room's admission when one
 * is kept for the season ticket; refused for want of one, to the queue.
 */
export function useHoldSeasonSeats(id: number) {
  const queryClient = useQueryClient();
  const toQueue = useAdmissionRequired('season', id);
  return useMutation({
    mutationFn: (seatIds: number[]) =>
      apiSend<SeasonHoldView>('POST', `/api/season-tickets/${id}/hold`, { seat_ids: seatIds }, admissionHeaders('season', id)),
    onSuccess: (hold) => {
      queryClient.setQueryData<SeasonHoldView>(seasonHoldKey(id), hold);
    },
    onError: (error) => {
      if (toQueue(error)) {
        return;
      }
      if (isApiCode(error, 'buyer_limit')) {
        void queryClient.invalidateQueries({ queryKey: seasonHoldKey(id) });
      }
      // Only fans with a right may buy now: the page's banner says which phase, until when.
      if (isApiCode(error, 'preemption_phase')) {
        void queryClient.invalidateQueries({ queryKey: seasonPhasesKey(id) });
      }
    },
    onSettled: (_hold, error) => {
      if (error === null || lostSeatIds(error).length > 0) {
        void queryClient.invalidateQueries({
          queryKey: seasonKey(id),
          predicate: (query) => query.queryKey[2] !== 'hold',
        });
      }
    },
  });
}

/** `DELETE /api/season-tickets/{id}/hold`: every season seat let go in every match. */
export function useReleaseSeasonHold(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<void>('DELETE', `/api/season-tickets/${id}/hold`),
    onSuccess: () => {
      queryClient.setQueryData<SeasonHoldView>(seasonHoldKey(id), EMPTY_SEASON_HOLD);
      void queryClient.invalidateQueries({
        queryKey: seasonKey(id),
        predicate: (query) => query.queryKey[2] !== 'hold',
      });
    },
  });
}
