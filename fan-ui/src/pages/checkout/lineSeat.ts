import type { TFunction } from 'i18next';
import type { HolderField } from '../../orders/holderRules';
import { sectorName } from '../../i18n/serverLabels';
import type { OrderLine } from '../../../../api-types';

/**
 * "Tribuna Centrale, blocco TC1, fila 1, posto 1": a line's seat as the fan reads it; a standing
 * place has no row or seat ("Prato (posti in piedi), posto in piedi").
 */
export function lineSeat(t: TFunction, line: OrderLine): string {
  const sector = sectorName(t, line.sector_code, line.sector_name);
  if (line.no_map) {
    return t('checkout.standingPlace', { sector });
  }
  return t('checkout.seat', { sector, block: line.block_code, row: line.row, number: line.number });
}

/** "Luca Neri", or the seat while the line has no holder yet. */
export function lineHolderName(t: TFunction, line: OrderLine): string {
  return line.holder ? `${line.holder.first_name} ${line.holder.last_name}` : lineSeat(t, line);
}

/** The input id (also its test id) of a line's field: `holder-0-first-name`, `holder-0-reduction`. */
export function holderInputId(index: number, field: HolderField): string {
  return `holder-${index}-${field === 'reduction_id' ? 'reduction' : field.replace(/_/g, '-')}`;
}
