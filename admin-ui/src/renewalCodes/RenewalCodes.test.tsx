import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsWith, jsonBody, lastListParam, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, renderInAdmin, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { CodeTableReport } from './CodeTableReport';
import type { RenewalCode, RenewalCodesReport } from '../../../api-types';

const CODES = '/api/admin/renewal-codes';

const report: RenewalCodesReport = {
  written: 1412,
  duplicates: [{ code: 'P1-123', seats: ['CC-CC1-3-12', 'CC-CC1-3-14'], rows: [4, 19] }],
  rejected: [
    { row_number: 7, code: 'X-1', seat: 'CC-CC1-3-15', reason: 'bad_code' },
    { row_number: 8, code: 'P1-777', seat: 'ZZ-ZZ1-1-1', reason: 'unknown_seat' },
  ],
};

const codes: RenewalCode[] = [
  { id: 'P1-123', seat_id: 1001, seat_label: 'CC-CC1-3-12' },
  { id: 'P2-9', seat_id: 2002, seat_label: 'TC-TC1-1-1' },
];

function chooseSheet(name: string) {
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name);
  fireEvent.change(screen.getByTestId('codes-sheet-input'), { target: { files: [file] } });
}

describe("a code table's report", () => {
  it('says how many codes were written, each code listed with two seats with its seats and rows, and each row refused', () => {
    renderInAdmin(<CodeTableReport report={report} />);

    expect(screen.getByTestId('codes-written')).toHaveTextContent('1412 codici scritti. Alcune righe non sono state scritte: vedi sotto.');
    const duplicates = screen.getByRole('table', { name: '1 codice con più posti' });
    const duplicate = within(duplicates).getByText('P1-123').closest('tr') as HTMLElement;
    expect(within(duplicate).getByText('CC-CC1-3-12, CC-CC1-3-14')).toBeInTheDocument();
    expect(within(duplicate).getByText('4, 19')).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: '2 righe scartate' });
    const badCode = within(rejected).getByText('X-1').closest('tr') as HTMLElement;
    expect(within(badCode).getByText('7')).toBeInTheDocument();
    expect(within(badCode).getByText('il codice non è valido (P1- o P2- seguito da lettere e cifre).')).toBeInTheDocument();
    const unknownSeat = within(rejected).getByText('P1-777').closest('tr') as HTMLElement;
    expect(within(unknownSeat).getByText(/^lo stadio non ha questo posto/)).toBeInTheDocument();
  });

  it('says so when everything was written, in English', async () => {
    renderInAdmin(<CodeTableReport report={{ written: 1, duplicates: [], rejected: [] }} />, { locale: 'en' });

    expect(await screen.findByTestId('codes-written')).toHaveTextContent('1 code written.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the code table', () => {
  it('imports a sheet as base64 and shows its report, with the duplicate code and the refused rows', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      [`POST ${CODES}/import`]: { body: report },
    });
    const user = userEvent.setup();
    renderAdminApp('/preemption/renewal_codes/import');

    expect(
      await screen.findByRole('heading', { name: 'Importa la tabella dei codici', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    chooseSheet('codici.xlsx');
    await screen.findByText('File scelto: codici.xlsx');
    await user.click(screen.getByRole('button', { name: 'Importa la tabella' }));

    expect(await screen.findByRole('heading', { name: 'Esito di codici.xlsx' })).toBeInTheDocument();
    expect(screen.getByTestId('codes-written')).toHaveAttribute('data-written', '1412');
    expect(screen.getAllByTestId('codes-duplicate')).toHaveLength(1);
    expect(screen.getAllByTestId('codes-rejected-row')).toHaveLength(2);
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${CODES}/import`);
    expect(jsonBody(post)).toEqual({ file_name: 'codici.xlsx', file_base64: 'UEsDBA==' });
  });

  it('says when the file is not a sheet (422)', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      [`POST ${CODES}/import`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { file_base64: 'unreadable' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/preemption/renewal_codes/import', { locale: 'en' });

    await screen.findByRole('heading', { name: 'Import the code table', level: 1 });
    chooseSheet('codes.pdf');
    await screen.findByText('File chosen: codes.pdf');
    await user.click(screen.getByRole('button', { name: 'Import the table' }));

    expect(await screen.findByText('The file is not a readable Excel sheet (.xlsx).')).toBeInTheDocument();
    expect(screen.queryByTestId('codes-report')).not.toBeInTheDocument();
  });

  it('lists the codes and their seats, searched by the start of a code or a seat', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      [CODES]: listRoute('renewal-codes', codes),
    });
    const user = userEvent.setup();
    renderAdminApp('/preemption/renewal_codes');

    const row = await rowShowing('P1-123');
    expect(within(row).getByText('CC-CC1-3-12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importa la tabella dei codici' })).toHaveAttribute(
      'href',
      '/admin/preemption/renewal_codes/import',
    );
    await user.type(screen.getByPlaceholderText('Inizio del codice o del posto'), 'CC-CC1');

    await waitFor(() => expect(lastListParam(fetchMock, CODES, 'filter')).toEqual({ q: 'CC-CC1' }));
  });
});
