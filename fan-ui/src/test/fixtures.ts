import type { SeatState } from '../fixtures/types';
import type {
  BlockSeats,
  BlockView,
  CardApplication,
  CorporateRequest,
  FanNotification,
  Fixture,
  FixtureDetail,
  HoldView,
  HolderDetails,
  Identity,
  MeView,
  Order,
  OrderLine,
  ReceivedSeasonMatch,
  SavedPerson,
  SeatView,
  SectorView,
  SupporterCard,
  Wallet,
  WalletTicket,
} from '../../../api-types';

/** A signed-in fan as `GET /api/me` returns it; override what a test cares about. */
export function aFan(overrides: Partial<MeView> = {}): MeView {
  return {
    id: '3f6c1a52-0d5e-4c8b-9a71-2e4b5c6d7e8f',
    email: 'luca.rossi@example.it',
    name: 'Luca',
    display_name: 'Luca',
    first_name: 'Luca',
    last_name: 'Rossi',
    language: 'it',
    status: 1,
    acc_level: 100,
    acc_type: 0,
    is_agent: false,
    is_corporate: false,
    planet_is_sponsor: false,
    is_first_time_login: false,
    is_logged_in: true,
    credits: 0,
    user_tier: 0,
    version: '',
    marketing_consent: false,
    profiling_consent: false,
    third_party_consent: false,
    consent_13_years: true,
    created_at: '2026-11-01T10:00:00Z',
    last_login_at: '2026-11-21T09:00:00Z',
    role: 'fan',
    has_password: false,
    ...overrides,
  };
}

/** An identity as `GET /api/me/identity` returns it, registered: Mario Rossi, born in Rome on 1 January 1980, living in Como. */
export function anIdentity(overrides: Partial<Identity> = {}): Identity {
  return {
    first_name: 'Mario',
    last_name: 'Rossi',
    fiscal_code: 'RSSMRA80A01H501U',
    birth_date: '1980-01-01',
    sex: 'M',
    birth_country: 'IT',
    birth_province: 'RM',
    birth_municipality: '058091',
    birth_place: 'Roma',
    residence_country: 'IT',
    residence_province: 'CO',
    residence_municipality: '013075',
    address: 'Via Sinigaglia 1',
    document_type: 'id_card',
    document_number: 'CA1234567',
    phone: '+393331234567',
    registration: 'registered',
    planet_persona_id: 4242,
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** An identity not saved yet (`registration` "none"): every field blank. */
export function noIdentity(): Identity {
  return anIdentity({
    first_name: '',
    last_name: '',
    fiscal_code: '',
    birth_date: null,
    sex: '',
    birth_country: '',
    birth_province: '',
    birth_municipality: '',
    birth_place: '',
    residence_country: '',
    residence_province: '',
    residence_municipality: '',
    address: '',
    document_type: '',
    document_number: '',
    phone: '',
    registration: 'none',
    planet_persona_id: null,
    updated_at: null,
  });
}

/** An upcoming league fixture on sale, as `GET /api/fixtures` lists it. */
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

export function aBlock(overrides: Partial<BlockView> = {}): BlockView {
  return {
    id: 3,
    code: 'A',
    sector_code: 'TC',
    gate: 'Varco 1',
    capacity: 300,
    free: 280,
    no_map: false,
    away: false,
    rows: 12,
    seats_per_row: 25,
    season_sellable: false,
    ...overrides,
  };
}

export function aSector(overrides: Partial<SectorView> = {}): SectorView {
  return {
    code: 'TC',
    name: 'Tribuna Centrale',
    away: false,
    no_map: false,
    capacity: 1800,
    free: 1650,
    from_price_cents: 6000,
    blocks: [aBlock()],
    ...overrides,
  };
}

/** The Sinigaglia as `GET /api/fixtures/7` describes it: eight sectors, a standing one, away. */
export function aFixtureDetail(overrides: Partial<FixtureDetail> = {}): FixtureDetail {
  return {
    ...aFixture(),
    sectors: [
      aSector({ blocks: [aBlock(), aBlock({ id: 4, code: 'B', free: 0, gate: 'Varco 2' })] }),
      aSector({ code: 'TO', name: 'Tribuna Ovest', free: 20, capacity: 1200, from_price_cents: 4500, blocks: [] }),
      aSector({ code: 'DI', name: 'Distinti', from_price_cents: 3500, blocks: [] }),
      aSector({ code: 'DO', name: 'Distinti Ovest', from_price_cents: 3500, blocks: [] }),
      aSector({ code: 'DP', name: 'Distinti Parterre', free: 0, from_price_cents: 3000, blocks: [] }),
      aSector({ code: 'CC', name: 'Curva Como', from_price_cents: 2500, blocks: [] }),
      aSector({
        code: 'OSP',
        name: 'Settore Ospiti',
        away: true,
        from_price_cents: 2500,
        blocks: [aBlock({ id: 30, code: 'OSP1', sector_code: 'OSP', gate: 'Varco 8', away: true })],
      }),
      aSector({
        code: 'PRATO',
        name: 'Prato',
        no_map: true,
        capacity: 500,
        free: 120,
        from_price_cents: 1500,
        blocks: [
          aBlock({ id: 40, code: 'P', sector_code: 'PRATO', gate: 'Varco 9', no_map: true, capacity: 500, free: 120, rows: 0, seats_per_row: 0 }),
        ],
      }),
    ],
    reductions: [{ id: 1, code: 'INTERO', name: 'Intero', rule: 'anyone', prices: { TC: 6000 } }],
    ...overrides,
  };
}

/** A seat of block 3, id 100 + 10 * row + number: row 1 is seats 111 to 115, row 2 is 121 to 125. */
export function aSeat(row: number, number: number, state: SeatState = 'free'): SeatView {
  return { id: 100 + 10 * row + number, row: String(row), number, label: `TC-A-${row}-${number}`, state, resale_id: null };
}

/** Block 3 (TC, A) with two rows of five seats, all free unless `states` says otherwise. */
export function aBlockSeats(states: Record<number, SeatState> = {}, overrides: Partial<BlockSeats> = {}): BlockSeats {
  const seats = [1, 2].flatMap((row) =>
    [1, 2, 3, 4, 5].map((number) => {
      const seat = aSeat(row, number);
      return { ...seat, state: states[seat.id] ?? 'free' };
    }),
  );
  return { block: aBlock({ rows: 2, seats_per_row: 5, capacity: 10, free: 10 }), price_cents: 6000, seats, ...overrides };
}

/** The hold the API answers with for these seats of block 3, kept 30 minutes from now. */
export function aHold(seatIds: number[] = [], standing: HoldView['standing'] = []): HoldView {
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
        price_cents: 6000,
        reduction_id: null,
        named: false,
      };
    }),
    standing,
    expires_at: seatIds.length + standing.length === 0 ? null : new Date(Date.now() + 1800 * 1000).toISOString(),
  };
}

