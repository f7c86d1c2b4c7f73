import type { Fixture, MassIssueTask, OrderRow, SeasonTicket } from '../../../api-types';

/** Como - Lazio on sale, as the admin API lists a fixture; `overrides` change what a test needs. */
export function aFixture(overrides: Partial<Fixture> = {}): Fixture {
  return {
    id: 7,
    planet_event_id: 1001,
    spettacolo_id: 5001,
    title: 'Como - Lazio',
    competition: 'Serie A 2025-2026',
    kind: 'league',
    starts_at: '2026-12-06T19:45:00Z',
    ends_at: '2026-12-06T21:45:00Z',
    status: 1,
    high_risk: false,
    per_buyer_limit: 4,
    inventory_ready: true,
    from_price_cents: 2500,
    free: 11873,
    ...overrides,
  };
}

/** The 2026-27 season ticket, scheduled, as the admin API lists one; `overrides` change what a test needs. */
export function aSeasonTicket(overrides: Partial<SeasonTicket> = {}): SeasonTicket {
  return {
    id: 3,
    planet_season_type_id: 301,
    name: 'Abbonamento 2026-27',
    label: 'Serie A 2026-27',
    status: 0,
    sub_category: 1,
    created_by: 'import',
    per_buyer_limit: 2,
    matches: 19,
    first_match_at: '2026-08-23T16:30:00Z',
    last_match_at: '2027-05-23T18:45:00Z',
    inventory_ready: false,
    from_price_cents: 29000,
    ...overrides,
  };
}

/** A paid and issued order of two seats for Como - Lazio, as the admin API lists an order (`OrderRow`). */
export function anOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51',
    user_id: '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11',
    fixture_id: 7,
    fixture_title: 'Como - Lazio',
    buyer_email: 'fan@example.it',
    payment_status: 1,
    state: 'issued',
    total_cents: 12000,
    lines: 2,
    issued_lines: 2,
    error: null,
    error_code: null,
    retryable: false,
    attempts: 1,
    failed_at: null,
    is_order_by_admin: false,
    payment_method: 'card',
    created_at: '2026-11-24T17:00:00Z',
    ...overrides,
  };
}

/** A finished mass issuing task from a sheet, as `GET /api/admin/mass-issues` gives it. */
export function aMassIssueTask(overrides: Partial<MassIssueTask> = {}): MassIssueTask {
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a70',
    fixture_id: 7,
    fixture_title: 'Como - Lazio',
    file_name: 'sponsor.xlsx',
    source: 'sheet',
    language: 'it',
    created_at: '2026-11-24T17:00:00Z',
    created_by: 'staff@lario.test',
    round: 1,
    total: 2,
    queued: 0,
    issuing: 0,
    finalized: 2,
    unfinalized: 0,
    progress: 100,
    state: 'done',
    finished_at: '2026-11-24T17:03:00Z',
    ...overrides,
  };
}
