import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aFixture, aPhase, aSeasonTicket } from '../test/fixtures';
import { answerConfirmation, callsWith, expectColumns, jsonBody, lastListParam, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { PhaseView } from '../../../api-types';

const PHASES = '/api/admin/phases';
const season = aSeasonTicket({ status: 1, inventory_ready: true });
const HOUR = 3_600_000;

/** A phase on now: started an hour ago, ends in two hours. */
function openPhase(overrides: Partial<PhaseView> = {}): PhaseView {
  return aPhase({
    id: 6,
    kind: 'group',
    name: 'Acquirenti Como Cup',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    sectors: 'TC,CN',
    counts: { eligible: 40, kept: 0, used: 3, sold: 12 },
    ...overrides,
  });
}

const renewal = aPhase({ source: 'ticketing' });

type Routes = Parameters<typeof stubFetch>[0];

function seasonApi(phases: PhaseView[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/season-tickets/3': { body: season },
    '/api/admin/season-tickets': listRoute('season-tickets', [season]),
    [PHASES]: listRoute('phases', phases),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

describe("a season ticket's sale phases", () => {
  it('lists them on their own tab: kind and name, Como times, state, sectors, source and live counts', async () => {
    const { fetchMock } = seasonApi([renewal, openPhase()]);
    renderAdminApp('/season-tickets/3/show/phases');

    // The first page of the file: give the app time to start.
    const renewalRow = (await screen.findByText('Rinnovo', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(screen.getByRole('tab', { name: 'Fasi di vendita' })).toHaveAttribute('aria-selected', 'true');
    expectColumns(['Fase', 'Inizio', 'Fine', 'Stato', 'Settori', 'Origine', 'Aventi diritto', 'Posti mantenuti', 'Diritti usati', 'Venduti']);
    // 08:00 UTC on 1 June is 10:00 in Como (summer time), 20:00 UTC on 30 June 22:00.
    expect(within(renewalRow).getByText('01/06/99, 10:00:00')).toBeInTheDocument();
    expect(within(renewalRow).getByText('30/06/99, 22:00:00')).toBeInTheDocument();
    expect(within(renewalRow).getByText('Programmata').closest('[data-state]')).toHaveAttribute('data-state', 'coming');
    expect(within(renewalRow).getByText('Tutti i settori')).toBeInTheDocument();
    expect(within(renewalRow).getByText('Biglietteria')).toBeInTheDocument();
    expect(within(renewalRow).getByTestId('phase-eligible')).toHaveTextContent('1240');
    expect(within(renewalRow).getByTestId('phase-kept')).toHaveTextContent('1187');
    expect(within(renewalRow).getByTestId('phase-used')).toHaveTextContent('312');
    expect(within(renewalRow).getByTestId('phase-sold')).toHaveTextContent('318');
    // Not started: it cannot end now, but its seats can be kept again.
    expect(within(renewalRow).getByRole('button', { name: 'Termina ora' })).toBeDisabled();
    expect(within(renewalRow).getByRole('button', { name: 'Mantieni i posti' })).toBeEnabled();

    const groupRow = await rowShowing('Acquirenti Como Cup');
    expect(within(groupRow).getByText('Gruppo')).toBeInTheDocument();
    expect(within(groupRow).getByText('In corso').closest('[data-state]')).toHaveAttribute('data-state', 'open');
    expect(within(groupRow).getByText('TC, CN')).toBeInTheDocument();
    expect(within(groupRow).getByText('Staff')).toBeInTheDocument();
    expect(within(groupRow).getByRole('button', { name: 'Termina ora' })).toBeEnabled();
    // Only a renewal keeps seats.
    expect(within(groupRow).queryByRole('button', { name: 'Mantieni i posti' })).not.toBeInTheDocument();

    expect(lastListParam(fetchMock, PHASES, 'filter')).toEqual({ season_ticket_id: 3 });
    expect(screen.getByRole('link', { name: 'Nuova fase' })).toHaveAttribute(
      'href',
      `/admin/phases/create?source=${encodeURIComponent('{"season_ticket_id":3}')}`,
    );
  });

  it('reads the phases again every 5 seconds, their counts moving', async () => {
    const { routes, fetchMock } = seasonApi([openPhase()]);
    renderAdminApp('/season-tickets/3/show/phases');

    const row = await rowShowing('Acquirenti Como Cup');
    expect(within(row).getByTestId('phase-sold')).toHaveTextContent('12');
    const reads = listReads(fetchMock, PHASES).length;
    routes[PHASES] = listRoute('phases', [openPhase({ counts: { eligible: 40, kept: 0, used: 5, sold: 19 } })]);

    await waitFor(() => expect(screen.getByTestId('phase-sold')).toHaveTextContent('19'), { timeout: 15_000 });
    expect(listReads(fetchMock, PHASES).length).toBeGreaterThan(reads);
  });

  it('shows them in English too', async () => {
    seasonApi([renewal]);
    renderAdminApp('/season-tickets/3/show/phases', { locale: 'en' });

    const row = await rowShowing('Renewal');
    expectColumns(['Phase', 'Start', 'End', 'State', 'Sectors', 'Source', 'Eligible', 'Seats kept', 'Rights used', 'Sold']);
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText('Ticketing')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'End now' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Keep seats again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mirror from the ticketing system' })).toBeInTheDocument();
  });

  it('ends a phase now after a confirmation, with POST .../end, and reads the list again', async () => {
    const group = openPhase();
    const { fetchMock } = seasonApi([group], {
      [`POST ${PHASES}/6/end`]: { body: { ...group, ends_at: new Date().toISOString() } },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases');

    await user.click(within(await rowShowing('Acquirenti Como Cup')).getByRole('button', { name: 'Termina ora' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Terminare ora la fase Gruppo · Acquirenti Como Cup?')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
    const reads = listReads(fetchMock, PHASES).length;
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Fase terminata')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${PHASES}/6/end`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listReads(fetchMock, PHASES).length).toBeGreaterThan(reads));
  });

  it.each([
    ['it', 'Termina ora', 'Conferma', 'La fase non è in corso: non è ancora iniziata, oppure è già finita.'],
    ['en', 'End now', 'Confirm', 'The phase is not on: it has not started yet, or it has ended.'],
  ] as const)('in %s, says in its own words that the phase is not on (409 phase_not_open)', async (locale, action, confirm, message) => {
    seasonApi([openPhase()], {
      [`POST ${PHASES}/6/end`]: { status: 409, body: { code: 'phase_not_open', message: 'This phase is not on now', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases', { locale });

    await user.click(within(await rowShowing('Acquirenti Como Cup')).getByRole('button', { name: action }));
    await answerConfirmation(user, confirm);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('This phase is not on now')).not.toBeInTheDocument();
  });

  it("keeps a renewal's seats again after a confirmation, with POST .../keep", async () => {
    const { fetchMock } = seasonApi([renewal], {
      [`POST ${PHASES}/5/keep`]: { status: 202, body: { kept: 0, not_free: 0, without_seat: 0 } },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases');

    await user.click(within(await rowShowing('Rinnovo')).getByRole('button', { name: 'Mantieni i posti' }));
    expect(within(await screen.findByRole('dialog')).getByText('Mantenere di nuovo i posti della fase Rinnovo?')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
    await answerConfirmation(user, 'Conferma');

    expect(
      await screen.findByText('I posti dei titolari vengono mantenuti di nuovo: i conteggi si aggiornano a breve.'),
    ).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${PHASES}/5/keep`);
  });

  it.each([
    ['it', 'Mantieni i posti', 'Conferma', 'Solo una fase di rinnovo in corso o programmata mantiene i posti dei titolari.'],
    ['en', 'Keep seats again', 'Confirm', "Only a renewal phase on now or still to come keeps the holders' seats."],
  ] as const)('in %s, says in its own words that the seats cannot be kept (409 not_a_renewal)', async (locale, action, confirm, message) => {
    seasonApi([renewal], {
      [`POST ${PHASES}/5/keep`]: {
        status: 409,
        body: { code: 'not_a_renewal', message: 'Only an open or coming renewal phase keeps seats', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases', { locale });

    await user.click(within(await rowShowing(locale === 'it' ? 'Rinnovo' : 'Renewal')).getByRole('button', { name: action }));
    await answerConfirmation(user, confirm);

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("mirrors the season's renewal window from the ticketing system with POST /phases/mirror", async () => {
    const { fetchMock } = seasonApi([], { [`POST ${PHASES}/mirror`]: { body: [renewal] } });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases');

    expect(await screen.findByText('Nessuna fase di vendita, per ora.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importa dal sistema di biglietteria' }));

    expect(await screen.findByText('Fase di rinnovo allineata al sistema di biglietteria.')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${PHASES}/mirror`);
    expect(jsonBody(post)).toEqual({ season_ticket_id: 3 });
  });

  it('says when the ticketing system has no renewal window, or does not answer (503), in English', async () => {
    seasonApi([], {
      [`POST ${PHASES}/mirror`]: [
        { body: [] },
        { status: 503, body: { code: 'ticketing_unavailable', message: 'The ticketing system is unavailable', errors: {} } },
      ],
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Mirror from the ticketing system' }));
    expect(await screen.findByText('The ticketing system has no renewal window for this season ticket.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The ticketing system has no renewal window for this season ticket.')).not.toBeInTheDocument(), {
      timeout: 15_000,
    });

    await user.click(screen.getByRole('button', { name: 'Mirror from the ticketing system' }));
    expect(await screen.findByText('The ticketing system does not answer: try again shortly.')).toBeInTheDocument();
    expect(screen.queryByText('The ticketing system is unavailable')).not.toBeInTheDocument();
  });

  it('deletes a phase after a confirmation, with DELETE', async () => {
    const group = openPhase();
    const { fetchMock } = seasonApi([group], { [`DELETE ${PHASES}/6`]: { body: group } });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases');

    await user.click(within(await rowShowing('Acquirenti Como Cup')).getByRole('button', { name: 'Elimina' }));
    expect(within(await screen.findByRole('dialog')).getByText('Eliminare la fase Gruppo · Acquirenti Como Cup?')).toBeInTheDocument();
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Fase di vendita eliminata')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'DELETE')[0]?.[0] ?? '').pathname).toBe(`${PHASES}/6`);
  });
});

/** The date and time input named `label`, typed as a browser's picker fills it. */
function typeRomeTime(label: string, local: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value: local } });
}

describe("a phase's form", () => {
  it('creates a renewal phase from Italian times, sending the instants, then goes back to the season\'s phases', async () => {
    const created = aPhase({ id: 9, starts_at: '2026-07-01T08:00:00Z', ends_at: '2026-12-01T17:30:00Z', sectors: 'TC,CN' });
    const { fetchMock } = seasonApi([created], { [`POST ${PHASES}`]: { status: 201, body: created } });
    const user = userEvent.setup();
    renderAdminApp(`/phases/create?source=${encodeURIComponent('{"season_ticket_id":3}')}`);

    expect(await screen.findByText('Abbonamento: Abbonamento 2026-27')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Rinnovo' }));
    typeRomeTime('Inizio', '2026-07-01T10:00');
    typeRomeTime('Fine', '2026-12-01T18:30');
    await user.type(screen.getByRole('textbox', { name: /^Settori/ }), 'tc, cn');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Fase di vendita creata')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(PHASES);
    // 10:00 in Como on 1 July is 08:00 UTC (summer time); 18:30 on 1 December 17:30 UTC.
    expect(jsonBody(post)).toEqual({
      season_ticket_id: 3,
      kind: 'renewal',
      name: '',
      starts_at: '2026-07-01T08:00:00.000Z',
      ends_at: '2026-12-01T17:30:00.000Z',
      sectors: 'TC,CN',
    });
    expect(await screen.findByRole('tab', { name: 'Fasi di vendita', selected: true })).toBeInTheDocument();
  });

  it('refuses an end before the start without asking the API', async () => {
    const { fetchMock } = seasonApi([]);
    const user = userEvent.setup();
    renderAdminApp(`/phases/create?source=${encodeURIComponent('{"season_ticket_id":3}')}`);

    await user.click(await screen.findByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Vendita libera' }));
    typeRomeTime('Inizio', '2026-07-01T10:00');
    typeRomeTime('Fine', '2026-07-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText("La fine deve venire dopo l'inizio.")).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
  });

  it.each([
    ['it', 'Salva', 'Settori sconosciuti: XX, ZZ.'],
    ['en', 'Save', 'Unknown sectors: XX, ZZ.'],
  ] as const)("in %s, puts the API's refusal of the sectors under their input, naming the codes", async (locale, save, message) => {
    seasonApi([], {
      [`POST ${PHASES}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { sectors: 'unknown sectors: XX, ZZ' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/phases/create?source=${encodeURIComponent('{"season_ticket_id":3}')}`, { locale });

    await user.click(await screen.findByRole('combobox', { name: locale === 'it' ? /^Tipo/ : /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: locale === 'it' ? 'Vendita libera' : 'Free sale' }));
    typeRomeTime(locale === 'it' ? 'Inizio' : 'Start', '2026-07-01T10:00');
    typeRomeTime(locale === 'it' ? 'Fine' : 'End', '2026-07-02T10:00');
    await user.type(screen.getByRole('textbox', { name: locale === 'it' ? /^Settori/ : /^Sectors/ }), 'xx, zz');
    await user.click(screen.getByRole('button', { name: save }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('unknown sectors: XX, ZZ')).not.toBeInTheDocument();
  });

  it("offers no renewal for a match's phase, and shows the match it is for", async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/fixtures/7': { body: aFixture() },
    });
    const user = userEvent.setup();
    renderAdminApp(`/phases/create?source=${encodeURIComponent('{"fixture_id":7}')}`);

    expect(await screen.findByText('Partita: Como - Lazio')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).not.toContain('Rinnovo');
    expect(options).toContain('Codice di prelazione');
  });

  it('changes a phase with PUT, showing its times in Italian time, then goes back to its target', async () => {
    const group = aPhase({ id: 6, kind: 'group', name: 'Acquirenti Como Cup', sectors: 'TC' });
    const { fetchMock } = seasonApi([group], {
      [`${PHASES}/6`]: { body: group },
      [`PUT ${PHASES}/6`]: { body: { ...group, name: 'Acquirenti Como Cup 2026' } },
    });
    const user = userEvent.setup();
    renderAdminApp('/phases/6');

    expect(await screen.findByRole('heading', { name: 'Fase: Gruppo · Acquirenti Como Cup' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Inizio/)).toHaveValue('2099-06-01T10:00');
    expect(screen.getByLabelText(/^Fine/)).toHaveValue('2099-06-30T22:00');
    const name = screen.getByRole('textbox', { name: /^Nome/ });
    await user.clear(name);
    await user.type(name, 'Acquirenti Como Cup 2026');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Fase di vendita salvata')).toBeInTheDocument();
    const [put] = callsWith(fetchMock, 'PUT');
    expect(jsonBody(put)).toEqual({
      season_ticket_id: 3,
      kind: 'group',
      name: 'Acquirenti Como Cup 2026',
      starts_at: '2099-06-01T08:00:00Z',
      ends_at: '2099-06-30T20:00:00Z',
      sectors: 'TC',
    });
    expect(await screen.findByRole('tab', { name: 'Fasi di vendita', selected: true })).toBeInTheDocument();
  });
});

describe("a match's sale phases", () => {
  function fixtureApi(phases: PhaseView[], extra: Routes = {}) {
    return stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/fixtures/7': { body: aFixture() },
      [PHASES]: listRoute('phases', phases),
      ...extra,
    });
  }

  it("are on the match's page too, with the ticketing system's pre-emption window to mirror", async () => {
    const fetchMock = fixtureApi([openPhase({ season_ticket_id: null, fixture_id: 7, kind: 'preemption_code', name: '' })]);
    renderAdminApp('/fixtures/7/show/phases');

    const row = await rowShowing('Codice di prelazione');
    expect(within(row).getByText('In corso')).toBeInTheDocument();
    expect(lastListParam(fetchMock, PHASES, 'filter')).toEqual({ fixture_id: 7 });
    expect(screen.getByRole('button', { name: 'Importa dal sistema di biglietteria' })).toBeEnabled();
  });

  it("mirrors the match's pre-emption window as a card holders' phase, with POST /phases/mirror {fixture_id}", async () => {
    const mirrored = openPhase({ season_ticket_id: null, fixture_id: 7, kind: 'fidelity_card', name: '', source: 'ticketing' });
    const fetchMock = fixtureApi([], { [`POST ${PHASES}/mirror`]: { body: [mirrored] } });
    const user = userEvent.setup();
    renderAdminApp('/fixtures/7/show/phases');

    expect(await screen.findByText('Nessuna fase di vendita, per ora.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importa dal sistema di biglietteria' }));

    expect(await screen.findByText('Fase Tessera Blu nel Cuore allineata al sistema di biglietteria.')).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${PHASES}/mirror`);
    expect(jsonBody(post)).toEqual({ fixture_id: 7 });
  });

  it('says when the ticketing system has no window for the match, or the match is gone (404), in English', async () => {
    fixtureApi([], {
      [`POST ${PHASES}/mirror`]: [
        { body: [] },
        { status: 404, body: { code: 'target_not_found', message: 'No such season ticket or fixture', errors: {} } },
      ],
    });
    const user = userEvent.setup();
    renderAdminApp('/fixtures/7/show/phases', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Mirror from the ticketing system' }, { timeout: 15_000 }));
    expect(await screen.findByText('The ticketing system has no pre-emption window for this match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The ticketing system has no pre-emption window for this match.')).not.toBeInTheDocument(), {
      timeout: 15_000,
    });

    await user.click(screen.getByRole('button', { name: 'Mirror from the ticketing system' }));
    expect(await screen.findByText('The season ticket or the match no longer exists.')).toBeInTheDocument();
  });
});

describe('the sale phases page', () => {
  it("shows a chosen season ticket's phases, at /admin/preemption/phases", async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/season-tickets': listRoute('season-tickets', [season]),
      [PHASES]: listRoute('phases', [renewal]),
    });
    const user = userEvent.setup();
    renderAdminApp('/preemption/phases');

    expect(await screen.findByRole('heading', { name: 'Fasi di vendita', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Scegli un abbonamento per vederne le fasi.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Abbonamento' }));
    await user.click(await screen.findByRole('option', { name: 'Abbonamento 2026-27' }));

    expect(await rowShowing('Rinnovo')).toBeInTheDocument();
    expect(lastListParam(fetchMock, PHASES, 'filter')).toEqual({ season_ticket_id: 3 });
  });
});