/** The id of the order most checkout tests use. */
export const ORDER_ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** A line of the order: seat `number` of row 1 in Tribuna Centrale, full price, no holder yet. */
export function anOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const number = overrides.number ?? 1;
  return {
    id: 10 + number,
    seat_id: 110 + number,
    label: `TC-TC1-1-${number}`,
    sector_code: 'TC',
    sector_name: 'Tribuna Centrale',
    block_code: 'TC1',
    row: '1',
    number,
    gate: 'Varco 1',
    reduction_id: 1,
    reduction_code: 'INTERO',
    reduction_name: 'Intero',
    price_cents: 6000,
    holder: null,
    eligible: null,
    title: null,
    no_map: false,
    passed_on: false,
    ...overrides,
  };
}

/** A holder the rules accept. */
export function aHolder(overrides: Partial<HolderDetails> = {}): HolderDetails {
  return {
    first_name: 'Luca',
    last_name: 'Neri',
    birth_date: '1990-04-01',
    birth_place: 'Como',
    document_type: 'id_card',
    document_number: 'CA1234567',
    sex: null,
    ...overrides,
  };
}

/** A pending order of two seats for Como - Lazio, its hold ending in 25 minutes. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [anOrderLine(), anOrderLine({ number: 2 })];
  return {
    id: ORDER_ID,
    fixture: { id: 7, title: 'Como - Lazio', competition: 'Serie A 2025-2026', starts_at: '2026-12-06T19:45:00Z' },
    payment_status: 0,
    state: 'pending',
    total_cents: lines.reduce((sum, line) => sum + line.price_cents, 0),
    buyer_email: 'luca.rossi@example.it',
    expires_at: new Date(Date.now() + 25 * 60 * 1000).toISOString(),
    created_at: '2026-11-24T17:00:00Z',
    holders_complete: lines.every((line) => Boolean(line.holder)),
    payment_method: 'card',
    is_order_by_admin: false,
    lines,
    preemption_right: null,
    preemption_card: false,
    ...overrides,
  };
}

/** A ticket of the wallet. */
export function aTicket(overrides: Partial<WalletTicket> = {}): WalletTicket {
  return {
    id: 11,
    order_id: ORDER_ID,
    fixture: { id: 7, title: 'Como - Lazio', competition: 'Serie A 2025-2026', starts_at: '2026-12-06T19:45:00Z' },
    label: 'TC-TC1-1-1',
    sector_code: 'TC',
    sector_name: 'Tribuna Centrale',
    block_code: 'TC1',
    row: '1',
    number: 1,
    gate: 'Varco 1',
    holder_name: 'Luca Neri',
    price_cents: 6000,
    reduction_code: 'INTERO',
    reduction_name: 'Intero',
    no_map: false,
    seal: 'A1B2C3D4E5F6G7H8',
    barcode: 'LARIO-7-11-A1B2C3D4E5F6G7H8',
    state: 'valid',
    issued_at: '2026-11-24T17:05:00Z',
    received: false,
    ...overrides,
  };
}

/** `GET /api/wallet`: these tickets, and these match tickets received from season seats. */
export function aWallet(items: WalletTicket[] = [], received: ReceivedSeasonMatch[] = []): Wallet {
  return { items, received_matches: received };
}

