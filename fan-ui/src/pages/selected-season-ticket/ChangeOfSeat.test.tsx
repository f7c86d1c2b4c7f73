import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aBlockSeats, aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubAnswer, type StubRoute } from '../../test/render';
import {
  aMyRenewalRight,
  aPhaseTimeline,
  aRenewalOrder,
  aSeasonDetail,
  aSeasonHold,
  SEASON_ORDER_ID,
} from '../../test/seasons';
import type { MyRenewalRight, PhaseKind, PhaseTimeline, RenewalRequest } from '../../../../api-types';

const RENEWAL = 'POST /api/season-tickets/10000/renewal';
const HOLD = 'POST /api/season-tickets/10000/hold';
const PHASES = 'GET /api/season-tickets/10000/phases';
const BLOCK = 'GET /api/season-tickets/10000/blocks/3';

interface Options {
  signedIn?: boolean;
  phase?: PhaseKind;
  /** The sectors the phase opens, as the API lists them ("" for every sector). */
  sectors?: string;
  renewal?: StubRoute;
  rights?: MyRenewalRight[];
}

/** The phases now: `kind` on (opening `sectors`), the free sale next. */
function timeline(kind: PhaseKind, sectors: string): PhaseTimeline {
  const phases = aPhaseTimeline(kind);
  return { ...phases, current: phases.current === null || phases.current === undefined ? null : { ...phases.current, sectors } };
}

/**
 * Season ticket 10000's page at `route` while last season's holders renew choosing another seat
 * (by default in every sector), block 3's seats all free, the renewal answered by `renewal`.
 */
function open(route: string, { signedIn = true, phase = 'change_of_seat', sectors = '', renewal, rights = [] }: Options = {}) {
  const api = stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    [PHASES]: () => ({ body: timeline(phase, sectors) }),
    [BLOCK]: { body: { seats: aBlockSeats({ 113: 'sold' }).seats } },
    'GET /api/season-tickets/10000/hold': signedIn ? { body: aSeasonHold() } : SIGNED_OUT,
    [HOLD]: { status: 409, body: { code: 'preemption_phase', message: 'Holds are refused during phases' } },
    'GET /api/me/renewal-rights': { body: { items: rights } },
    [RENEWAL]: renewal ?? { status: 201, body: aRenewalOrder() },
    [`GET /api/season-orders/${SEASON_ORDER_ID}`]: { body: aRenewalOrder() },
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

const BLOCK_PAGE = '/selectedseasonticket/10000?block=3';

function refused(status: number, code: string, errors: Record<string, unknown> = {}): StubAnswer {
  return { status, body: { code, message: 'An English message for developers', errors } };
}

const MARIO: RenewalRequest = {
  right: 'A1B2C3D4E5F60718',
  first_name: 'Mario',
  last_name: 'Bianchi',
  birth_date: '1980-05-17',
  birth_province: 'co',
  birth_place: 'Como',
  sex: 'M',
};

const seat = (id: number) => screen.getByTestId(`seat-${id}`);
const chosenSeat = () => screen.getByTestId('renewal-chosen-seat');
const rightField = () => screen.getByRole('textbox', { name: 'Sigillo fiscale o codice di rinnovo' });

/** The block's map, drawn, and the renewal form under it (the phases and the texts read). */
async function drawnBlock() {
  const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
  await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
  await screen.findByTestId('renewal-form', {}, { timeout: 15_000 });
  return map;
}

async function fill(user: UserEvent, values: RenewalRequest = MARIO) {
  await user.type(rightField(), values.right);
  await user.type(screen.getByRole('textbox', { name: 'Nome' }), values.first_name);
  await user.type(screen.getByRole('textbox', { name: 'Cognome' }), values.last_name);
  await user.type(screen.getByLabelText(/^Data di nascita/), values.birth_date);
  await user.type(screen.getByRole('textbox', { name: 'Provincia di nascita' }), values.birth_province);
  await user.type(screen.getByRole('textbox', { name: 'Luogo di nascita' }), values.birth_place);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sesso' }), values.sex);
}

async function renew(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Rinnova con il nuovo posto' }));
}

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../season-checkout/SeasonCheckoutPage'),
    import('../sign-in/SignInPage'),
    i18n.loadNamespaces(SEASON_ORDER_NS),
  ]);
});

