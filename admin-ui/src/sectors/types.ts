import type { Sector } from '../../../api-types';

/** "TC · Tribuna Centrale" */
export function sectorOptionText(sector: Pick<Sector, 'code' | 'name'>): string {
  return `${sector.code} · ${sector.name}`;
}
