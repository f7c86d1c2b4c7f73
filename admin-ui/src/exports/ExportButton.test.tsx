import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { dataProvider } from '../dataProvider';
import { ExportButton } from './ExportButton';
import type { Export } from '../../../api-types';

const EXPORTS = '/api/admin/exports';

const queued: Export = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a90',
  kind: 'fixture',
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  state: 'queued',
  rows_total: null,
  rows_done: 0,
  progress: 0,
  file_name: 'partita-como-lazio.xlsx',
  size_bytes: null,
  error: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T09:00:00Z',
  finished_at: null,
  expires_at: '2026-11-26T09:00:00Z',
};

type Props = Parameters<typeof ExportButton>[0];

function renderButton(props: Props, locale: 'it' | 'en' = 'it') {
  const user = userEvent.setup();
  renderInAdmin(
    <>
      <ExportButton {...props} />
      <Notification />
    </>,
    { locale, dataProvider },
  );
  return user;
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

/** Catches the file the button hands to the browser, by the name it is saved under. */
function catchDownloads() {
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:export'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href.startsWith('blob:')) {
      saved.push(this.download);
    }
  });
  return saved;
}

const ONE = `${EXPORTS}/${queued.id}`;

describe('ExportButton in one click', () => {
  it('follows the export beside the button, every second, and offers its file when written', async () => {
    const downloads = catchDownloads();
    const routes: Parameters<typeof stubFetch>[0] = {
      [`POST ${EXPORTS}`]: { status: 201, body: queued },
      [ONE]: { body: { ...queued, state: 'running', rows_total: 200, rows_done: 50, progress: 25 } },
    };
    const fetchMock = stubFetch(routes);
    const user = renderButton({ kind: 'fixture', fixtureId: 7 });

    await user.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));

    const panel = await screen.findByRole('status', { name: 'Esportazione «Posti della partita»' });
    expect(await within(panel).findByText('25%')).toBeInTheDocument();
    expect(within(panel).getByText('50 di 200 righe')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Scarica' })).not.toBeInTheDocument();

    // The job finishes: the next read turns the bar into the download.
    routes[ONE] = { body: { ...queued, state: 'done', rows_total: 200, rows_done: 200, progress: 100, size_bytes: 4096 } };
    routes[`${ONE}/file`] = {
      body: 'xlsx',
      headers: { 'Content-Disposition': 'attachment; filename="partita-como-lazio.xlsx"' },
    };
    await user.click(await within(panel).findByRole('button', { name: 'Scarica' }, { timeout: 15_000 }));

    await waitFor(() => expect(downloads).toEqual(['partita-como-lazio.xlsx']));
    expect(within(panel).getByText('200 righe')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === ONE).length).toBeGreaterThanOrEqual(2);
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('says when the export failed, in English too, and the panel closes', async () => {
    stubFetch({
      [`POST ${EXPORTS}`]: { status: 201, body: queued },
      [ONE]: { body: { ...queued, state: 'failed', error: 'disk full' } },
    });
    const user = renderButton({ kind: 'fixture', fixtureId: 7 }, 'en');

    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }));

    const panel = await screen.findByRole('status', { name: 'Export "The match\'s seats"' });
    expect(await within(panel).findByText('The export failed: try again.')).toHaveAttribute('title', 'disk full');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status', { name: 'Export "The match\'s seats"' })).not.toBeInTheDocument();
  });
});

describe('ExportButton', () => {
  it('asks for the export with its kind and fixture, says it started and links to the exports', async () => {
    const fetchMock = stubFetch({ [`POST ${EXPORTS}`]: { status: 201, body: queued } });
    const user = renderButton({ kind: 'fixture', fixtureId: 7 });

    await user.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));

    expect(
      await screen.findByText('Esportazione «Posti della partita» avviata: il file si prepara in background.'),
    ).toBeInTheDocument();
    // Outside the app a hash router: the app's own address is checked on the pages that place it.
    expect(screen.getByRole('link', { name: 'Vedi le esportazioni' })).toHaveAttribute('href', expect.stringMatching(/\/exports$/));
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(String(post?.[0])).toBe(EXPORTS);
    expect(bodyOf(post)).toEqual({ kind: 'fixture', fixture_id: 7 });
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
  });

  it('leaves the fixture out when there is none (every match) and for the consents', async () => {
    const fetchMock = stubFetch({ [`POST ${EXPORTS}`]: { status: 201, body: { ...queued, kind: 'tickets' } } });
    const user = renderButton({ kind: 'tickets' });
    await user.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(bodyOf(posts(fetchMock)[0])).toEqual({ kind: 'tickets' });
  });

  it('never sends a fixture with the consents, and sends a fixture id from the address bar as a number', async () => {
    const fetchMock = stubFetch({ [`POST ${EXPORTS}`]: { status: 201, body: { ...queued, kind: 'customer_consent' } } });
    const user = userEvent.setup();
    renderInAdmin(
      <>
        <ExportButton kind="customer_consent" fixtureId={7} />
        <ExportButton kind="tickets" fixtureId="8" label="resources.exports.kinds.tickets" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));
    await user.click(screen.getByRole('button', { name: 'Biglietti emessi' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    expect(bodyOf(posts(fetchMock)[0])).toEqual({ kind: 'customer_consent' });
    expect(bodyOf(posts(fetchMock)[1])).toEqual({ kind: 'tickets', fixture_id: 8 });
  });

  it('offers several kinds in a menu, each said with what it holds, in English too', async () => {
    const fetchMock = stubFetch({ [`POST ${EXPORTS}`]: { status: 201, body: { ...queued, kind: 'locked_seats' } } });
    const user = renderButton({ kind: ['fixture', 'locked_seats'], fixtureId: 7, compact: true }, 'en');

    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Every seat of the match: state (free, held, sold, locked), holder, seal and price.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(menu).getByRole('menuitem', { name: /^Locked seats/ }));

    expect(await screen.findByText('Export "Locked seats" started: the file is being written in the background.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the exports' })).toBeInTheDocument();
    expect(bodyOf(posts(fetchMock)[0])).toEqual({ kind: 'locked_seats', fixture_id: 7 });
  });

  it.each([
    ['it', 422, { code: 'validation_failed', errors: { fixture_id: 'required' } }, 'Questa esportazione riguarda una partita: sceglila.'],
    ['en', 422, { code: 'validation_failed', errors: { fixture_id: 'required' } }, 'This export is about a match: choose one.'],
    ['it', 422, { code: 'validation_failed', errors: { kind: 'invalid' } }, 'Questo tipo di esportazione non esiste.'],
    ['en', 422, { code: 'validation_failed', errors: { kind: 'invalid' } }, 'There is no such export.'],
    ['it', 404, { code: 'fixture_not_found', errors: {} }, 'Partita non trovata.'],
    ['en', 404, { code: 'fixture_not_found', errors: {} }, 'Match not found.'],
    ['it', 500, { code: 'internal', errors: {} }, "Impossibile avviare l'esportazione. Riprova tra poco."],
  ] as const)('in %s, says in its own words why the API refused (%i)', async (locale, status, body, message) => {
    stubFetch({ [`POST ${EXPORTS}`]: { status, body: { ...body, message: 'Refused by the API' } } });
    const user = renderButton({ kind: 'locked_seats', fixtureId: 7 }, locale);

    await user.click(await screen.findByRole('button', { name: locale === 'it' ? 'Esporta in Excel' : 'Export to Excel' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Refused by the API')).not.toBeInTheDocument();
  });
});
