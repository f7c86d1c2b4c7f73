import type { TransferCheck, TransferView } from '../../../api-types';
import { aTicket } from './fixtures';

/** The id of the change of holder most transfer tests use. */
export const TRANSFER_ID = '0193b2c3-d4e5-7f60-8a9b-1c2d3e4f5a6b';

/** `GET /api/titles/A1B2C3D4E5F6G7H8/transfer`: Luca Neri's ticket, which may be passed on. */
export function aTransferCheck(overrides: Partial<TransferCheck> = {}): TransferCheck {
  return {
    ticket: aTicket(),
    transferable: true,
    refusal_code: null,
    reason: null,
    closes_at: '2026-12-06T19:45:00Z',
    ...overrides,
  };
}

/** That ticket being passed on to Anna Bianchi, as `POST .../transfer` answers it. */
export function aTransferView(overrides: Partial<TransferView> = {}): TransferView {
  return {
    id: TRANSFER_ID,
    state: 'requested',
    fixture_id: 7,
    fixture_title: 'Como - Lazio',
    starts_at: '2026-12-06T19:45:00Z',
    sector_name: 'Tribuna Centrale',
    row: '1',
    number: 1,
    no_map: false,
    from_seal: 'A1B2C3D4E5F6G7H8',
    from_holder_name: 'Luca Neri',
    to_name: 'Anna Bianchi',
    to_email: 'anna.bianchi@example.it',
    refusal_code: null,
    created_at: '2026-11-25T10:00:00Z',
    done_at: null,
    ...overrides,
  };
}
