import type { TFunction } from 'i18next';
import type { HolderField } from '../../orders/holderRules';
import { sectorName } from '../../i18n/serverLabels';
import type { HolderDetails, OrderLine } from '../../../../api-types';

/** What naming a seat needs of a line: a match order's, or a season order's (always a seat). */
export type SeatLine = Pick<OrderLine, 'sector_code' | 'sector_name' | 'block_code' | 'row' | 'number'> & { no_map?: boolean };

/**
 * "Tribuna Centrale, blocco TC1, fila 1, posto 1": a line's seat as the fan reads it; a standing
 * place has no row or seat ("Prato (posti in piedi), posto in piedi").
 */
export function lineSeat(t: TFunction, line: SeatLine): string {
  const sector = sectorName(t, line.sector_code, line.sector_name);
  if (line.no_map) {
    return t('checkout.standingPlace', { sector });
  }
  return t('checkout.seat', { sector, block: line.block_code, row: line.row, number: line.number });
}

/** "Luca Neri", or the seat while the line has no holder yet. */
export function lineHolderName(t: TFunction, line: SeatLine & { holder?: HolderDetails | null }): string {
  return line.holder ? `${line.holder.first_name} ${line.holder.last_name}` : lineSeat(t, line);
}

/** The input id (also its test id) of a line's field: `holder-0-first-name`, `holder-0-reduction`. */
export function holderInputId(index: number, field: HolderField): string {
  return `holder-${index}-${field === 'reduction_id' ? 'reduction' : field.replace(/_/g, '-')}`;
}
