import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { Mismatch, MismatchReport } from '../../../api-types';

const REPORT_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4ac0';
const REPORT = `/api/admin/mismatch-reports/${REPORT_ID}`;
const MISMATCHES = '/api/admin/mismatches';
const SHOW = `/mismatch-reports/${REPORT_ID}/show`;

const report: MismatchReport = {
  id: REPORT_ID,
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  state: 'done',
  titles_here: 40,
  titles_there: 41,
  divergences: 5,
  unresolved: 4,
  error: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T09:00:00Z',
  finished_at: '2026-11-25T09:00:12Z',
};

const base = { report_id: REPORT_ID, resolved_at: null, resolution: null };
const stray: Mismatch = {
  ...base,
  id: 3,
  kind: 'unknown_here',
  fixture_id: 7,
  title_id: 123,
  seal: 'A1B2C3D4E5F6',
  here: null,
  there: { label: 'TC-TC1-1-1', holder: 'LUCA NERI', state: 'valid' },
};
const cancelledThere: Mismatch = {
  ...base,
  id: 4,
  kind: 'cancelled_there',
  fixture_id: 7,
  title_id: 124,
  seal: 'B2C3D4E5F6A1',
  here: { label: 'TC-TC1-1-2', holder: 'Anna Bianchi', state: 'valid' },
  there: { label: 'TC-TC1-1-2', holder: 'ANNA BIANCHI', state: 'cancelled' },
};
const otherHolder: Mismatch = {
  ...base,
  id: 5,
  kind: 'different_holder',
  fixture_id: 7,
  title_id: 125,
  seal: 'C3D4E5F6A1B2',
  here: { label: 'TC-TC1-1-3', holder: 'Marco Verdi', state: 'valid' },
  there: { label: 'TC-TC1-1-3', holder: 'Mario Verdi', state: 'valid' },
};
const otherSeat: Mismatch = {
  ...base,
  id: 6,
  kind: 'different_seat',
  fixture_id: 7,
  title_id: 126,
  seal: 'D4E5F6A1B2C3',
  here: { label: 'CU-N-12-30', holder: 'Ugo Rossi', state: 'valid' },
  there: { label: 'CU-N-12-31', holder: 'Ugo Rossi', state: 'valid' },
};
const missing: Mismatch = {
  ...base,
  id: 7,
  kind: 'missing_there',
  fixture_id: 7,
  title_id: 127,
  seal: null,
  here: { label: 'TC-TC2-4-9', holder: 'Sara Galli', state: 'valid' },
  there: null,
  resolved_at: '2026-11-25T09:30:00Z',
  resolution: 'ours cancelled',
};
const all = [stray, cancelledThere, otherHolder, otherSeat, missing];

type Routes = Parameters<typeof stubFetch>[0];

function reportApi(rows: Mismatch[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', []),
    '/api/admin/mismatch-reports': listRoute('mismatch-reports', [report]),
    [REPORT]: { body: report },
    [MISMATCHES]: listRoute('mismatches', rows),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const mismatchReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === MISMATCHES && init?.method === undefined);
const reportReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === REPORT && init?.method === undefined);
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const rowOf = async (seal: string) => (await screen.findByText(seal)).closest('tr') as HTMLElement;

