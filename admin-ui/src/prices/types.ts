/** A default price (a sector and a reduction) as `GET /api/admin/prices` returns it. */
export interface Price {
  /** `{sector_code}:{reduction_id}`, e.g. `TC:1`. */
  id: string;
  sector_code: string;
  sector_name: string;
  reduction_id: number;
  reduction_code: string;
  reduction_name: string;
  price_cents: number;
}
