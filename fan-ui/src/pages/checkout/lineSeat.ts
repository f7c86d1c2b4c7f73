import type { TFunction } from 'i18next';
import type { HolderField } from '../../orders/holderRules';
import type { OrderLine } from '../../orders/types';
import { isStanding, sectorName } from '../../i18n/serverLabels';

/**
 * "Tribuna Centrale, blocco TC1, fila 1, posto 1": a line's seat as the fan reads it; a standing
 * place has no row or seat ("Prato (posti in piedi), posto in piedi").
 */
export function lineSeat(t: TFunction, line: OrderLine): string {
  const sector = sectorName(t, line.sector_code, line.sector_name);
  if (isStanding(line)) {
    return t('checkout.standingPlace', { sector });
  }
  return t('checkout.seat', { sector, block: line.block_code, row: line.row, number: line.number });
}

/** "Luca Neri", or the seat while the line has no holder yet. */
export function lineHolderName(t: TFunction, line: OrderLine): string {
  return line.holder === null ? lineSeat(t, line) : `${line.holder.first_name} ${line.holder.last_name}`;
}

/** The input id (also its test id) of a line's field: `holder-0-first-name`, `holder-0-reduction`. */
export function holderInputId(index: number, field: HolderField): string {
  return `holder-${index}-${field === 'reduction_id' ? 'reduction' : field.replace(/_/g, '-')}`;
}
