import type { TFunction } from 'i18next';
import { sectorCodes, sectorOpen } from '../../fixtures/rights';
import { sectorName } from '../../i18n/serverLabels';
import type { SeasonDetail } from '../../seasons/api';
import type { Phase } from '../../../../api-types';

/**
 * A change of seat (issue 18): while its phase is on, last season's holders renew choosing
 * another seat. The seat is chosen on the season's map, in the sectors the phase opens, and only
 * kept on the page (no season hold: holds are refused during phases) until the renewal sends it.
 */

/** The seat chosen on a block's map: its venue seat id, and where it is (to name it anywhere on the page). */
export interface ChosenSeat {
  id: number;
  sectorCode: string;
  blockId: number;
  row: string;
  number: number;
}

/** The change of seat on the season's page: the sectors its phase opens, and the seat chosen. */
export interface SeatChoice {
  /** The sectors where a seat may be chosen; null: every sector. */
  open: string[] | null;
  /** The seat chosen; null until the fan chooses one. */
  seat: ChosenSeat | null;
  /** Chooses a seat (null: none); another one replaces it. */
  choose: (seat: ChosenSeat | null) => void;
  /** Lets seat `id` go if it is still the one chosen (the renewal was refused it). */
  forget: (id: number) => void;
}

/** The sectors a change of seat's phase opens ("TC,CC"); null when it names none: every sector. */
export function phaseSectors(phase: Pick<Phase, 'sectors'>): string[] | null {
  const codes = sectorCodes(phase.sectors);
  return codes.length > 0 ? codes : null;
}

/** Whether a seat may be chosen in sector `code` (`open` null: in every sector). */
export function choosableSector(open: string[] | null, code: string): boolean {
  return sectorOpen(open, code);
}

/** "Distinti Ovest, blocco DO1, fila 1, posto 3": the seat as the held seats are named. */
export function chosenSeatLabel(t: TFunction, season: SeasonDetail, seat: ChosenSeat): string {
  const sector = season.sectors.find((candidate) => candidate.code === seat.sectorCode);
  const block = sector?.blocks.find((candidate) => candidate.id === seat.blockId);
  return t('hold.seat', {
    sector: sectorName(t, seat.sectorCode, sector?.name ?? seat.sectorCode),
    block: block?.code ?? String(seat.blockId),
    row: seat.row,
    number: seat.number,
  });
}