describe('renewing with a change of seat', () => {
  it('lets a free seat of an opened sector be chosen on the map, named in the form, without holding it', async () => {
    const { api, user } = open(BLOCK_PAGE, { sectors: 'TC,CC' });
    await drawnBlock();

    const banner = screen.getByTestId('phase-banner');
    expect(within(banner).getByText('In corso: Cambio posto degli abbonati')).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'Gli abbonati della scorsa stagione rinnovano scegliendo un altro posto: il loro vecchio posto torna libero per le fasi successive.',
      ),
    ).toBeInTheDocument();
    // Holders may choose now: the banner does not say that nobody may.
    expect(
      within(banner).getByText(
        'Ora solo gli abbonati della scorsa stagione possono scegliere un posto: scegline uno sulla mappa e rinnova qui sotto.',
      ),
    ).toBeInTheDocument();
    expect(within(banner).queryByText(/non ancora sceglierli/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('phase-restricted')).not.toBeInTheDocument();
    expect(screen.getByTestId('change-of-seat-hint')).toHaveTextContent(
      'Tocca un posto libero per sceglierlo come nuovo posto, poi completa il rinnovo qui sotto.',
    );
    const form = screen.getByTestId('renewal-form');
    expect(within(form).getByRole('heading', { level: 2, name: 'Rinnova cambiando posto' })).toBeInTheDocument();
    // The form comes after the map: the fan chooses, then renews.
    expect(screen.getByTestId('seat-map').compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const part = within(form).getByRole('group', { name: 'Il nuovo posto' });
    expect(within(part).getByRole('status')).toHaveTextContent(
      'Nessun posto scelto: scegli un settore sulla mappa dello stadio, poi un blocco e un posto libero.',
    );

    await user.click(seat(111));

    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    expect(seat(111)).toHaveAccessibleName('Fila 1, posto 1, selezionato');
    expect(within(part).getByRole('status')).toHaveTextContent('Posto scelto: Tribuna Centrale, blocco A, fila 1, posto 1');
    expect(chosenSeat()).toHaveAttribute('data-seat-id', '111');

    // One seat: another one replaces it; a seat not free cannot be chosen; the chosen one again lets it go.
    await user.click(seat(112));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(seat(112)).toHaveAttribute('data-state', 'selected');
    expect(chosenSeat()).toHaveTextContent('Posto scelto: Tribuna Centrale, blocco A, fila 1, posto 2');
    await user.click(seat(113));
    expect(seat(113)).toHaveAttribute('data-state', 'sold');
    expect(chosenSeat()).toHaveAttribute('data-seat-id', '112');
    await user.click(seat(112));
    expect(seat(112)).toHaveAttribute('data-state', 'free');
    expect(chosenSeat()).toHaveTextContent(/^Nessun posto scelto/);

    // Nothing is held: holds are refused during phases, and the choice is the page's only.
    expect(api.callsTo(HOLD)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Blocca i posti' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('hold-summary')).not.toBeInTheDocument();
  });

  it('lets no seat be chosen in a sector the phase does not open, and says so', async () => {
    const { api, user } = open(BLOCK_PAGE, { sectors: 'CC' });
    await drawnBlock();

    const closed = await screen.findByTestId('change-of-seat-closed');
    expect(closed).toHaveTextContent('Il cambio posto non apre questo settore: scegli il nuovo posto in un altro settore.');
    expect(within(closed).getByRole('link', { name: 'Torna ai settori' })).toHaveAttribute('href', '/selectedseasonticket/10000');
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(seat(111)).toHaveAttribute('aria-disabled', 'true');
    expect(chosenSeat()).toHaveTextContent(/^Nessun posto scelto/);
    expect(api.callsTo(HOLD)).toHaveLength(0);
  });

  it('fades the sectors the phase does not open on the stadium, their blocks closed', async () => {
    const { user } = open('/selectedseasonticket/10000', { sectors: 'CC' });
    await screen.findByTestId('renewal-form', {}, { timeout: 15_000 });

    const tc = await screen.findByTestId('sector-TC');
    await waitFor(() => expect(tc).toHaveAttribute('data-closed', 'true'));
    expect(tc).toHaveAccessibleName(/non aperto al cambio posto$/);
    expect(screen.getByTestId('sector-CC')).toHaveAttribute('data-closed', 'false');
    await user.click(tc);
    const sector = await screen.findByRole('region', { name: 'Tribuna Centrale: scegli il blocco' });
    expect(within(sector).getByTestId('sector-closed')).toHaveTextContent('Il cambio posto non apre questo settore');
    expect(within(sector).getByTestId('block-3')).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByTestId('sector-CC'));
    const curva = await screen.findByRole('region', { name: 'Curva Como: scegli il blocco' });
    expect(within(curva).queryByTestId('sector-closed')).not.toBeInTheDocument();
    expect(within(curva).getByTestId('block-18')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('renews with the chosen seat as seat_id, and goes on to check and pay the order', async () => {
    const { api, user } = open(BLOCK_PAGE, { sectors: 'TC' });
    await drawnBlock();
    await user.click(seat(112));
    await fill(user);

    await renew(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo(RENEWAL)).toHaveLength(1);
    expect(api.callsTo(RENEWAL)[0]?.body).toEqual({ ...MARIO, birth_province: 'CO', seat_id: 112 });
    expect(api.callsTo(RENEWAL)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(api.callsTo(HOLD)).toHaveLength(0);
  });

  it('sends nothing without a seat: says to choose one, at the seat, and takes the focus there', async () => {
    const { api, user } = open(BLOCK_PAGE);
    await drawnBlock();
    await fill(user);

    await renew(user);

    const error = await screen.findByTestId('renewal-seat-error');
    expect(error).toHaveTextContent('Scegli il nuovo posto sulla mappa dello stadio prima di rinnovare.');
    const part = screen.getByRole('group', { name: 'Il nuovo posto' });
    expect(part).toHaveFocus();
    expect(part).toHaveAccessibleDescription('Scegli il nuovo posto sulla mappa dello stadio prima di rinnovare.');
    expect(api.callsTo(RENEWAL)).toHaveLength(0);

    // A seat chosen: the message goes, and the renewal goes with it.
    await user.click(seat(115));
    expect(screen.queryByTestId('renewal-seat-error')).not.toBeInTheDocument();
    await renew(user);
    await waitFor(() => expect(api.callsTo(RENEWAL)).toHaveLength(1));
    expect(api.callsTo(RENEWAL)[0]?.body).toMatchObject({ seat_id: 115 });
  });

  it("says a seat not free all season at the seat, keeps what was typed, and reads the block again", async () => {
    const answers: StubAnswer[] = [refused(409, 'seat_not_free'), { status: 201, body: aRenewalOrder() }];
    const { api, user } = open(BLOCK_PAGE, { renewal: () => answers.shift() ?? { status: 500 } });
    await drawnBlock();
    await user.click(seat(111));
    await fill(user);

    await renew(user);

    expect(await screen.findByTestId('renewal-seat-error')).toHaveTextContent(
      'Tribuna Centrale, blocco A, fila 1, posto 1: non è libero in tutte le partite della stagione. Scegli un altro posto.',
    );
    expect(screen.getByRole('group', { name: 'Il nuovo posto' })).toHaveFocus();
    expect(chosenSeat()).toHaveTextContent(/^Nessun posto scelto/);
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    // The form is kept, as typed; nothing is said twice (nor in the API's words).
    expect(screen.getByTestId('renewal-form')).toBeInTheDocument();
    expect(rightField()).toHaveValue(MARIO.right);
    expect(screen.getByRole('textbox', { name: 'Luogo di nascita' })).toHaveValue('Como');
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('renewal-form')).getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(BLOCK).length).toBeGreaterThan(1));

    await user.click(seat(114));
    expect(screen.queryByTestId('renewal-seat-error')).not.toBeInTheDocument();
    await renew(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo(RENEWAL)[1]?.body).toEqual({ ...MARIO, birth_province: 'CO', seat_id: 114 });
  });

  it('says the other refusals of a change of seat in their own words, and the renewal ones as before', async () => {
    const answers: StubAnswer[] = [
      refused(409, 'seat_not_in_phase'),
      refused(422, 'validation_failed', { seat_id: 'required' }),
      refused(409, 'change_of_seat_not_open'),
      refused(409, 'already_renewed'),
      refused(422, 'holder_mismatch', { field: 'birth_date' }),
      refused(429, 'rate_limited'),
    ];
    const { api, user } = open(BLOCK_PAGE, { renewal: () => answers.shift() ?? { status: 500 } });
    await drawnBlock();
    await fill(user);
    const form = screen.getByTestId('renewal-form');

    await user.click(seat(111));
    await renew(user);
    expect(await screen.findByTestId('renewal-seat-error')).toHaveTextContent(
      'Tribuna Centrale, blocco A, fila 1, posto 1: il cambio posto non apre questo settore. Scegli un posto in un altro settore.',
    );
    expect(chosenSeat()).toHaveTextContent(/^Nessun posto scelto/);

    await user.click(seat(112));
    await renew(user);
    expect(await screen.findByTestId('renewal-seat-error')).toHaveTextContent(
      'Scegli il nuovo posto sulla mappa dello stadio prima di rinnovare.',
    );

    for (const text of [
      'Il cambio posto non è aperto ora.',
      'Questo abbonamento è già stato rinnovato.',
    ]) {
      await renew(user);
      expect(await within(form).findByText(text)).toBeInTheDocument();
    }

    await renew(user);
    const birthDate = screen.getByLabelText(/^Data di nascita/);
    await waitFor(() => expect(birthDate).toHaveAccessibleDescription("Non corrisponde ai dati dell'abbonato"));
    expect(birthDate).toHaveFocus();

    await renew(user);
    expect(await within(form).findByText('Troppi tentativi: aspetta qualche minuto e riprova.')).toBeInTheDocument();
    expect(api.callsTo(RENEWAL)).toHaveLength(6);
    expect(api.callsTo(RENEWAL).slice(1).map((call) => (call.body as { seat_id?: number }).seat_id)).toEqual([112, 112, 112, 112, 112]);
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();
  });

  it('keeps what was typed and the seat chosen between the stadium and a block', async () => {
    const { user } = open('/selectedseasonticket/10000');
    const form = await screen.findByTestId('renewal-form', {}, { timeout: 15_000 });
    // Above the stadium: the form first, how to choose the seat in it.
    expect(form.compareDocumentPosition(screen.getByRole('group', { name: 'Mappa dello stadio Sinigaglia: tocca un settore' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(chosenSeat()).toHaveTextContent(/^Nessun posto scelto/);
    await user.type(rightField(), MARIO.right);

    await user.click(screen.getByTestId('sector-TC'));
    await user.click(await screen.findByTestId('block-3'));
    await drawnBlock();
    expect(rightField()).toHaveValue(MARIO.right);
    await user.click(seat(124));

    await user.click(screen.getByRole('link', { name: 'Torna ai settori' }));
    await screen.findByRole('region', { name: 'Tribuna Centrale: scegli il blocco' });
    expect(chosenSeat()).toHaveTextContent('Posto scelto: Tribuna Centrale, blocco A, fila 2, posto 4');
    expect(rightField()).toHaveValue(MARIO.right);
  });

  it("fills the form from the fan's rights, one at a time: no list of renewals during a change of seat", async () => {
    const rights = [aMyRenewalRight(), aMyRenewalRight({ first_name: 'Luca', renewal_code: 'P1-22B4D1', seat_label: 'TC-A-1-6' })];
    const { user } = open(BLOCK_PAGE, { rights });
    await drawnBlock();
    const card = await screen.findByTestId('my-renewal-rights');

    expect(within(card).queryByTestId('my-renewal-rights-all')).not.toBeInTheDocument();
    expect(screen.queryByTestId('renewal-mode-many')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Rinnova l\'abbonamento di Luca Bianchi' }));
    expect(rightField()).toHaveValue('P1-22B4D1');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Luca');
    expect(screen.queryByTestId('renewals-form')).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in to renew changing seat, coming back to the block; no seat is chosen meanwhile', async () => {
    const { user } = open(BLOCK_PAGE, { signedIn: false });
    const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));

    const prompt = await screen.findByTestId('sign-in-prompt');
    expect(
      within(prompt).getByText('Eri abbonato la scorsa stagione? Accedi per rinnovare il tuo abbonamento scegliendo un altro posto.'),
    ).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Accedi per continuare' })).toHaveAttribute(
      'href',
      '/accedi?return_to=%2Fselectedseasonticket%2F10000%3Fblock%3D3',
    );
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(screen.queryByTestId('renewal-form')).not.toBeInTheDocument();
  });

  it('in the renewal phase, sends no seat and keeps the map restricted', async () => {
    const { api, user } = open(BLOCK_PAGE, { phase: 'renewal' });
    const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
    expect(await screen.findByTestId('phase-restricted')).toBeInTheDocument();
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(screen.queryByTestId('change-of-seat-hint')).not.toBeInTheDocument();
    // The renewal form is the season's page's, not the block's.
    expect(screen.queryByTestId('renewal-form')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('phase-restricted')).getByRole('link', { name: 'Rinnova il tuo abbonamento' }));
    const form = await screen.findByTestId('renewal-form', {}, { timeout: 15_000 });
    expect(within(form).getByRole('heading', { level: 2, name: 'Rinnova il tuo abbonamento' })).toBeInTheDocument();
    expect(screen.queryByTestId('renewal-seat')).not.toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento" }));

    await waitFor(() => expect(api.callsTo(RENEWAL)).toHaveLength(1));
    expect(api.callsTo(RENEWAL)[0]?.body).not.toHaveProperty('seat_id');
    expect(api.callsTo(HOLD)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = open(BLOCK_PAGE);
    const map = await screen.findByRole('group', { name: 'Seats in block A' });
    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
    const form = await screen.findByTestId('renewal-form', {}, { timeout: 15_000 });

    expect(within(form).getByRole('heading', { level: 2, name: 'Renew with a change of seat' })).toBeInTheDocument();
    expect(
      screen.getByText("Last season's holders renew choosing another seat: their old seat is freed for the next phases."),
    ).toBeInTheDocument();
    await user.click(seat(111));
    expect(chosenSeat()).toHaveTextContent(/^Chosen seat: .*block A, row 1, seat 1$/);
    await user.click(seat(111));
    await user.click(within(form).getByRole('button', { name: 'Renew with the new seat' }));
    expect(await within(form).findByTestId('renewal-seat-error')).toHaveTextContent(
      'Choose the new seat on the stadium map before renewing.',
    );
  });
});
