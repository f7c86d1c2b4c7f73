import type { SeasonDetail } from '../seasons/api';
import { aHolder } from './fixtures';
import type {
  MyRenewalRight,
  Phase,
  PhaseKind,
  PhaseTimeline,
  SeasonHoldView,
  SeasonOrder,
  SeasonOrderLine,
  SeasonTicket,
  WalletSeason,
} from '../../../api-types';

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
    transfer_limit: 3,
    resale_fee_cents: 500,
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

/** The season order's id in the tests. */
export const SEASON_ORDER_ID = '0193a1b2-c3d4-7e5f-8a9b-5ea50000cafe';

/** A seat of a season order: seat `number` of block A's row 1 in Tribuna Centrale, full price, no holder yet. */
export function aSeasonOrderLine(overrides: Partial<SeasonOrderLine> = {}): SeasonOrderLine {
  const number = overrides.number ?? 1;
  return {
    id: 20 + number,
    seat_id: 110 + number,
    label: `TC-A-1-${number}`,
    sector_code: 'TC',
    sector_name: 'Tribuna Centrale',
    block_code: 'A',
    row: '1',
    number,
    gate: 'Varco 1',
    reduction_id: 1,
    reduction_code: 'INTERO',
    reduction_name: 'Intero',
    price_cents: 86400,
    holder: null,
    collection: false,
    issue_queue_status: 'COMPLETE',
    title: null,
    match_titles: [],
    ...overrides,
  };
}

/** A pending season order of two seats for season ticket 10000, its hold ending in 25 minutes. */
export function aSeasonOrder(overrides: Partial<SeasonOrder> = {}): SeasonOrder {
  const lines = overrides.lines ?? [aSeasonOrderLine(), aSeasonOrderLine({ number: 2 })];
  return {
    id: SEASON_ORDER_ID,
    season: {
      id: 10000,
      name: 'Abbonamento Serie A 2025-2026',
      label: '2025-2026',
      first_match_at: '2026-12-13T18:45:00Z',
      matches: [
        { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', high_risk: false },
        { fixture_id: 100001, title: 'Como - Genoa', starts_at: '2026-12-27T18:45:00Z', high_risk: false },
        { fixture_id: 100002, title: 'Como - Hellas Verona', starts_at: '2027-01-10T18:45:00Z', high_risk: true },
      ],
    },
    payment_status: 0,
    state: 'pending',
    total_cents: lines.reduce((sum, line) => sum + line.price_cents, 0),
    buyer_email: 'luca.rossi@example.it',
    expires_at: new Date(Date.now() + 25 * 60 * 1000).toISOString(),
    created_at: '2026-11-24T17:00:00Z',
    holders_complete: false,
    payment_method: 'card',
    lines,
    renewal: false,
    ...overrides,
  };
}

/** A season seat in the wallet: a season title for the three matches, the first one next. */
export function aWalletSeason(overrides: Partial<WalletSeason> = {}): WalletSeason {
  return {
    line_id: 21,
    order_id: SEASON_ORDER_ID,
    season_name: 'Abbonamento Serie A 2025-2026',
    label: 'TC-A-1-1',
    sector_name: 'Tribuna Centrale',
    block_code: 'A',
    row: '1',
    number: 1,
    gate: 'Varco 1',
    holder_name: 'Luca Neri',
    reduction_name: 'Intero',
    price_cents: 86400,
    collection: false,
    issue_queue_status: 'COMPLETE',
    seal: 'SEAL-SEASON-1',
    barcode: '900000000001',
    matches: [
      { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', passed_to: null, resale: null },
      { fixture_id: 100001, title: 'Como - Genoa', starts_at: '2026-12-27T18:45:00Z', state: 'valid', passed_to: null, resale: null },
      { fixture_id: 100002, title: 'Como - Hellas Verona', starts_at: '2027-01-10T18:45:00Z', state: 'valid', passed_to: null, resale: null },
    ],
    ...overrides,
  };
}

/** A sale phase of season ticket 10000, for every sector. */
export function aPhase(overrides: Partial<Phase> = {}): Phase {
  return {
    id: 1,
    season_ticket_id: 10000,
    fixture_id: null,
    kind: 'renewal',
    name: '',
    starts_at: '2026-06-01T08:00:00Z',
    ends_at: '2026-06-07T22:00:00Z',
    sectors: '',
    source: 'staff',
    released_at: null,
    ...overrides,
  };
}

/**
 * The season's phases as `GET /api/season-tickets/10000/phases` sends them now: `kind` on since
 * yesterday and for two more days (none when null), the free sale next, in three days.
 */
export function aPhaseTimeline(kind: PhaseKind | null = 'renewal'): PhaseTimeline {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
  return {
    current: kind === null ? null : aPhase({ kind, starts_at: at(-1), ends_at: at(2) }),
    next: aPhase({ id: 2, kind: 'free_sale', starts_at: at(3), ends_at: at(60) }),
    now: new Date(now).toISOString(),
  };
}

/** A renewal as `POST /api/season-tickets/10000/renewal` answers it: last season's seat, its holder named. */
export function aRenewalOrder(overrides: Partial<SeasonOrder> = {}): SeasonOrder {
  return aSeasonOrder({
    renewal: true,
    lines: [
      aSeasonOrderLine({
        number: 5,
        holder: aHolder({ first_name: 'Mario', last_name: 'Bianchi', birth_date: '1980-05-17', sex: 'M' }),
      }),
    ],
    ...overrides,
  });
}

/**
 * A holder of last season whose e-mail is the fan's, as `GET /api/me/renewal-rights` lists them:
 * Mario Bianchi, the code the club e-mailed, seat 5 of row 1 in Tribuna Centrale's block A kept
 * for season ticket 10000.
 */
export function aMyRenewalRight(overrides: Partial<MyRenewalRight> = {}): MyRenewalRight {
  return {
    label: '2025-2026',
    first_name: 'Mario',
    last_name: 'Bianchi',
    renewal_code: 'P1-7F3A9C',
    seat_label: 'TC-A-1-5',
    season_ticket_ids: [10000],
    renewed: false,
    ...overrides,
  };
}
