import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiGet, apiSend, isApiCode } from '../api/client';
import { walletKey } from '../orders/api';
import type { PaymentFlow } from '../orders/flow';
import { admissionHeaders } from '../queue/admission';
import { useAdmissionRequired } from '../queue/useAdmissionRequired';
import { seasonKey } from './api';
import { seasonPhasesKey } from './phases';
import type {
  HoldersRequest,
  MyRenewalRight,
  MyRenewalRights,
  PaymentView,
  RenewalRequest,
  RenewalsRequest,
  RenewalsResult,
  SeasonCheck,
  SeasonOrder,
  SeasonOutcomeView,
  SeasonWallet,
} from '../../../api-types';

/** Query keys; everything of one season order sits under `seasonOrderKey(id)`. */
export const seasonOrderKey = (id: string) => ['seasonOrder', id] as const;
export const seasonIntentKey = (id: string) => ['seasonOrder', id, 'payment'] as const;
/** The last holder check's verdicts: the API does not keep them on the order's lines. */
export const seasonCheckKey = (id: string) => ['seasonOrder', id, 'check'] as const;
/** Under the wallet's key: whatever refreshes the wallet refreshes the season tickets too. */
export const seasonWalletKey = [...walletKey, 'seasons'] as const;

/** The pages of a season order. */
export const seasonCheckoutPath = (id: string) => `/seasonticketcheckout/${id}`;
export const seasonCheckPath = (id: string) => `/seasonticketvrocheck/${id}`;

/** `GET /api/season-orders/{id}`. */
export const seasonOrderQuery = (id: string) =>
  queryOptions({
    queryKey: seasonOrderKey(id),
    queryFn: () => apiGet<SeasonOrder>(`/api/season-orders/${id}`),
    // It changes under the fan (the hold expires, a webhook pays it): never trust an old copy.
    staleTime: 0,
  });

/** A season order's way through payment: the match order's steps with its own calls and pages. */
export const SEASON_FLOW: PaymentFlow = {
  checkoutPath: seasonCheckoutPath,
  thankYouPath: (id) => `/seasonticketcheckout/thankyou/${id}`,
  declinedPath: (id) => `/seasonticketcheckout/declined/${id}`,
  orderKey: seasonOrderKey,
  intentKey: seasonIntentKey,
  requestIntent: (id) => apiSend<PaymentView>('POST', `/api/season-orders/${id}/payment`),
  confirm: (id, clientSecret) =>
    apiSend<SeasonOutcomeView>('POST', `/api/season-orders/${id}/confirm`, { client_secret: clientSecret }),
  // `errors["lines.{id}"]` is each refused line's reason: the check shows them as if just run.
  onHoldersIneligible: (client, id, error) => {
    const refused = new Map<number, string>();
    for (const [key, reason] of Object.entries(error.fieldErrors)) {
      const match = /^lines\.(\d+)$/.exec(key);
      if (match !== null) {
        refused.set(Number(match[1]), reason);
      }
    }
    const order = client.getQueryData<SeasonOrder>(seasonOrderKey(id));
    if (order !== undefined) {
      client.setQueryData<SeasonCheck>(seasonCheckKey(id), {
        lines: order.lines.map((line) => {
          const reason = refused.get(line.id);
          return { line_id: line.id, eligible: reason === undefined, reason: reason ?? null };
        }),
      });
    }
  },
};

/**
 * `POST /api/season-tickets/{id}/checkout`: the fan's season hold becomes a pending order, and the
 * fan goes on to name its holders.
 */
export function useStartSeasonCheckout(seasonId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiSend<SeasonOrder>('POST', `/api/season-tickets/${seasonId}/checkout`),
    onSuccess: (order) => {
      queryClient.setQueryData<SeasonOrder>(seasonOrderKey(order.id), order);
      void navigate(seasonCheckPath(order.id));
    },
    onSettled: () => {
      // The hold is an order now (or was gone): the page's hold and free seats are news.
      void queryClient.invalidateQueries({ queryKey: seasonKey(seasonId) });
    },
  });
}

/**
 * `POST /api/season-tickets/{id}/renewal`: last season's holder renews with their right; the seat
 * kept for them (or, during a change of seat, the seat they chose: `seat_id`) becomes a pending
 * season order already named for them, and the fan goes on to its check and payment as after
 * `useStartSeasonCheckout`. Refused because the phase is not (or no longer) the one the form was
 * for, the phases are read again (the page's banner says what is on now); refused because the
 * chosen seat is no longer free, the season is (its map shows the seat taken). While a waiting
 * room guards the season ticket, with the fan's admission; refused for want of one, to the queue.
 */
export function useRenewSeason(seasonId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toQueue = useAdmissionRequired('season', seasonId);
  return useMutation({
    mutationFn: (request: RenewalRequest) =>
      apiSend<SeasonOrder>('POST', `/api/season-tickets/${seasonId}/renewal`, request, admissionHeaders('season', seasonId)),
    onSuccess: (order) => {
      queryClient.setQueryData<SeasonOrder>(seasonOrderKey(order.id), order);
      void navigate(seasonCheckPath(order.id));
    },
    onError: (error) => {
      if (toQueue(error)) {
        return;
      }
      if (isApiCode(error, 'no_renewal_phase') || isApiCode(error, 'change_of_seat_not_open')) {
        void queryClient.invalidateQueries({ queryKey: seasonPhasesKey(seasonId) });
      } else if (isApiCode(error, 'seat_not_free') || isApiCode(error, 'seat_not_in_phase')) {
        // The seats, and the phase's sectors: the season's key covers both.
        void queryClient.invalidateQueries({ queryKey: seasonKey(seasonId) });
      }
    },
  });
}

