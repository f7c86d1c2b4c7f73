import type { ResaleOffer, ResaleState } from '../../../api-types';

/**
 * Where a season seat's offer for one match is: listed (on the seat map), sold (paid, the change
 * of holder under way), completed (the buyer holds the title, the seller is paid back), failed
 * (the change was refused: the buyer is paid back), withdrawn by the seller, expired at its
 * deadline, cancelled by staff.
 */
export const RESALE_STATES = [
  'listed',
  'sold',
  'completed',
  'failed',
  'withdrawn',
  'expired',
  'cancelled',
] as const satisfies readonly ResaleState[];

/** The offers' list (react-admin's own list route of the `resales` resource). */
export const RESALES_PATH = '/resales';

/** Only a listed offer can be cancelled by staff (the API answers 409 `offer_closed` otherwise). */
export function canCancelResale(offer: Pick<ResaleOffer, 'state'>): boolean {
  return offer.state === 'listed';
}

/**
 * The seller of a completed offer is owed a payout by hand (their season ticket was not paid by
 * card) that staff have not recorded yet: the API answers 409 `no_manual_payout` otherwise.
 */
export function owesManualPayout(offer: Pick<ResaleOffer, 'state' | 'payout_manual' | 'paid_out_at'>): boolean {
  return offer.state === 'completed' && offer.payout_manual && !offer.paid_out_at;
}

/** A buyer is paying for the listed offer now: it is theirs until `reserved_until`. */
export function isReserved(offer: Pick<ResaleOffer, 'state' | 'reserved_until'>, now: number = Date.now()): boolean {
  if (offer.state !== 'listed' || offer.reserved_until === null || offer.reserved_until === undefined) {
    return false;
  }
  const until = new Date(offer.reserved_until).getTime();
  return !Number.isNaN(until) && until > now;
}

export type { ResaleOffer, ResaleState };