/**
 * A match ticket received from a season seat: Giulia Verdi's seat in the Distinti's block D2,
 * passed on to Anna Bianchi for Como - Genoa.
 */
export function aReceivedMatch(overrides: Partial<ReceivedSeasonMatch> = {}): ReceivedSeasonMatch {
  return {
    transfer_id: '0193b2c3-d4e5-7f60-8a9b-5ea5011a7c40',
    fixture: { id: 100001, title: 'Como - Genoa', competition: 'Serie A 2025-2026', starts_at: '2026-12-27T18:45:00Z' },
    season_name: 'Abbonamento Serie A 2025-2026',
    label: 'DI-D2-7-4',
    sector_name: 'Distinti',
    block_code: 'D2',
    row: '7',
    number: 4,
    gate: 'Varco 3',
    no_map: false,
    holder_name: 'Anna Bianchi',
    reduction_name: 'Intero',
    from_holder_name: 'Giulia Verdi',
    price_cents: 0,
    seal: 'S1E2A3S4O5N6M7T8',
    barcode: 'LARIO-S-100001-21',
    issued_at: '2026-11-26T09:00:05Z',
    ...overrides,
  };
}

/** A notification of `GET /api/notifications`. */
export function aNotification(overrides: Partial<FanNotification> = {}): FanNotification {
  return {
    id: 'n-1',
    kind: 'tickets_issued',
    params: { fixture: 'Como - Lazio', count: 2 },
    order_id: ORDER_ID,
    created_at: '2026-11-24T17:06:00Z',
    read: false,
    ...overrides,
  };
}

/** A corporate request of Luca's as the API returns it: received, not yet decided. */
export function aCorporateRequest(overrides: Partial<CorporateRequest> = {}): CorporateRequest {
  return {
    id: '5b1f0c2e-8d3a-4f6b-9c7e-1a2b3c4d5e6f',
    company_name: 'Lario Serramenti srl',
    vat_number: '02743350130',
    company_email: 'info@larioserramenti.it',
    corporate_user_email: 'luca.rossi@example.it',
    contact_name: 'Giulia Bianchi',
    phone: '+39 031 555 0101',
    message: '',
    language: 'it',
    status: 0,
    created_at: '2026-11-24T17:30:00Z',
    decided_by: null,
    decided_at: null,
    ...overrides,
  };
}

/** A supporter card in Luca's account, issued, held by Luca Neri. */
export function aSupporterCard(overrides: Partial<SupporterCard> = {}): SupporterCard {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    card_number: 'TF0000000001',
    holder_first_name: 'Luca',
    holder_last_name: 'Neri',
    holder_birth_date: '1990-04-01',
    card_state: 'issued',
    expires_on: '2031-11-24',
    created_at: '2026-11-20T10:00:00Z',
    user_id: '3f6c1a52-0d5e-4c8b-9a71-2e4b5c6d7e8f',
    user_email: 'luca.rossi@example.it',
    ...overrides,
  };
}

/**
 * An application for the club's card "Blu nel Cuore" as `GET /api/me/supporter-card-applications`
 * lists it: Luca's own, issued, with its number and expiry.
 */
export function aCardApplication(overrides: Partial<CardApplication> = {}): CardApplication {
  return {
    id: '0b7f3c2e-5a61-4d8e-9f10-2c3d4e5f6a7b',
    user_id: '3f6c1a52-0d5e-4c8b-9a71-2e4b5c6d7e8f',
    user_email: 'luca.rossi@example.it',
    relationship: 'self',
    first_name: 'Luca',
    last_name: 'Rossi',
    fiscal_code: 'RSSLCU85M10C933X',
    birth_date: '1985-08-10',
    sex: 'M',
    birth_place: 'Como',
    state: 'issued',
    card_number: 'BNC0000001',
    expires_on: '2031-11-24',
    refusal_code: null,
    refusal_note: null,
    created_at: '2026-11-20T10:00:00Z',
    decided_at: '2026-11-21T10:00:00Z',
    issued_at: '2026-11-21T10:05:00Z',
    revoked_at: null,
    checked_at: null,
    ...overrides,
  };
}

/**
 * One of the fan's saved people as `GET /api/me/people` lists them: Giulia Rossi, Luca's
 * daughter, born in Como on 30 September 2012, living there.
 */
export function aSavedPerson(overrides: Partial<SavedPerson> = {}): SavedPerson {
  return {
    id: '5c2d8e1a-7b3f-4a60-9d21-8e4f5a6b7c8d',
    relationship: 'child',
    first_name: 'Giulia',
    last_name: 'Rossi',
    fiscal_code: 'RSSGLI12P70C933Y',
    birth_date: '2012-09-30',
    sex: 'F',
    birth_country: 'IT',
    birth_province: 'CO',
    birth_municipality: '013075',
    birth_place: 'Como',
    residence_country: 'IT',
    residence_province: 'CO',
    residence_municipality: '013075',
    address: 'Via Sinigaglia 1',
    document_type: 'id_card',
    document_number: 'CA7654321',
    phone: '',
    updated_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}
