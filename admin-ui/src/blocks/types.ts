/** A block of a sector as `GET /api/admin/blocks` returns it. */
export interface Block {
  id: number;
  code: string;
  sector_code: string;
  gate: string | null;
  capacity: number;
  rows: number;
  seats_per_row: number;
  no_map: boolean;
  away: boolean;
  /** Whether season tickets may be sold in this block. */
  season_sellable: boolean;
}

/** What `PUT /api/admin/blocks/{id}` takes: the only two things staff change on a block. */
export function blockChanges(block: Pick<Block, 'gate' | 'season_sellable'>) {
  return { gate: block.gate, season_sellable: block.season_sellable };
}
