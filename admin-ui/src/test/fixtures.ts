import type {
  BacklogLine,
  Fixture,
  HoldersImport,
  MassIssueTask,
  OrderRow,
  PhaseView,
  RenewalMailing,
  SeasonOrder,
  SeasonOrderRow,
  SeasonTicket,
} from '../../../api-types';
import type { WaitingRoomView } from '../waitingRooms/types';

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
    transfers_open: true,
    transfer_closes_hours: null,
    postponed: false,
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
    transfer_limit: 3,
    resale_fee_cents: 200,
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
    season_ticket_id: null,
    collection: false,
    title: 'Como - Lazio',
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

/**
 * An issued season order of two seats of the 2026-27 season ticket (one a collection of its 19
 * matches), as `GET /api/admin/season-orders` lists it; `overrides` change what a test needs.
 */
export function aSeasonOrderRow(overrides: Partial<SeasonOrderRow> = {}): SeasonOrderRow {
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01',
    season_ticket_id: 3,
    season_name: 'Abbonamento 2026-27',
    buyer_email: 'abbonato@example.it',
    payment_status: 1,
    state: 'issued',
    payment_method: 'card',
    total_cents: 58000,
    seats: 2,
    collections: 1,
    titles_issued: 20,
    titles_expected: 20,
    error: null,
    attempts: 1,
    created_at: '2026-07-01T08:00:00Z',
    paid_at: '2026-07-01T08:05:00Z',
    failed_at: null,
    ...overrides,
  };
}

/** A collection of the 2026-27 season ticket still waiting for match titles, as the backlog lists it. */
export function aBacklogLine(overrides: Partial<BacklogLine> = {}): BacklogLine {
  return {
    id: 41,
    order_id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01',
    season_name: 'Abbonamento 2026-27',
    seat_label: 'TC-TC1-1-1',
    sector_name: 'Tribuna Centrale',
    holder_name: 'Luca Neri',
    buyer_email: 'abbonato@example.it',
    order_state: 'issuing',
    titles_issued: 5,
    titles_expected: 19,
    issue_requested_at: '2026-07-01T08:05:01Z',
    paid_at: '2026-07-01T08:05:00Z',
    ...overrides,
  };
}

/**
 * A season order of the 2026-27 season ticket covering two matches: a season title for Luca
 * Neri, and Giulia Rossi's collection with the first match's title issued.
 */
export function aSeasonOrder(overrides: Partial<SeasonOrder> = {}): SeasonOrder {
  const holder = {
    birth_date: '1990-04-01',
    birth_place: 'Como',
    document_type: 'id_card',
    document_number: 'CA12345AB',
    sex: 'M',
  };
  const line = {
    sector_code: 'TC',
    sector_name: 'Tribuna Centrale',
    block_code: 'TC1',
    row: '1',
    gate: 'Varco 1',
    reduction_id: 1,
    reduction_code: 'INT',
    reduction_name: 'Intero',
    price_cents: 29000,
  };
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01',
    season: {
      id: 3,
      name: 'Abbonamento 2026-27',
      label: 'Serie A 2026-27',
      first_match_at: '2026-08-23T16:30:00Z',
      matches: [
        { fixture_id: 7, title: 'Como - Lazio', starts_at: '2026-08-23T16:30:00Z', high_risk: false },
        { fixture_id: 8, title: 'Como - Inter', starts_at: '2026-09-13T18:45:00Z', high_risk: true },
      ],
    },
    payment_status: 1,
    state: 'issuing',
    total_cents: 58000,
    buyer_email: 'abbonato@example.it',
    expires_at: null,
    created_at: '2026-07-01T08:00:00Z',
    holders_complete: true,
    payment_method: 'card',
    renewal: false,
    lines: [
      {
        ...line,
        id: 40,
        seat_id: 1001,
        label: 'TC-TC1-1-1',
        number: 1,
        holder: { ...holder, first_name: 'Luca', last_name: 'Neri' },
        collection: false,
        issue_queue_status: 'COMPLETE',
        title: { seal: 'SEASON0000000001', barcode: '8001000000000001', state: 'valid', issued_at: '2026-07-01T08:06:00Z' },
        match_titles: [],
      },
      {
        ...line,
        id: 41,
        seat_id: 1002,
        label: 'TC-TC1-1-2',
        number: 2,
        holder: { ...holder, first_name: 'Giulia', last_name: 'Rossi', sex: 'F' },
        collection: true,
        issue_queue_status: 'PENDING',
        title: null,
        match_titles: [
          { fixture_id: 7, seal: 'MATCH00000000007', barcode: '8001000000000007', state: 'valid', issued_at: '2026-07-01T08:07:00Z' },
        ],
      },
    ],
    ...overrides,
  };
}

/**
 * The 2026-27 season ticket's renewal phase set by staff, all of June 2099 (not started, whatever
 * the day the tests run), with its live counts; `overrides` change what a test needs.
 */
export function aPhase(overrides: Partial<PhaseView> = {}): PhaseView {
  return {
    id: 5,
    season_ticket_id: 3,
    fixture_id: null,
    kind: 'renewal',
    name: '',
    starts_at: '2099-06-01T08:00:00Z',
    ends_at: '2099-06-30T20:00:00Z',
    sectors: '',
    source: 'staff',
    released_at: null,
    counts: { eligible: 1240, kept: 1187, used: 312, sold: 318 },
    ...overrides,
  };
}

/** A sheet of 2025-2026 holders imported whole, but for two rejected rows, as the admin API gives it. */
export function aHoldersImport(overrides: Partial<HoldersImport> = {}): HoldersImport {
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c10',
    label: '2025-2026',
    file_name: 'titolari-2025.xlsx',
    state: 'done',
    total: 1250,
    written: 1248,
    rejected: 2,
    error: null,
    created_at: '2026-11-24T17:00:00Z',
    finished_at: '2026-11-24T17:00:09Z',
    ...overrides,
  };
}

/** The renewal codes of 2025-2026 e-mailed to the holders of season ticket 3, done; `overrides` change what a test needs. */
export function aRenewalMailing(overrides: Partial<RenewalMailing> = {}): RenewalMailing {
  return {
    id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d20',
    season_ticket_id: 3,
    label: '2025-2026',
    state: 'done',
    total: 1180,
    sent: 1180,
    skipped: 60,
    error: null,
    created_at: '2026-11-25T09:00:00Z',
    finished_at: '2026-11-25T09:04:10Z',
    ...overrides,
  };
}

/**
 * The waiting room of Como - Lazio's on-sale, open: its line opened at 09:00 and the sale at 10:00
 * (Como time) on 1 December, 300 fans admitted a minute; `overrides` change what a test needs.
 */
export function aWaitingRoom(overrides: Partial<WaitingRoomView> = {}): WaitingRoomView {
  return {
    id: 5,
    fixture_id: 7,
    season_ticket_id: null,
    target_title: 'Como - Lazio',
    prequeue_opens_at: '2026-12-01T08:00:00Z',
    opens_at: '2026-12-01T09:00:00Z',
    admit_per_minute: 300,
    max_shopping: 1000,
    admission_seconds: 600,
    paused: false,
    closed_at: null,
    admitted: 3600,
    placed: 18000,
    shuffled_at: '2026-12-01T09:00:01Z',
    state: 'open',
    counts: {
      waiting: 14400,
      admitted: 3600,
      shopping: 820,
      done: 2650,
      admitted_last_minute: 287,
      wait_at_back_seconds: 2880,
    },
    ...overrides,
  };
}
