import type { WalletMatch } from '../../../api-types';

/** Whether a season seat's match is on resale now (listed, or sold and being passed on to the buyer). */
export function onResale(match: WalletMatch): boolean {
  return match.resale?.state === 'listed' || match.resale?.state === 'sold';
}
