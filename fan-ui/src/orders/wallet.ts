import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import { walletKey } from './api';
import type { Wallet } from '../../../api-types';

/**
 * How often the wallet looks again while it is empty. The spec's rule of listing only
 * reservations "modified more than 60 s ago" hid the old app's half-written reservations; here an
 * order has a definite issued state, so the wallet shows every issued ticket at once and filters
 * nothing by age (nor does the API, since issue 15).
 */
const EMPTY_WALLET_POLL_MS = 20_000;

/**
 * `GET /api/wallet`: the fan's issued tickets, soonest match first, and the match tickets passed
 * on to them from season seats. Only the wallet page reads it: not in the first page's code.
 */
export function useWallet() {
  return useQuery({
    queryKey: walletKey,
    queryFn: () => apiGet<Wallet>('/api/wallet'),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.length === 0 && query.state.data.received_matches.length === 0 ? EMPTY_WALLET_POLL_MS : false,
  });
}

/** The PDF of one ticket, in the fan's language (a plain link: the browser downloads it). */
export function ticketPdfUrl(id: number, language: string): string {
  return `/api/wallet/${id}/pdf?lang=${language}`;
}

/** The PDF of a match ticket received from a season seat (`transferId`: its change of holder). */
export function receivedMatchPdfUrl(transferId: string, language: string): string {
  return `/api/wallet/season-matches/${encodeURIComponent(transferId)}/pdf?lang=${language}`;
}

/**
 * A title's phone wallet passes: `apple`, the Apple Wallet `.pkpass` in the fan's language (a
 * plain link: Safari on an iPhone opens it in Wallet, other browsers download it); `google`, the
 * address whose JSON (`GooglePass`) gives the Google Wallet save link.
 */
export interface PhonePasses {
  apple: string;
  google: string;
}

/** A match ticket's passes (`id`: the wallet item's). */
export function ticketPasses(id: number, language: string): PhonePasses {
  return passesAt(`/api/wallet/${id}/pass`, language);
}

/** A season title's passes, or with `fixtureId` those of a collection's match ticket. */
export function seasonPasses(lineId: number, language: string, fixtureId?: number): PhonePasses {
  return passesAt(`/api/wallet/seasons/${lineId}/pass`, language, fixtureId === undefined ? '' : `fixture=${fixtureId}`);
}

/** The passes of a match ticket received from a season seat (`transferId`: its change of holder). */
export function receivedMatchPasses(transferId: string, language: string): PhonePasses {
  return passesAt(`/api/wallet/season-matches/${encodeURIComponent(transferId)}/pass`, language);
}

function passesAt(base: string, language: string, query = ''): PhonePasses {
  return {
    apple: `${base}/apple?${query === '' ? '' : `${query}&`}lang=${language}`,
    google: `${base}/google${query === '' ? '' : `?${query}`}`,
  };
}
