import type { TFunction } from 'i18next';

/**
 * "Tribuna Centrale, blocco TC1, fila 1, posto 1": a ticket's seat as the wallet says it; a
 * standing place (a no-map block) has no row or seat ("Prato, blocco P, posto in piedi").
 * `sector` is the sector's name, already in the fan's words.
 */
export function walletSeat(
  t: TFunction,
  sector: string,
  place: { block_code: string; row: string; number: number; no_map: boolean },
): string {
  return place.no_map
    ? t('wallet.standingPlace', { sector, block: place.block_code })
    : t('wallet.seatInBlock', { sector, block: place.block_code, row: place.row, number: place.number });
}
