import type { TFunction } from 'i18next';
import type { SeatLine } from './lineSeat';
import type { HolderDetails, OrderLine } from '../../../../api-types';

/** A line as the check shows it: its seat and holder, and the verdict in the fan's words. */
export type CheckedLine = SeatLine & {
  id: number;
  holder?: HolderDetails | null;
  /** Allowed a title (true), refused (false), or not checked since the holders were saved. */
  eligible?: boolean | null;
  /** Why it was refused, in the fan's words (read only when `eligible` is false). */
  reason: string;
};

/** A match order's lines as the check shows them. */
export function checkedOrderLines(t: TFunction, lines: OrderLine[]): CheckedLine[] {
  return lines.map((line) => ({ ...line, reason: ineligibleText(t, line) }));
}

/**
 * Why a match's holder was refused; a season's reasons `banned` and `card_required` read the same.
 * `right_not_holders`: the pre-emption right the order was bought with is not the holder's.
 */
export function ineligibleText(t: TFunction, line: Pick<OrderLine, 'ineligible_reason'>): string {
  switch (line.ineligible_reason) {
    case 'banned':
      return t('checkout.check.reasons.banned');
    case 'has_title':
      return t('checkout.check.reasons.has_title');
    case 'card_required':
      return t('checkout.check.reasons.card_required');
    case 'buyer_limit':
      return t('checkout.check.reasons.buyer_limit');
    case 'reduction_not_allowed':
      return t('checkout.check.reasons.reduction_not_allowed');
    case 'not_on_sale':
      return t('checkout.check.reasons.not_on_sale');
    // The right (a supporter card, a season ticket's fiscal seal) is not the named holder's.
    case 'right_not_holders':
      return t('checkout.check.reasons.right_not_holders');
    default:
      return t('checkout.check.reasons.other');
  }
}
