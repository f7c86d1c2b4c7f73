import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aHoldersImport } from '../test/fixtures';
import { callsWith, jsonBody, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { HoldersImport } from '../../../api-types';

const IMPORTS = '/api/admin/holders-imports';
const ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c10';
const IMPORT = `${IMPORTS}/${ID}`;
const SHOW = `/holders-imports/${ID}/show`;

const done = aHoldersImport();
const queued: HoldersImport = { ...done, state: 'queued', total: 0, written: 0, rejected: 0, finished_at: null };
const running: HoldersImport = { ...done, state: 'running', total: 1250, written: 500, rejected: 2, finished_at: null };

type Routes = Parameters<typeof stubFetch>[0];

function importsApi(rows: HoldersImport[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [IMPORTS]: listRoute('holders-imports', rows),
    [IMPORT]: { body: rows[0] ?? done },
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

/** Chooses `name` in the page's file input, as a browser's file dialog does. */
function chooseSheet(testId: string, name: string) {
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId(testId), { target: { files: [file] } });
}

const importReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === IMPORT && init?.method === undefined);

describe("the holders' import", () => {
  it('uploads the sheet for 2025-2026 by default as base64, then opens the import, which moves every second until done', async () => {
    const { routes, fetchMock } = importsApi([], { [`POST ${IMPORTS}`]: { status: 202, body: queued } });
    const user = userEvent.setup();
    renderAdminApp('/preemption/holders_import');

    expect(await screen.findByRole('heading', { name: 'Importa i titolari', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Nessuna importazione dei titolari, per ora.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Stagione' })).toHaveValue('2025-2026');
    expect(screen.getByRole('button', { name: 'Importa il foglio' })).toBeDisabled();
    chooseSheet('holders-sheet-input', 'titolari-2025.xlsx');
    expect(await screen.findByText('File scelto: titolari-2025.xlsx')).toBeInTheDocument();
    routes[IMPORT] = [{ body: queued }, { body: running }, { body: done }];
    await user.click(screen.getByRole('button', { name: 'Importa il foglio' }));

    expect(await screen.findByText('Importazione di titolari-2025.xlsx avviata: i titolari vengono scritti in background.')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(IMPORTS);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(jsonBody(post)).toEqual({ label: '2025-2026', file_name: 'titolari-2025.xlsx', file_base64: 'UEsDBA==' });

    // The import's page: queued, then running, then done, read every second.
    const progress = await screen.findByRole('progressbar', { name: 'Avanzamento' });
    expect(progress).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('500 scritte su 1250')).toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByTestId('holders-import-progress')).toHaveAttribute('data-written', '500');
    await waitFor(() => expect(screen.getByText('Conclusa').closest('[data-state]')).toHaveAttribute('data-state', 'done'), {
      timeout: 15_000,
    });
    expect(screen.getByRole('progressbar', { name: 'Avanzamento' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('1248 scritte su 1250')).toBeInTheDocument();
    expect(screen.getByTestId('holders-import-rejected')).toHaveTextContent('2');
    const settled = importReads(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(importReads(fetchMock).length).toBe(settled);
  });

  it('refuses a season that is not two following years before sending, and says the API refusal of the file', async () => {
    const { fetchMock } = importsApi([], {
      [`POST ${IMPORTS}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { file_base64: 'unreadable' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/preemption/holders_import');

    const label = await screen.findByRole('textbox', { name: 'Stagione' });
    await user.clear(label);
    await user.type(label, '2025-2027');
    chooseSheet('holders-sheet-input', 'titolari.xlsx');
    await screen.findByText('File scelto: titolari.xlsx');
    await user.click(screen.getByRole('button', { name: 'Importa il foglio' }));
    expect(await screen.findByText('La stagione si scrive con i due anni, per esempio 2025-2026.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toEqual([]);

    await user.clear(label);
    await user.type(label, '2026-2027');
    await user.click(screen.getByRole('button', { name: 'Importa il foglio' }));
    expect(await screen.findByText('Il file non è un foglio Excel (.xlsx) leggibile.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toMatchObject({ label: '2026-2027', file_name: 'titolari.xlsx' });
  });

  it('lists the imports newest first, reading them again every second while one is running', async () => {
    const { routes, fetchMock } = importsApi([running]);
    renderAdminApp('/preemption/holders_import', { locale: 'en' });

    const row = await rowShowing('titolari-2025.xlsx');
    expect(within(row).getByText('2025-2026')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByText('500 written of 1,250')).toBeInTheDocument();
    expect(within(row).getByTestId('holders-import-rejected')).toHaveTextContent('2');
    routes[IMPORTS] = listRoute('holders-imports', [done]);

    expect(await within(await rowShowing('titolari-2025.xlsx')).findByText('Done', {}, { timeout: 15_000 })).toBeInTheDocument();
    const reads = listReads(fetchMock, IMPORTS).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(listReads(fetchMock, IMPORTS).length).toBe(reads);
  });

  it('downloads the rejected rows with the session, and says what each reason means', async () => {
    const { fetchMock } = importsApi([done], {
      [`${IMPORT}/rejections`]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="scarti-${ID}.xlsx"`,
        },
      },
    });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:rejections'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    expect(await screen.findByText('Motivi di scarto')).toBeInTheDocument();
    expect(screen.getByText('lo stesso sigillo fiscale è già in una riga precedente.')).toBeInTheDocument();
    // The sheet's optional Email column: a bad address rejects the row.
    expect(screen.getByText('bad_email')).toBeInTheDocument();
    expect(screen.getByText("l'e-mail non è un indirizzo valido.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scarica le righe scartate' }));

    await waitFor(() => expect(saved).toEqual([`scarti-${ID}.xlsx`]));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === `${IMPORT}/rejections`);
    expect(call?.[1]?.credentials).toBe('same-origin');
  });

  it('offers no download when no row was rejected, and says in words why an import failed', async () => {
    importsApi([{ ...done, rejected: 0, written: 0, total: 0, state: 'failed', error: 'missing_columns: Nome, Sigillo Fiscale' }]);
    renderAdminApp(SHOW);

    expect(await screen.findByText('Nel foglio mancano le colonne: Nome, Sigillo Fiscale.')).toBeInTheDocument();
    expect(screen.getByText('Non riuscita')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica le righe scartate' })).toBeDisabled();
    expect(screen.queryByText('Motivi di scarto')).not.toBeInTheDocument();
  });
});
