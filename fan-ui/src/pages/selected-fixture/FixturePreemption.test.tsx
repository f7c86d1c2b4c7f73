import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { FakeEventSource } from '../../test/fakeEventSource';
import { aBlockSeats, aFan, aFixtureDetail, aHold } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubAnswer, type StubRoute } from '../../test/render';
import { aPhase } from '../../test/seasons';
import type { MyRight, PhaseKind, PhaseTimeline, RightClaim, SuggestedRight } from '../../../../api-types';

const PHASES = 'GET /api/fixtures/7/phases';
const MY_RIGHT = 'GET /api/fixtures/7/right';
const USE_RIGHT = 'POST /api/fixtures/7/right';
const DROP_RIGHT = 'DELETE /api/fixtures/7/right';
const HOLD = 'POST /api/fixtures/7/hold';

/**
 * Match 7's phases now: `kind` on since yesterday and for two more days (none when null), the
 * free sale next, in three days.
 */
function matchTimeline(kind: PhaseKind | null = 'fidelity_card'): PhaseTimeline {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
  const ofMatch = { season_ticket_id: null, fixture_id: 7, source: 'staff' as const };
  return {
    current: kind === null ? null : aPhase({ ...ofMatch, id: 1001, kind, starts_at: at(-1), ends_at: at(2) }),
    next: aPhase({ ...ofMatch, id: 1002, kind: 'free_sale', starts_at: at(3), ends_at: at(60) }),
    now: new Date(now).toISOString(),
  };
}

/** A supporter card that opens Tribuna Centrale and Distinti. */
const CARD: RightClaim = { fixture_id: 7, phase_id: 1001, right: 'TF0000000001', source: 'card', sectors: 'TC,DI' };

interface Options {
  signedIn?: boolean;
  phase?: PhaseKind | null;
  /** The right the fan showed already. */
  right?: RightClaim | null;
  /** The rights the fan's account gives them for the phase on now. */
  suggested?: SuggestedRight[];
  /** How `POST .../right` answers. */
  use?: StubRoute;
  routes?: Record<string, StubRoute>;
}

