import type { PaymentView, ResaleCheck, ResaleListed, ResaleOffer, ResalePurchase } from '../../../api-types';
import { aHolder } from './fixtures';
import { aWalletSeason } from './seasons';

// Resale at face value: Luca Neri's season seat (line 21, Tribuna Centrale, blocco A, fila 1,
// posto 1) offered for Como - Genoa (fixture 100001), and a buyer's purchase of it.

/** The id of the offer most resale tests use. */
export const RESALE_ID = '0193c4d5-e6f7-7a80-9b1c-2d3e4f5a6b7c';

/** The id of the purchase most resale tests use. */
export const PURCHASE_ID = '0193c4d5-e6f7-7a80-9b1c-feedfacecafe';

/**
 * `GET /api/season-seats/21/matches/100001/resale`: the seat may be offered, at most at its face
 * value of 45,00 €, the club keeping 5,00 €, until 17:45 UTC on match day (18:45 in Como).
 */
export function aResaleCheck(overrides: Partial<ResaleCheck> = {}): ResaleCheck {
  return {
    season: aWalletSeason(),
    fixture_id: 100001,
    fixture_title: 'Como - Genoa',
    starts_at: '2026-12-27T18:45:00Z',
    resellable: true,
    refusal_code: null,
    terms: { face_value_cents: 4500, fee_cents: 500, deadline: '2026-12-27T17:45:00Z' },
    offer: null,
    ...overrides,
  };
}

/** The seat's offer at 40,00 €, listed. */
export function aResaleOffer(overrides: Partial<ResaleOffer> = {}): ResaleOffer {
  const price = overrides.price_cents ?? 4000;
  return {
    id: RESALE_ID,
    state: 'listed',
    code: 'RV-7K2P',
    season_line_id: 21,
    fixture_id: 100001,
    fixture_title: 'Como - Genoa',
    starts_at: '2026-12-27T18:45:00Z',
    seat_id: 113,
    seat_label: 'TC-A-1-3',
    sector_name: 'Tribuna Centrale',
    row: '1',
    number: 3,
    gate: 'Varco 1',
    face_value_cents: 4500,
    price_cents: price,
    fee_cents: 500,
    payout_cents: price - 500,
    deadline: '2026-12-27T17:45:00Z',
    reserved_until: null,
    paid_out_at: null,
    payout_manual: false,
    created_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}

/** That offer as the match's list of seats on resale gives it. */
export function aListedResale(overrides: Partial<ResaleListed> = {}): ResaleListed {
  return {
    id: RESALE_ID,
    seat_id: 113,
    block_id: 3,
    seat_label: 'TC-A-1-3',
    sector_name: 'Tribuna Centrale',
    price_cents: 4000,
    face_value_cents: 4500,
    ...overrides,
  };
}

/** Anna Bianchi's purchase of the offer, reserved for ten minutes, not paid yet. */
export function aPurchase(overrides: Partial<ResalePurchase> = {}): ResalePurchase {
  return {
    id: PURCHASE_ID,
    state: 'pending',
    offer: aResaleOffer({ reserved_until: new Date(Date.now() + 10 * 60 * 1000).toISOString() }),
    holder: aHolder({ first_name: 'Anna', last_name: 'Bianchi', birth_date: '1992-05-17', birth_place: 'Lecco', document_number: 'CA7654321' }),
    price_cents: 4000,
    payment_intent_id: 'pi_r1',
    client_secret: 'pi_r1_secret_xyz',
    reserved_until: new Date(Date.now() + 10 * 60 * 1000).toISOString(),
    transfer_id: null,
    transfer_state: null,
    seal: null,
    ...overrides,
  };
}

/** The card payment of the purchase, through the simulator. */
export const RESALE_INTENT: PaymentView = {
  payment_intent_id: 'pi_r1',
  client_secret: 'pi_r1_secret_xyz',
  amount_cents: 4000,
  currency: 'eur',
  publishable_key: 'pk_test_123',
  provider: 'simulator',
  simulator_url: 'http://127.0.0.1:9090',
};
