import type { Block } from '../../../api-types';

/** What `PUT /api/admin/blocks/{id}` takes: the only two things staff change on a block. */
export function blockChanges(block: Pick<Block, 'gate' | 'season_sellable'>) {
  return { gate: block.gate, season_sellable: block.season_sellable };
}