/**
 * `POST /api/season-tickets/{id}/renewals`: up to ten renewals at once (a family's), each made or
 * refused on its own. The orders made are kept for their pages; the fan goes on to each from the
 * list. A renewal refused because renewals are not open reads the phases again. With the waiting
 * room's admission, as `useRenewSeason`.
 */
export function useRenewSeasons(seasonId: number) {
  const queryClient = useQueryClient();
  const toQueue = useAdmissionRequired('season', seasonId);
  return useMutation({
    mutationFn: (items: RenewalRequest[]) =>
      apiSend<RenewalsResult>(
        'POST',
        `/api/season-tickets/${seasonId}/renewals`,
        { items } satisfies RenewalsRequest,
        admissionHeaders('season', seasonId),
      ),
    onSuccess: (result) => {
      for (const item of result.items) {
        if (item.order !== null && item.order !== undefined) {
          queryClient.setQueryData<SeasonOrder>(seasonOrderKey(item.order.id), item.order);
        }
      }
      if (result.items.some((item) => item.code === 'no_renewal_phase')) {
        void queryClient.invalidateQueries({ queryKey: seasonPhasesKey(seasonId) });
      }
    },
    onError: (error) => {
      if (!toQueue(error) && isApiCode(error, 'no_renewal_phase')) {
        void queryClient.invalidateQueries({ queryKey: seasonPhasesKey(seasonId) });
      }
    },
  });
}

/** The fan's renewal rights, per fan: another fan signing in on this browser never sees them. */
export const myRenewalRightsKey = (userId: string) => ['renewalRights', userId] as const;

/**
 * `GET /api/me/renewal-rights`: last season's holders whose e-mail is the signed-in fan's (`userId`;
 * nothing is asked for while null), with the code the club e-mailed and the seat it keeps.
 */
export function useMyRenewalRights(userId: string | null) {
  return useQuery({
    queryKey: myRenewalRightsKey(userId ?? ''),
    queryFn: async (): Promise<MyRenewalRight[]> => (await apiGet<MyRenewalRights>('/api/me/renewal-rights')).items,
    enabled: userId !== null,
  });
}

/**
 * `PUT /api/season-orders/{id}/holders`: the form's holders and fares, with each seat's kind
 * (`collection(lineId)`: one ticket per match, or one season title). The answer is the whole
 * order; the last check no longer speaks of these holders, and the payment is asked for again
 * (a new reduction changes the total).
 */
export function useSaveSeasonHolders(id: string, collection: (lineId: number) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HoldersRequest) =>
      apiSend<SeasonOrder>('PUT', `/api/season-orders/${id}/holders`, {
        lines: request.lines.map((line) => ({ ...line, collection: collection(line.id) })),
      }),
    onSuccess: (order) => {
      queryClient.setQueryData<SeasonOrder>(seasonOrderKey(id), order);
      queryClient.removeQueries({ queryKey: seasonCheckKey(id) });
      void queryClient.resetQueries({ queryKey: seasonIntentKey(id) });
    },
  });
}

/** `POST /api/season-orders/{id}/verify`: each holder's verdict, kept for the page. */
export function useVerifySeasonHolders(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<SeasonCheck>('POST', `/api/season-orders/${id}/verify`),
    onSuccess: (check) => {
      queryClient.setQueryData<SeasonCheck>(seasonCheckKey(id), check);
    },
  });
}

/** The last check's verdicts (none before the first check, or since the holders were saved). */
export function useSeasonCheck(id: string) {
  return useQuery({
    queryKey: seasonCheckKey(id),
    queryFn: () => Promise.resolve<SeasonCheck | null>(null),
    // Only ever put here by the check: nothing to ask the API for.
    enabled: false,
    staleTime: Infinity,
  }).data;
}

/** `DELETE /api/season-orders/{id}`: the order is read again (now cancelled), the seats are free again. */
export function useCancelSeasonOrder(order: SeasonOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<unknown>('DELETE', `/api/season-orders/${order.id}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: seasonOrderKey(order.id) });
      void queryClient.invalidateQueries({ queryKey: seasonKey(order.season.id) });
    },
  });
}

/** Whether every line has a holder allowed a title by the last check: the order may be paid. */
export function seasonReadyToPay(order: SeasonOrder, check: SeasonCheck | null | undefined): boolean {
  return (
    order.holders_complete &&
    check !== null &&
    check !== undefined &&
    order.lines.every((line) => check.lines.some((verdict) => verdict.line_id === line.id && verdict.eligible))
  );
}

/**
 * Whether nothing more happens by itself: settled (issued, failed, refunded, cancelled) and, when
 * issued, every collection's match tickets issued too.
 */
export function seasonOrderSettled(order: SeasonOrder): boolean {
  if (order.state === 'issued') {
    return order.lines.every((line) => line.issue_queue_status === 'COMPLETE');
  }
  return ['failed', 'refunded', 'cancelled'].includes(order.state);
}

/** `GET /api/wallet/seasons`: the fan's season seats, each with its matches. */
export function useSeasonWallet() {
  return useQuery({
    queryKey: seasonWalletKey,
    queryFn: async () => (await apiGet<SeasonWallet>('/api/wallet/seasons')).items,
    staleTime: 0,
    // A collection's match tickets arrive one by one: look again while any is being issued.
    refetchInterval: (query) => (query.state.data?.some((item) => item.issue_queue_status === 'PENDING') ? 5000 : false),
  });
}

/** The PDF of a season title, or with `fixtureId` of a collection's match ticket, in the fan's language. */
export function seasonPdfUrl(lineId: number, language: string, fixtureId?: number): string {
  return fixtureId === undefined
    ? `/api/wallet/seasons/${lineId}/pdf?lang=${language}`
    : `/api/wallet/seasons/${lineId}/pdf?fixture=${fixtureId}&lang=${language}`;
}
