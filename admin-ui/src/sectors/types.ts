/** A stadium sector as `GET /api/admin/sectors` returns it; its id is its code. */
export interface Sector {
  id: string;
  code: string;
  name: string;
  /** The away supporters' sector. */
  away: boolean;
  /** Standing or unnumbered: sold by quantity, without a seat map. */
  no_map: boolean;
  capacity: number;
  /** How many blocks the sector has. */
  blocks: number;
}

/** "TC · Tribuna Centrale" */
export function sectorOptionText(sector: Pick<Sector, 'code' | 'name'>): string {
  return `${sector.code} · ${sector.name}`;
}