describe("a mismatch report's page", () => {
  it('shows the report and each divergence: its kind explained, the title, ours and theirs side by side', async () => {
    const { fetchMock } = reportApi(all);
    renderAdminApp(SHOW);

    expect(await screen.findByText('Como - Lazio')).toBeInTheDocument();
    expect(screen.getByText('Concluso')).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.getByText('41')).toBeInTheDocument();

    const strayRow = within(await rowOf('A1B2C3D4E5F6'));
    expect(strayRow.getByText('Sconosciuto qui')).toBeInTheDocument();
    expect(
      strayRow.getByText("Emesso e valido nel sistema di biglietteria, ma senza un nostro titolo: un'emissione di troppo."),
    ).toBeInTheDocument();
    expect(strayRow.getByText('Titolo n. 123')).toBeInTheDocument();
    expect(strayRow.getByText('Nessun nostro titolo')).toBeInTheDocument();
    expect(strayRow.getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(strayRow.getByText('LUCA NERI')).toBeInTheDocument();
    expect(strayRow.getByText('Valido')).toBeInTheDocument();
    expect(strayRow.getByText('Da risolvere').closest('[data-status]')).toHaveAttribute('data-status', 'unresolved');

    const cancelledRow = within(await rowOf('B2C3D4E5F6A1'));
    expect(cancelledRow.getByText('Annullato in biglietteria')).toBeInTheDocument();
    expect(cancelledRow.getByText('Annullato nel sistema di biglietteria, ancora valido qui.')).toBeInTheDocument();
    expect(cancelledRow.getByText('Anna Bianchi')).toBeInTheDocument();
    expect(cancelledRow.getByText('ANNA BIANCHI')).toBeInTheDocument();
    expect(cancelledRow.getByText('Annullato')).toBeInTheDocument();

    expect(within(await rowOf('C3D4E5F6A1B2')).getByText('Lo conoscono entrambi, ma con intestatari diversi.')).toBeInTheDocument();
    expect(within(await rowOf('D4E5F6A1B2C3')).getByText('Lo conoscono entrambi, ma su posti diversi.')).toBeInTheDocument();
    const missingRow = within((await screen.findByText('Assente in biglietteria')).closest('tr') as HTMLElement);
    expect(missingRow.getByText('Nostro, ma il sistema di biglietteria non lo conosce.')).toBeInTheDocument();
    expect(missingRow.getByText('Sconosciuto al sistema di biglietteria')).toBeInTheDocument();

    for (const header of ['Discrepanza', 'Sigillo e titolo', 'Qui', 'Nel sistema di biglietteria', 'Esito', 'Azioni']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const query = urlOf(mismatchReads(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ report_id: REPORT_ID });
  });

  it('offers to reconcile only the unresolved divergences, and says what was done for the others', async () => {
    reportApi(all);
    renderAdminApp(SHOW);

    for (const seal of ['A1B2C3D4E5F6', 'B2C3D4E5F6A1', 'C3D4E5F6A1B2', 'D4E5F6A1B2C3']) {
      expect(within(await rowOf(seal)).getByRole('button', { name: 'Riconcilia' })).toBeEnabled();
    }
    const resolved = within((await screen.findByText('Assente in biglietteria')).closest('tr') as HTMLElement);
    expect(resolved.queryByRole('button', { name: 'Riconcilia' })).not.toBeInTheDocument();
    expect(resolved.getByText('Risolta').closest('[data-status]')).toHaveAttribute('data-status', 'resolved');
    // 09:30 UTC is 10:30 in Como.
    expect(
      resolved.getByText('Il nostro biglietto è stato annullato e il posto è tornato libero. 25/11/26, 10:30:00'),
    ).toBeInTheDocument();
  });

  it('shows all, the unresolved or the resolved divergences', async () => {
    const { fetchMock } = reportApi(all);
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale: 'en' });

    await rowOf('A1B2C3D4E5F6');
    const show = screen.getByRole('group', { name: 'Show' });
    await user.click(within(show).getByRole('button', { name: 'Unresolved' }));
    await waitFor(() => {
      const query = urlOf(mismatchReads(fetchMock).at(-1)?.[0] ?? '').searchParams;
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ report_id: REPORT_ID, resolved: false });
    });
    await user.click(within(show).getByRole('button', { name: 'Resolved' }));
    await waitFor(() => {
      const query = urlOf(mismatchReads(fetchMock).at(-1)?.[0] ?? '').searchParams;
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ report_id: REPORT_ID, resolved: true });
    });
  });

  it.each([
    [
      'C3D4E5F6A1B2',
      otherHolder,
      "Il nostro biglietto prende l'intestatario del sistema di biglietteria, Mario Verdi, al posto di Marco Verdi: il sistema di biglietteria tiene il registro fiscale. Non si può se Mario Verdi ha già un altro posto per questa partita.",
    ],
    [
      'D4E5F6A1B2C3',
      otherSeat,
      'Il nostro biglietto passa al posto del sistema di biglietteria, CU-N-12-31, e il posto CU-N-12-30 torna libero. Non si può se CU-N-12-31 è già occupato qui.',
    ],
    [
      'B2C3D4E5F6A1',
      cancelledThere,
      'Il nostro biglietto per il posto TC-TC1-1-2 viene segnato come annullato, come nel sistema di biglietteria, e il posto torna libero.',
    ],
  ] as const)('reconciles %s after a confirmation that says what will happen, then reads the page again', async (seal, mismatch, content) => {
    const resolved = { ...mismatch, resolved_at: '2026-11-25T10:00:00Z', resolution: 'ours reconciled' };
    const { routes, fetchMock } = reportApi(all, {
      [`POST ${MISMATCHES}/${mismatch.id}/reconcile`]: { body: resolved },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(within(await rowOf(seal)).getByRole('button', { name: 'Riconcilia' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Riconciliare il titolo ${seal}?`)).toBeInTheDocument();
    expect(within(dialog).getByText(content)).toBeInTheDocument();
    // Nothing is sent before the confirmation.
    expect(posts(fetchMock)).toHaveLength(0);
    const readsBefore = mismatchReads(fetchMock).length;
    const reportReadsBefore = reportReads(fetchMock).length;
    routes[MISMATCHES] = listRoute(
      'mismatches',
      all.map((row) => (row.id === mismatch.id ? resolved : row)),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Discrepanza riconciliata.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${MISMATCHES}/${mismatch.id}/reconcile`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(mismatchReads(fetchMock).length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(reportReads(fetchMock).length).toBeGreaterThan(reportReadsBefore));
    // Reconciled: no button any more.
    await waitFor(() => expect(within(screen.getByText(seal).closest('tr') as HTMLElement).queryByRole('button', { name: 'Riconcilia' })).not.toBeInTheDocument());
  });

  it('asks the ticketing system to cancel a stray title, and follows the job until it is done', async () => {
    const requested = { ...stray, resolution: 'cancel_requested' };
    const { routes, fetchMock } = reportApi([stray], {
      [`POST ${MISMATCHES}/3/reconcile`]: { status: 202, body: requested },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale: 'en' });

    await user.click(within(await rowOf('A1B2C3D4E5F6')).getByRole('button', { name: 'Reconcile' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Title A1B2C3D4E5F6 is cancelled in the ticketing system by a background job: the divergence is resolved once it is. Nothing changes here.',
      ),
    ).toBeInTheDocument();
    routes[MISMATCHES] = listRoute('mismatches', [requested]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Cancellation asked of the ticketing system: the divergence is resolved as soon as it is done.'),
    ).toBeInTheDocument();
    const row = within(await rowOf('A1B2C3D4E5F6'));
    expect(await row.findByText('Being cancelled')).toBeInTheDocument();
    expect(row.getByText('A job is cancelling the title in the ticketing system.')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Reconcile' })).not.toBeInTheDocument();

    // Read again every second until the job has cancelled it, then the report too.
    const reportReadsBefore = reportReads(fetchMock).length;
    routes[MISMATCHES] = listRoute('mismatches', [
      { ...stray, resolved_at: '2026-11-25T10:00:00Z', resolution: 'cancelled in the ticketing system' },
    ]);
    expect(await screen.findByText(/^The title was cancelled in the ticketing system\./, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(await rowOf('A1B2C3D4E5F6')).getByText('Resolved').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'resolved',
    );
    await waitFor(() => expect(reportReads(fetchMock).length).toBeGreaterThan(reportReadsBefore));
    const settled = mismatchReads(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mismatchReads(fetchMock).length).toBe(settled);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { fetchMock } = reportApi(all);
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(within(await rowOf('D4E5F6A1B2C3')).getByRole('button', { name: 'Riconcilia' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['it', 'Riconcilia', 'Conferma', 'already_resolved', 'Questa discrepanza è già stata riconciliata, oppure la sua riconciliazione è già in corso.'],
    ['en', 'Reconcile', 'Confirm', 'already_resolved', 'This divergence was already reconciled, or its reconciliation is under way.'],
    ['it', 'Riconcilia', 'Conferma', 'holder_conflict', "L'intestatario del sistema di biglietteria ha già un altro posto per questa partita: risolvi prima quello."],
    ['en', 'Reconcile', 'Confirm', 'seat_conflict', "The ticketing system's seat is taken here: free it first."],
  ] as const)('in %s, says in its own words when reconciling is refused (409 %s)', async (locale, action, confirm, code, message) => {
    const { fetchMock } = reportApi(all, {
      [`POST ${MISMATCHES}/5/reconcile`]: { status: 409, body: { code, message: 'Conflict', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale });

    await user.click(within(await rowOf('C3D4E5F6A1B2')).getByRole('button', { name: action }));
    const readsBefore = mismatchReads(fetchMock).length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
    // Someone may have been first: the page is read again to show where it stands.
    await waitFor(() => expect(mismatchReads(fetchMock).length).toBeGreaterThan(readsBefore));
  });

  it('says when the comparison failed, and runs a new one for the same match', async () => {
    const failed: MismatchReport = { ...report, state: 'failed', error: 'ticketing: GetGiornale answered 503', titles_here: null, titles_there: null };
    const next: MismatchReport = { ...report, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4ac1', state: 'queued' };
    const { fetchMock } = reportApi([], {
      [REPORT]: { body: failed },
      'POST /api/admin/mismatch-reports': { status: 201, body: next },
      [`/api/admin/mismatch-reports/${next.id}`]: { body: next },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    expect(await screen.findByText('Il confronto non è riuscito: avviane un altro per questa partita.')).toBeInTheDocument();
    expect(screen.getByText('ticketing: GetGiornale answered 503')).toBeInTheDocument();
    expect(mismatchReads(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Avvia un nuovo confronto' }));

    expect(await screen.findByText('Confronto avviato per Como - Lazio: il report si prepara in background.')).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual({ fixture_id: 7 });
    expect(await screen.findByText('Il confronto è in corso: le discrepanze compaiono qui appena finisce.')).toBeInTheDocument();
  });
});
