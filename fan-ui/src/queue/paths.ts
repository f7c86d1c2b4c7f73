import type { OnSaleType } from './room';

/** The query parameter of the queue page naming the on-sale page to go back to at the turn. */
export const FROM_PARAM = 'from';

/** `/queue/fixture/7`: the spec's fixtures_queue and season_queue. */
export function queuePath(type: OnSaleType, id: number, from?: string): string {
  const path = `/queue/${type}/${id}`;
  return from === undefined ? path : `${path}?${FROM_PARAM}=${encodeURIComponent(from)}`;
}

export function parseOnSaleType(value: string | undefined): OnSaleType | null {
  return value === 'fixture' || value === 'season' ? value : null;
}

/** The on-sale's seat map, where the turn leads. */
export function seatMapPath(type: OnSaleType, id: number): string {
  return type === 'fixture' ? `/selectedfixturetickets/${id}` : `/selectedseasonticket/${id}`;
}

/**
 * Where the turn leads: the on-sale page the fan was sent from (`from`: the block they had open,
 * the seats they had picked), when it is one of this on-sale's pages; its seat map otherwise.
 * Never another page or site: the address is the fan's to edit.
 */
export function turnPath(type: OnSaleType, id: number, from: string | null): string {
  const page = type === 'fixture' ? `/selectedfixture(?:tickets)?/${id}` : `/selectedseasonticket/${id}`;
  return from !== null && new RegExp(`^${page}(?:[?#]|$)`).test(from) ? from : seatMapPath(type, id);
}
