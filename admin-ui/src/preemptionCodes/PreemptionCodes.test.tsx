import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aFixture, aSeasonTicket } from '../test/fixtures';
import { answerConfirmation, callsWith, expectColumns, jsonBody, lastListParam, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { PreemptionCode, PreemptionCodesReport } from '../../../api-types';

const CODES = '/api/admin/preemption-codes';

const card: PreemptionCode = {
  id: 1_000_000_000_000_001,
  season_ticket_id: null,
  fixture_id: 7,
  fidelity_card_number_or_fiscal_seal: '0123456789',
  sector_code: 'TC,CN',
};
const seal: PreemptionCode = {
  id: 1_000_000_000_000_002,
  season_ticket_id: null,
  fixture_id: 7,
  fidelity_card_number_or_fiscal_seal: 'A1B2C3D4E5F6',
  sector_code: 'DI',
};

type Routes = Parameters<typeof stubFetch>[0];

function fixtureApi(codes: PreemptionCode[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures/7': { body: aFixture() },
    [CODES]: listRoute('preemption-codes', codes),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const TAB = '/fixtures/7/show/preemption-codes';

function chooseSheet(name: string) {
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name);
  fireEvent.change(screen.getByTestId('preemption-codes-sheet-input'), { target: { files: [file] } });
}

/** The API's 4xx error shape. */
function refusal(status: number, code: string, errors: Record<string, string> = {}) {
  return { status, body: { code, message: 'refused', errors } };
}

describe("a match's pre-emption codes", () => {
  it('lists the rights of the match on their own tab, with their sectors, searched by a start or a sector', async () => {
    const { fetchMock } = fixtureApi([card, seal]);
    const user = userEvent.setup();
    renderAdminApp(TAB);

    // The first page of the file, and the tab's own chunk: give the app time to start.
    const row = (await screen.findByText('0123456789', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(screen.getByRole('tab', { name: 'Codici di prelazione' })).toHaveAttribute('aria-selected', 'true');
    expectColumns(['Tessera o sigillo fiscale', 'Settori']);
    expect(within(row).getByText('TC, CN')).toBeInTheDocument();
    expect(within(await rowShowing('A1B2C3D4E5F6')).getByText('DI')).toBeInTheDocument();
    expect(lastListParam(fetchMock, CODES, 'filter')).toEqual({ fixture_id: 7 });

    await user.type(screen.getByPlaceholderText('Inizio della tessera o del sigillo, o un settore'), 'TC');

    await waitFor(() => expect(lastListParam(fetchMock, CODES, 'filter')).toEqual({ q: 'TC', fixture_id: 7 }));
  });

  it('says when the list is empty, in English', async () => {
    fixtureApi([]);
    renderAdminApp(TAB, { locale: 'en' });

    expect(await screen.findByText('No card and no seal in the list yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pre-emption codes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Card or fiscal seal/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import the sheet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('adds a right with POST, saying in our words a right listed already (409) and unknown sectors (422)', async () => {
    const added: PreemptionCode = { ...card, id: 1_000_000_000_000_003, fidelity_card_number_or_fiscal_seal: 'RSSMRA80', sector_code: 'TC' };
    const { fetchMock } = fixtureApi([card], {
      [`POST ${CODES}`]: [
        refusal(409, 'code_listed'),
        refusal(422, 'validation_failed', { sector_code: 'known sector codes, comma-separated' }),
        { status: 201, body: added },
      ],
    });
    const user = userEvent.setup();
    renderAdminApp(TAB);

    await screen.findByText('0123456789', {}, { timeout: 15_000 });
    const right = screen.getByRole('textbox', { name: /^Tessera o sigillo fiscale/ });
    const sectors = screen.getByRole('textbox', { name: /^Settori/ });
    const add = screen.getByRole('button', { name: 'Aggiungi' });
    expect(add).toBeDisabled();
    await user.type(right, '0123456789');
    await user.type(sectors, 'TC');
    await user.click(add);

    expect(await screen.findByText("Questa tessera o questo sigillo è già nell'elenco.")).toBeInTheDocument();
    expect(right).toHaveAttribute('aria-invalid', 'true');
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      fixture_id: 7,
      fidelity_card_number_or_fiscal_seal: '0123456789',
      sector_code: 'TC',
    });

    await user.clear(right);
    await user.type(right, 'RSSMRA80');
    expect(screen.queryByText("Questa tessera o questo sigillo è già nell'elenco.")).not.toBeInTheDocument();
    await user.clear(sectors);
    await user.type(sectors, 'TC, ZZ');
    await user.click(add);

    expect(await screen.findByText(/^Settori mancanti o sconosciuti/)).toBeInTheDocument();
    expect(sectors).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('known sector codes, comma-separated')).not.toBeInTheDocument();

    await user.clear(sectors);
    await user.type(sectors, 'TC');
    const reads = listReads(fetchMock, CODES).length;
    await user.click(add);

    expect(await screen.findByText("RSSMRA80 aggiunto all'elenco.")).toBeInTheDocument();
    expect(right).toHaveValue('');
    expect(sectors).toHaveValue('');
    await waitFor(() => expect(listReads(fetchMock, CODES).length).toBeGreaterThan(reads));
    expect(jsonBody(callsWith(fetchMock, 'POST')[2])).toEqual({
      fixture_id: 7,
      fidelity_card_number_or_fiscal_seal: 'RSSMRA80',
      sector_code: 'TC',
    });
  });

  it('says a right that is not a card or a seal (422), and a match gone (404), in English', async () => {
    fixtureApi([], {
      [`POST ${CODES}`]: [
        refusal(422, 'validation_failed', { fidelity_card_number_or_fiscal_seal: 'a card number or a fiscal seal' }),
        refusal(404, 'target_not_found'),
      ],
    });
    const user = userEvent.setup();
    renderAdminApp(TAB, { locale: 'en' });

    await screen.findByText('No card and no seal in the list yet.', {}, { timeout: 15_000 });
    await user.type(screen.getByRole('textbox', { name: /^Card or fiscal seal/ }), 'x!');
    await user.type(screen.getByRole('textbox', { name: /^Sectors/ }), 'TC');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Write a card number or a fiscal seal: 3 to 40 letters, digits and dashes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The season ticket or the match no longer exists.')).toBeInTheDocument();
  });

  it('removes a right after a confirmation that names it, with DELETE, and reads the list again', async () => {
    const { fetchMock } = fixtureApi([card, seal], { [`DELETE ${CODES}/${card.id}`]: { body: { id: card.id } } });
    const user = userEvent.setup();
    renderAdminApp(TAB);

    const row = (await screen.findByText('0123456789', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Togli' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Togliere 0123456789 dall'elenco?")).toBeInTheDocument();
    expect(callsWith(fetchMock, 'DELETE')).toEqual([]);
    const reads = listReads(fetchMock, CODES).length;
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText("Tolto dall'elenco.")).toBeInTheDocument();
    const [remove, ...others] = callsWith(fetchMock, 'DELETE');
    expect(others).toHaveLength(0);
    expect(urlOf(remove?.[0] ?? '').pathname).toBe(`${CODES}/${card.id}`);
    await waitFor(() => expect(listReads(fetchMock, CODES).length).toBeGreaterThan(reads));
  });

  it('imports a sheet as base64 for the match and shows what was added and each row refused, with its reason', async () => {
    const report: PreemptionCodesReport = {
      added: 1240,
      rejected: [
        { row: 4, reason: 'bad_right' },
        { row: 9, reason: 'bad_sectors' },
        { row: 12, reason: 'duplicate' },
      ],
    };
    const { fetchMock } = fixtureApi([card], { [`POST ${CODES}/import`]: { body: report } });
    const user = userEvent.setup();
    renderAdminApp(TAB);

    await screen.findByText('0123456789', {}, { timeout: 15_000 });
    chooseSheet('prelazioni.xlsx');
    await screen.findByText('File scelto: prelazioni.xlsx');
    const reads = listReads(fetchMock, CODES).length;
    await user.click(screen.getByRole('button', { name: 'Importa il foglio' }));

    expect(await screen.findByRole('heading', { name: 'Esito di prelazioni.xlsx' })).toBeInTheDocument();
    expect(screen.getByTestId('preemption-codes-added')).toHaveTextContent(
      '1240 diritti aggiunti. Alcune righe non sono state aggiunte: vedi sotto.',
    );
    const rejected = screen.getByRole('table', { name: '3 righe scartate' });
    const rows = within(rejected).getAllByTestId('preemption-codes-rejected-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '4non è un numero di tessera né un sigillo fiscale (da 3 a 40 lettere, cifre e trattini).',
      '9mancano i settori, o lo stadio non ha uno dei settori scritti.',
      "12la tessera o il sigillo è già nell'elenco, o in una riga precedente.",
    ]);
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${CODES}/import`);
    expect(jsonBody(post)).toEqual({ fixture_id: 7, file_name: 'prelazioni.xlsx', file_base64: 'UEsDBA==' });
    await waitFor(() => expect(listReads(fetchMock, CODES).length).toBeGreaterThan(reads));
  });

  it('says when the file is not a sheet (422)', async () => {
    fixtureApi([], { [`POST ${CODES}/import`]: refusal(422, 'validation_failed', { file_base64: 'unreadable' }) });
    const user = userEvent.setup();
    renderAdminApp(TAB);

    await screen.findByText("Nessuna tessera e nessun sigillo nell'elenco, per ora.", {}, { timeout: 15_000 });
    chooseSheet('prelazioni.pdf');
    await screen.findByText('File scelto: prelazioni.pdf');
    await user.click(screen.getByRole('button', { name: 'Importa il foglio' }));

    expect(await screen.findByText('Il file non è un foglio Excel (.xlsx) leggibile.')).toBeInTheDocument();
    expect(screen.queryByTestId('preemption-codes-report')).not.toBeInTheDocument();
  });

  it("exports the match's list as CSV: each right and its sectors", async () => {
    fixtureApi([card, seal]);
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:codes';
      }),
      configurable: true,
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAdminApp(TAB);

    await screen.findByText('0123456789', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Esporta' }));

    await waitFor(() => expect(saved).toEqual(['codici-prelazione-partita-7.csv']));
    const csv = await blobs[0]?.text();
    expect(csv?.split(/\r?\n/)).toEqual([
      'fidelity_card_number_or_fiscal_seal,sector_code',
      '0123456789,"TC,CN"',
      'A1B2C3D4E5F6,DI',
    ]);
  });
});

describe("a season ticket's pre-emption codes", () => {
  it('are on the tab beside its sale phases, listed and added for the season ticket', async () => {
    const season = aSeasonTicket();
    const added: PreemptionCode = { ...card, season_ticket_id: 3, fixture_id: null };
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/season-tickets/3': { body: season },
      [CODES]: listRoute('preemption-codes', [{ ...seal, season_ticket_id: 3, fixture_id: null }]),
      [`POST ${CODES}`]: { status: 201, body: added },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show');

    await user.click(await screen.findByRole('tab', { name: 'Codici di prelazione' }, { timeout: 15_000 }));

    expect(await rowShowing('A1B2C3D4E5F6')).toBeInTheDocument();
    expect(lastListParam(fetchMock, CODES, 'filter')).toEqual({ season_ticket_id: 3 });
    expect(screen.getByText(/per questo abbonamento/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Tessera o sigillo fiscale/ }), '0123456789');
    await user.type(screen.getByRole('textbox', { name: /^Settori/ }), 'TC,CN');
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));

    expect(await screen.findByText("0123456789 aggiunto all'elenco.")).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      season_ticket_id: 3,
      fidelity_card_number_or_fiscal_seal: '0123456789',
      sector_code: 'TC,CN',
    });
  });
});
