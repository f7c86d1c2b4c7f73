import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SeasonTransferCheck, TransferCheck, TransferView } from '../../../api-types';
import { field } from './checkout';
import { aHolder, aTicket } from './fixtures';
import type { StubCall } from './render';
import { aWalletSeason } from './seasons';

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
    season_line_id: null,
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

/**
 * `GET /api/season-seats/21/matches/100001/transfer`: Luca Neri's season seat, which may be passed
 * on for Como - Genoa; one of its three matches that may be already passed on.
 */
export function aSeasonTransferCheck(overrides: Partial<SeasonTransferCheck> = {}): SeasonTransferCheck {
  return {
    season: aWalletSeason(),
    fixture_id: 100001,
    fixture_title: 'Como - Genoa',
    starts_at: '2026-12-27T18:45:00Z',
    transferable: true,
    refusal_code: null,
    closes_at: '2026-12-27T17:45:00Z',
    transfer_limit: 3,
    transfers_used: 1,
    ...overrides,
  };
}

/** That match being passed on to Anna Bianchi, as `POST .../transfer` answers it. */
export function aSeasonTransferView(overrides: Partial<TransferView> = {}): TransferView {
  return aTransferView({
    fixture_id: 100001,
    fixture_title: 'Como - Genoa',
    starts_at: '2026-12-27T18:45:00Z',
    season_line_id: 21,
    from_seal: 'SEAL-SEASON-1',
    ...overrides,
  });
}

/** The new holder the transfer tests name. */
export const ANNA = aHolder({ first_name: 'Anna', last_name: 'Bianchi', birth_date: '1992-05-17', birth_place: 'Lecco', document_number: 'CA7654321' });

/**
 * The new holder and their e-mail, each field filled at once (typing them key by key is the
 * checkout tests' business: here it only slows the suite down).
 */
export function fillIn(email = ' anna.bianchi@example.it ') {
  const values: [string, string][] = [
    ['Nome', ANNA.first_name],
    ['Cognome', ANNA.last_name],
    ['Data di nascita', ANNA.birth_date],
    ['Luogo di nascita', ANNA.birth_place],
    ['Tipo di documento', ANNA.document_type],
    ['Numero del documento', ANNA.document_number],
  ];
  for (const [label, value] of values) {
    fireEvent.change(field(label, 1), { target: { value } });
  }
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail del nuovo titolare' }), { target: { value: email } });
}

/** Once the form is there: fills it in and sends it. */
export async function fillAndSend(user: UserEvent) {
  await screen.findByLabelText('Nome, biglietto 1');
  fillIn();
  await user.click(screen.getByTestId('transfer-submit'));
}

/** The API's error answer: `status`, `code`, and the fields it names. */
export const refused = (status: number, code: string, errors: Record<string, string> = {}) => ({
  status,
  body: { code, message: 'An English message for developers', errors },
});

/** The form's one POST: Anna Bianchi's details and e-mail (trimmed), with the CSRF token. */
export function expectAnnaSent(calls: StubCall[]) {
  expect(calls).toHaveLength(1);
  expect(calls[0]?.body).toEqual({
    holder: {
      first_name: 'Anna',
      last_name: 'Bianchi',
      birth_date: '1992-05-17',
      birth_place: 'Lecco',
      document_type: 'id_card',
      document_number: 'CA7654321',
      sex: null,
    },
    email: 'anna.bianchi@example.it',
    language: 'it',
  });
  expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
}

/** Sends the form; the API's refusal is said as `text` in the form's alert, the form still there. */
export async function expectFailureSaid(user: UserEvent, text: string | RegExp) {
  await fillAndSend(user);
  expect(await screen.findByTestId('transfer-failure')).toHaveTextContent(text);
  expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
  expect(screen.getByTestId('transfer-submit')).toBeInTheDocument();
}
