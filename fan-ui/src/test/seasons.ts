import type { SeasonDetail } from '../seasons/api';
import type { SeasonHoldView, SeasonTicket } from '../../../api-types';

/** The season ticket on sale, as `GET /api/season-tickets` lists it. */
export function aSeasonTicket(overrides: Partial<SeasonTicket> = {}): SeasonTicket {
  return {
    id: 10000,
    planet_season_type_id: 301,
    name: 'Abbonamento Serie A 2025-2026',
    label: '2025-2026',
    status: 1,
    sub_category: 4,
    created_by: 'COMO',
    per_buyer_limit: 4,
    matches: 19,
    // 18:45 UTC in December and in August: 19:45 and 20:45 in Rome, the same days.
    first_match_at: '2026-12-13T18:45:00Z',
    last_match_at: '2027-08-29T18:45:00Z',
    inventory_ready: true,
    from_price_cents: 33200,
    ...overrides,
  };
}

/**
 * The season ticket as `GET /api/season-tickets/10000` sends it: three matches, Tribuna Centrale
 * (block 3, "A", the seats of `aBlockSeats`) and Curva Como, full price and reductions.
 */
export function aSeasonDetail(overrides: Partial<SeasonDetail> = {}): SeasonDetail {
  return {
    ...aSeasonTicket({ matches: 3, last_match_at: '2027-01-10T18:45:00Z' }),
    fixtures: [
      { id: 100000, title: 'Como - Lazio', competition: 'Serie A 2025-2026', starts_at: '2026-12-13T18:45:00Z' },
      { id: 100001, title: 'Como - Genoa', competition: 'Serie A 2025-2026', starts_at: '2026-12-27T18:45:00Z' },
      { id: 100002, title: 'Como - Hellas Verona', competition: 'Serie A 2025-2026', starts_at: '2027-01-10T18:45:00Z' },
    ],
    sectors: [
      {
        code: 'TC',
        name: 'Tribuna Centrale',
        away: false,
        free: 290,
        blocks: [
          { id: 3, code: 'A', gate: 'Varco 1', capacity: 300, free: 280 },
          { id: 4, code: 'B', gate: 'Varco 1', capacity: 300, free: 10 },
        ],
      },
      {
        code: 'CC',
        name: 'Curva Como',
        away: false,
        free: 750,
        blocks: [{ id: 18, code: 'CC1', gate: 'Varco 4', capacity: 750, free: 750 }],
      },
    ],
    prices: [
      { sector_code: 'TC', reduction_id: 1, reduction_code: 'INTERO', reduction_name: 'Intero', rule: 'anyone', price_cents: 86400 },
      { sector_code: 'TC', reduction_id: 2, reduction_code: 'U14', reduction_name: 'Under 14', rule: 'under_14', price_cents: 34560 },
      { sector_code: 'TC', reduction_id: 4, reduction_code: 'DONNA', reduction_name: 'Donna', rule: 'women', price_cents: 69120 },
      { sector_code: 'CC', reduction_id: 1, reduction_code: 'INTERO', reduction_name: 'Intero', rule: 'anyone', price_cents: 33200 },
    ],
    ...overrides,
  };
}

/** The season hold the API answers with for these seats of block 3, kept 30 minutes from now. */
export function aSeasonHold(seatIds: number[] = []): SeasonHoldView {
  const heldUntil = new Date(Date.now() + 1800 * 1000).toISOString();
  return {
    seats: seatIds.map((id) => {
      const row = Math.floor((id - 100) / 10);
      const number = (id - 100) % 10;
      return {
        id,
        label: `TC-A-${row}-${number}`,
        block_id: 3,
        sector_code: 'TC',
        row: String(row),
        number,
        gate: 'Varco 1',
        price_cents: 86400,
        held_until: heldUntil,
      };
    }),
    expires_at: seatIds.length === 0 ? null : heldUntil,
  };
}