/** Match 7 during a pre-emption phase, as a small server: the phases, the fan's right, block 3's seats and holds. */
function open(
  { signedIn = true, phase = 'fidelity_card', right = null, suggested = [], use = { body: CARD }, routes = {} }: Options = {},
  route = '/selectedfixture/7',
) {
  let mine = right;
  let held: number[] = [];
  const api = stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/fixtures/7': { body: aFixtureDetail() },
    'GET /api/fixtures/7/hold': () => (signedIn ? { body: aHold(held) } : SIGNED_OUT),
    'GET /api/fixtures/7/blocks/3': () => ({ body: aBlockSeats(Object.fromEntries(held.map((id) => [id, 'mine']))) }),
    [PHASES]: { body: matchTimeline(phase) },
    [MY_RIGHT]: () => ({ body: { right: mine, suggested } satisfies MyRight }),
    [USE_RIGHT]: (request) => {
      const answer = typeof use === 'function' ? use(request) : use;
      if ((answer.status ?? 200) === 200) {
        mine = answer.body as RightClaim;
      }
      return answer;
    },
    [DROP_RIGHT]: () => {
      mine = null;
      return { status: 204 };
    },
    [HOLD]: ({ body }) => {
      held = (body as { seat_ids: number[] }).seat_ids;
      return { body: aHold(held) };
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

function refused(status: number, code: string, errors: Record<string, unknown> = {}): StubAnswer {
  return { status, body: { code, message: 'An English message for developers', errors } };
}

const form = () => screen.findByRole('form', { name: 'Usa il tuo diritto di prelazione' });
const rightField = () => screen.getByRole('textbox', { name: 'Numero tessera o sigillo fiscale' });
const submit = () => screen.getByRole('button', { name: 'Usa il diritto' });
const seat = (id: number) => screen.getByTestId(`seat-${id}`);

async function drawnSeatMap(): Promise<HTMLElement> {
  const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
  await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
  return map;
}

beforeAll(async () => {
  await Promise.all([
    import('./SelectedFixturePage'),
    import('../selected-fixture-tickets/SelectedFixtureTicketsPage'),
    import('../sign-in/SignInPage'),
    i18n.loadNamespaces(SEASON_ORDER_NS),
  ]);
});

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe("a match's pre-emption", () => {
  it('shows a visitor the phase, the countdown to its end and the next phase, and asks them to sign in to use a right', async () => {
    const { api } = open({ signedIn: false });

    const banner = await screen.findByRole('region', { name: 'Fasi della vendita' });
    expect(banner).toHaveAttribute('data-testid', 'phase-banner');
    expect(banner).toHaveAttribute('data-phase', 'fidelity_card');
    expect(within(banner).getByText('In corso: Prelazione con la tessera del tifoso')).toBeInTheDocument();
    expect(within(banner).getByText(/^Ora possono acquistare solo i tifosi con un diritto di prelazione/)).toBeInTheDocument();
    expect(within(banner).getByText('Prossima fase: Vendita libera')).toBeInTheDocument();
    const countdown = within(banner).getByRole('timer');
    expect(countdown).toHaveAttribute('data-testid', 'phase-countdown');
    // The phase ends in two days (not when the free sale opens, in three).
    expect(countdown.parentElement).toHaveTextContent(/^Termina tra (2 giorni, 0 ore, 0 minuti e 0 secondi|1 giorno, 23 ore, 59 minuti e \d+ secondi)$/);

    const prompt = await screen.findByTestId('sign-in-prompt');
    expect(prompt).toHaveTextContent('Hai un diritto di prelazione per questa partita? Accedi per usarlo e scegliere il tuo posto.');
    expect(within(prompt).getByRole('link', { name: 'Accedi per continuare' })).toHaveAttribute(
      'href',
      '/accedi?return_to=%2Fselectedfixture%2F7',
    );
    expect(screen.queryByRole('form', { name: 'Usa il tuo diritto di prelazione' })).not.toBeInTheDocument();
    expect(api.callsTo(MY_RIGHT)).toHaveLength(0);
  });

  it('uses a supporter card: the right and the sectors it opens, the others faded, and a way to use another', async () => {
    const { api, user } = open();

    expect(await form()).toHaveAttribute('data-testid', 'preemption-form');
    expect(rightField()).toHaveAttribute('data-testid', 'preemption-right');
    expect(rightField()).toHaveAccessibleDescription(
      "Il numero della tessera del tifoso (per esempio TF0000000001) o il sigillo fiscale stampato sul biglietto o sull'abbonamento.",
    );
    await user.type(rightField(), ' tf0000000001 ');
    await user.click(submit());

    const claimed = await screen.findByRole('region', { name: 'Il tuo diritto di prelazione' });
    expect(api.callsTo(USE_RIGHT)[0]?.body).toEqual({ right: 'TF0000000001' });
    expect(api.callsTo(USE_RIGHT)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(claimed).toHaveAttribute('data-testid', 'preemption-claimed');
    expect(within(claimed).getByText('Tessera del tifoso: TF0000000001')).toBeInTheDocument();
    expect(within(claimed).getByTestId('preemption-sectors')).toHaveTextContent('Puoi scegliere un posto nei settori: TC, DI');
    expect(within(claimed).getByRole('heading', { level: 2, name: 'Il tuo diritto di prelazione' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Usa il tuo diritto di prelazione' })).not.toBeInTheDocument();
    // The banner no longer says the fan cannot choose.
    expect(within(screen.getByTestId('phase-banner')).queryByText(/diritto di prelazione/)).not.toBeInTheDocument();
    // The sectors the right does not open are faded on the map, their blocks closed.
    expect(screen.getByTestId('sector-TO')).toHaveAttribute('data-closed', 'true');
    expect(screen.getByTestId('sector-TO')).toHaveAccessibleName(/, non aperto dal tuo diritto$/);
    expect(screen.getByTestId('sector-TC')).toHaveAttribute('data-closed', 'false');

    await user.click(within(claimed).getByRole('button', { name: 'Usa un altro diritto' }));

    expect(await form()).toBeInTheDocument();
    expect(api.callsTo(DROP_RIGHT)).toHaveLength(1);
    await waitFor(() => expect(rightField()).toHaveFocus());
    expect(screen.getByTestId('sector-TO')).toHaveAttribute('data-closed', 'false');
  });

  it("offers the rights the fan's account gives them, each used as if typed", async () => {
    const suggested: SuggestedRight[] = [
      { right: 'TF0000000001', source: 'card', first_name: 'Mario', last_name: 'Rossi' },
      { right: 'A1B2C3D4E5F6G7H8', source: 'holder', first_name: 'Anna', last_name: 'Neri' },
    ];
    const { api, user } = open({ suggested });

    const rights = await within(await form()).findByRole('region', { name: 'I tuoi diritti per questa partita' });
    const buttons = within(rights).getAllByTestId('suggested-right');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Usa la tessera TF0000000001 (Mario Rossi)',
      'Usa il sigillo A1B2C3D4E5F6G7H8 (Anna Neri)',
    ]);
    // Above the field.
    expect(rights.compareDocumentPosition(rightField()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(rights).getByRole('button', { name: 'Usa la tessera TF0000000001 (Mario Rossi)' }));

    const claimed = await screen.findByRole('region', { name: 'Il tuo diritto di prelazione' });
    expect(api.callsTo(USE_RIGHT)).toHaveLength(1);
    expect(api.callsTo(USE_RIGHT)[0]?.body).toEqual({ right: 'TF0000000001' });
    expect(api.callsTo(USE_RIGHT)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(within(claimed).getByText('Tessera del tifoso: TF0000000001')).toBeInTheDocument();
    expect(screen.queryByTestId('suggested-right')).not.toBeInTheDocument();

    // Shown again with the form after "use another right".
    await user.click(within(claimed).getByRole('button', { name: 'Usa un altro diritto' }));
    expect(await screen.findAllByTestId('suggested-right')).toHaveLength(2);
  });

  it('says a refused suggested right as a typed one', async () => {
    const { user } = open({
      suggested: [{ right: 'A1B2C3D4E5F6G7H8', source: 'seal', first_name: 'Anna', last_name: 'Neri' }],
      use: refused(409, 'right_used'),
    });

    await user.click(await screen.findByRole('button', { name: 'Usa il sigillo A1B2C3D4E5F6G7H8 (Anna Neri)' }));

    expect(await within(await form()).findByRole('alert')).toHaveTextContent('Questo diritto è già stato usato per questa partita.');
    expect(rightField()).toHaveValue('A1B2C3D4E5F6G7H8');
  });

  it('offers no rights when the account gives none', async () => {
    open();

    expect(await form()).toBeInTheDocument();
    expect(screen.queryByText('I tuoi diritti per questa partita')).not.toBeInTheDocument();
    expect(screen.queryByTestId('suggested-right')).not.toBeInTheDocument();
  });

  it("closes the blocks of a sector the fan's right does not open", async () => {
    const { user } = open({ right: { ...CARD, sectors: 'DI' } }, '/selectedfixture/7?sector=TC');

    const note = await screen.findByTestId('sector-closed');
    expect(note).toHaveTextContent('Il tuo diritto di prelazione non vale per questo settore.');
    expect(screen.getByTestId('block-3')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByTestId('sector-DI'));
    expect(screen.queryByTestId('sector-closed')).not.toBeInTheDocument();
  });

  it.each([
    [
      'right_not_found',
      refused(404, 'right_not_found'),
      'Questa tessera o questo sigillo fiscale non dà diritto di prelazione per questa partita: controlla di averlo scritto bene.',
    ],
    [
      'no_preemption_phase',
      refused(409, 'no_preemption_phase', {
        phase: { current: null, next: { kind: 'free_sale', starts_at: '2027-06-08T08:00:00Z' }, now: '2027-06-01T08:00:00Z' },
      }),
      'Ora non è in corso una fase di prelazione per questa partita. Prossima fase: Vendita libera.',
    ],
    ['right_not_for_sector', refused(409, 'right_not_for_sector'), 'Questo diritto non vale per nessuno dei settori in vendita in questa fase.'],
    ['right_used', refused(409, 'right_used'), 'Questo diritto è già stato usato per questa partita.'],
    ['rate_limited', refused(429, 'rate_limited'), 'Troppi tentativi non riusciti: aspetta qualche minuto e riprova.'],
  ])("says %s in the fan's words", async (_code, answer, text) => {
    const { user } = open({ use: answer });
    await form();
    await user.type(rightField(), 'TF0000000009');
    await user.click(submit());

    const alert = await within(await form()).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
    expect(screen.queryByTestId('preemption-claimed')).not.toBeInTheDocument();
  });

  it('says a blank or malformed right on the field', async () => {
    const { api, user } = open({ use: refused(422, 'validation_failed', { right: 'a card number or a fiscal seal' }) });
    await form();

    await user.click(submit());
    expect(rightField()).toHaveAccessibleDescription('Scrivi il numero della tessera o il sigillo fiscale.');
    expect(rightField()).toHaveFocus();
    expect(api.callsTo(USE_RIGHT)).toHaveLength(0);

    await user.type(rightField(), 'TF?');
    await user.click(submit());
    await waitFor(() =>
      expect(rightField()).toHaveAccessibleDescription(
        'Scrivi un numero di tessera (per esempio TF0000000001) o un sigillo fiscale: da 3 a 40 lettere e cifre.',
      ),
    );
    expect(rightField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = open({ use: refused(409, 'right_used') });

    const banner = await screen.findByRole('region', { name: 'Sale phases' });
    expect(within(banner).getByText('Now: Priority for supporter card holders')).toBeInTheDocument();
    expect(within(banner).getByText('Next phase: Open sale')).toBeInTheDocument();
    expect(within(banner).getByRole('timer').parentElement).toHaveTextContent(/^Ends in /);
    const english = await screen.findByRole('form', { name: 'Use your pre-emption right' });
    const field = within(english).getByRole('textbox', { name: 'Card number or fiscal seal' });
    await user.type(field, 'TF0000000001');
    await user.click(within(english).getByRole('button', { name: 'Use my right' }));
    expect(await within(english).findByRole('alert')).toHaveTextContent('This right has already been used for this match.');
  });

  it("offers an English fan their account's rights", async () => {
    await act(() => i18n.changeLanguage('en'));
    open({
      suggested: [
        { right: 'TF0000000001', source: 'card', first_name: 'Mario', last_name: 'Rossi' },
        { right: 'A1B2C3D4E5F6G7H8', source: 'seal', first_name: 'Anna', last_name: 'Neri' },
      ],
    });

    const rights = await screen.findByRole('region', { name: 'Your rights for this match' });
    expect(within(rights).getAllByTestId('suggested-right').map((button) => button.textContent)).toEqual([
      'Use card TF0000000001 (Mario Rossi)',
      'Use seal A1B2C3D4E5F6G7H8 (Anna Neri)',
    ]);
  });

  it('tells an English fan the sectors their right opens', async () => {
    await act(() => i18n.changeLanguage('en'));
    open({ right: CARD });

    const claimed = await screen.findByRole('region', { name: 'Your pre-emption right' });
    expect(within(claimed).getByText('Supporter card: TF0000000001')).toBeInTheDocument();
    expect(within(claimed).getByTestId('preemption-sectors')).toHaveTextContent('You may pick one seat in sectors: TC, DI');
    expect(within(claimed).getByRole('button', { name: 'Use another right' })).toBeInTheDocument();
  });

  it('says nothing of rights during the free sale', async () => {
    const { api } = open({ phase: 'free_sale' });

    expect(await screen.findByRole('group', { name: /^Mappa dello stadio/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(PHASES)).toHaveLength(1));
    expect(screen.queryByTestId('phase-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Usa il tuo diritto di prelazione' })).not.toBeInTheDocument();
    expect(api.callsTo(MY_RIGHT)).toHaveLength(0);
  });
});

describe("a block's seats during a match's pre-emption", () => {
  const BLOCK = '/selectedfixturetickets/7?block=3';

  it('shows the seats but lets no one without a right pick them', async () => {
    const { api, user } = open({}, BLOCK);
    await drawnSeatMap();

    expect(await screen.findByTestId('phase-banner')).toHaveAttribute('data-phase', 'fidelity_card');
    expect(await form()).toBeInTheDocument();
    const restricted = await screen.findByTestId('phase-restricted');
    expect(restricted).toHaveTextContent(
      'Ora possono acquistare solo i tifosi con un diritto di prelazione: puoi guardare i posti, ma non ancora sceglierli. Hai un diritto di prelazione? Usalo qui sopra per scegliere un posto.',
    );
    expect(seat(111)).toHaveAttribute('aria-disabled', 'true');
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(screen.queryByRole('button', { name: 'Blocca i posti' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Miglior posto|Migliori posti/ })).not.toBeInTheDocument();
    expect(api.callsTo(HOLD)).toHaveLength(0);
  });

  it('lets a fan with a right hold one seat, and one only', async () => {
    const { api, user } = open({ right: CARD }, BLOCK);
    await drawnSeatMap();
    await waitFor(() => expect(seat(111)).toHaveAttribute('aria-disabled', 'false'));

    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    await user.click(seat(112));
    expect(seat(112)).toHaveAttribute('data-state', 'free');
    expect(await screen.findByTestId('one-seat-per-right')).toHaveTextContent(
      'Con un diritto di prelazione puoi scegliere un solo posto.',
    );

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    await waitFor(() => expect(api.callsTo(HOLD)).toHaveLength(1));
    expect(api.callsTo(HOLD)[0]?.body).toEqual({ seat_ids: [111] });
    expect(await screen.findByTestId('hold-summary')).toBeInTheDocument();
  });

  it("does not let a fan pick in a sector their right does not open, and names those it does", async () => {
    const { api, user } = open({ right: { ...CARD, sectors: 'DI' } }, BLOCK);
    await drawnSeatMap();

    const notice = await screen.findByTestId('right-not-for-block');
    expect(notice).toHaveTextContent(
      'Il tuo diritto di prelazione non vale per questo settore. Puoi scegliere un posto nei settori: DI',
    );
    expect(within(notice).getByRole('link', { name: 'Torna allo stadio' })).toHaveAttribute('href', '/selectedfixture/7');
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(api.callsTo(HOLD)).toHaveLength(0);
  });

  it("says the server's refusals of a hold in the fan's words", async () => {
    const { user } = open(
      { right: { ...CARD, sectors: '' }, routes: { [HOLD]: refused(409, 'right_not_for_sector', { sectors: 'DI' }) } },
      BLOCK,
    );
    await drawnSeatMap();
    await waitFor(() => expect(seat(111)).toHaveAttribute('aria-disabled', 'false'));

    await user.click(seat(111));
    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    expect(await screen.findByTestId('preemption-refusal')).toHaveTextContent(
      'Il tuo diritto di prelazione non vale per questo settore. Puoi scegliere un posto nei settori: DI',
    );
    expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
  });

  it('turns a hold refused for want of a right into the phase and the countdown to its end', async () => {
    const now = Date.now();
    const { user } = open(
      {
        right: CARD,
        routes: {
          [HOLD]: refused(409, 'preemption_phase', {
            phase: {
              current: { kind: 'fidelity_card', ends_at: new Date(now + 2 * 86_400_000).toISOString() },
              next: { kind: 'free_sale', starts_at: new Date(now + 3 * 86_400_000).toISOString() },
              now: new Date(now).toISOString(),
            },
          }),
        },
      },
      BLOCK,
    );
    await drawnSeatMap();
    await waitFor(() => expect(seat(111)).toHaveAttribute('aria-disabled', 'false'));

    await user.click(seat(111));
    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    const refusal = await screen.findByTestId('phase-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(within(refusal).getByText('In corso: Prelazione con la tessera del tifoso')).toBeInTheDocument();
    expect(within(refusal).getByTestId('phase-refusal-countdown').parentElement).toHaveTextContent(/^Termina tra /);
  });

  it("says the right is in another fan's order when going on to buy", async () => {
    const { user } = open(
      { right: CARD, routes: { 'POST /api/fixtures/7/checkout': refused(409, 'right_in_use') } },
      BLOCK,
    );
    await drawnSeatMap();
    await waitFor(() => expect(seat(111)).toHaveAttribute('aria-disabled', 'false'));
    await user.click(seat(111));
    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    await user.click(await screen.findByTestId('checkout-button'));

    expect(await screen.findByTestId('preemption-refusal')).toHaveTextContent(
      'Questo diritto è già in un ordine di un altro tifoso in attesa di pagamento: riprova più tardi o usa un altro diritto.',
    );
  });

  it('says a right buys one seat, in a sector it opens, when going on to buy with more held', async () => {
    const { user } = open(
      {
        right: CARD,
        routes: { 'POST /api/fixtures/7/checkout': refused(409, 'one_seat_per_right', { sectors: 'TC,DI' }) },
      },
      BLOCK,
    );
    await drawnSeatMap();
    await waitFor(() => expect(seat(111)).toHaveAttribute('aria-disabled', 'false'));
    await user.click(seat(111));
    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    await user.click(await screen.findByTestId('checkout-button'));

    expect(await screen.findByTestId('preemption-refusal')).toHaveTextContent(
      'Con un diritto di prelazione puoi acquistare un solo posto, in un settore che il diritto apre: libera gli altri posti. Puoi scegliere un posto nei settori: TC, DI',
    );
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();
  });
});
