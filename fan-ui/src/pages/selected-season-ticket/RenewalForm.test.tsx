import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubAnswer, type StubRoute } from '../../test/render';
import { aPhaseTimeline, aRenewalOrder, aSeasonDetail, aSeasonHold, SEASON_ORDER_ID } from '../../test/seasons';
import type { PhaseKind, RenewalRequest } from '../../../../api-types';

const RENEWAL = 'POST /api/season-tickets/10000/renewal';
const PHASES = 'GET /api/season-tickets/10000/phases';

interface Options {
  signedIn?: boolean;
  phase?: PhaseKind | null;
  renewal?: StubRoute;
}

/** Season ticket 10000's page during its renewal phase, with the renewal answered by `renewal`. */
function open({ signedIn = true, phase = 'renewal', renewal = { status: 201, body: aRenewalOrder() } }: Options = {}) {
  const api = stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    [PHASES]: () => ({ body: aPhaseTimeline(phase) }),
    'GET /api/season-tickets/10000/hold': { body: aSeasonHold() },
    [RENEWAL]: renewal,
    [`GET /api/season-orders/${SEASON_ORDER_ID}`]: { body: aRenewalOrder() },
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: '/selectedseasonticket/10000' });
  return { api, user };
}

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

const field = {
  right: () => screen.getByRole('textbox', { name: 'Sigillo fiscale o codice di rinnovo' }),
  first_name: () => screen.getByRole('textbox', { name: 'Nome' }),
  last_name: () => screen.getByRole('textbox', { name: 'Cognome' }),
  birth_date: () => screen.getByLabelText(/^Data di nascita/),
  birth_province: () => screen.getByRole('textbox', { name: 'Provincia di nascita' }),
  birth_place: () => screen.getByRole('textbox', { name: 'Luogo di nascita' }),
  sex: () => screen.getByRole('combobox', { name: 'Sesso' }),
};

async function fill(user: UserEvent, values: RenewalRequest = MARIO) {
  await screen.findByTestId('renewal-form');
  await user.type(field.right(), values.right);
  await user.type(field.first_name(), values.first_name);
  await user.type(field.last_name(), values.last_name);
  await user.type(field.birth_date(), values.birth_date);
  await user.type(field.birth_province(), values.birth_province);
  await user.type(field.birth_place(), values.birth_place);
  await user.selectOptions(field.sex(), values.sex);
}

async function renew(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento" }));
}

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../season-checkout/SeasonCheckoutPage'),
    import('../sign-in/SignInPage'),
    i18n.loadNamespaces(SEASON_ORDER_NS),
  ]);
});

describe('renewing a season ticket', () => {
  it('shows the renewal phase and its form, each field labelled, with its hint', async () => {
    open();

    const banner = await screen.findByTestId('phase-banner');
    expect(within(banner).getByText('In corso: Rinnovo degli abbonamenti')).toBeInTheDocument();
    expect(within(banner).getByText(/^Ora possono acquistare solo i tifosi con un diritto di prelazione/)).toBeInTheDocument();
    expect(within(banner).getByTestId('phase-countdown')).toHaveTextContent(
      // The free sale opens in three days, by the server's clock.
      /^(3 giorni, 0 ore, 0 minuti e 0 secondi|2 giorni, 23 ore, 59 minuti e \d+ secondi)$/,
    );

    const form = await screen.findByTestId('renewal-form');
    expect(within(form).getByRole('heading', { level: 2, name: 'Rinnova il tuo abbonamento' })).toBeInTheDocument();
    expect(field.right()).toHaveAccessibleDescription(
      "Il sigillo fiscale è stampato sull'abbonamento della scorsa stagione; il codice di rinnovo (P1-…) è quello che il club ti ha mandato via e-mail.",
    );
    expect(field.right()).toHaveAttribute('data-testid', 'renewal-right');
    expect(field.birth_province()).toHaveAccessibleDescription('Due lettere, per esempio CO. Per chi è nato all\'estero: EE.');
    expect(field.birth_place()).toHaveAccessibleDescription("Il comune; per chi è nato all'estero, lo Stato.");
    expect(field.birth_date()).toHaveAttribute('type', 'date');
    expect(within(field.sex()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Scegli', 'Maschio', 'Femmina']);
    expect(screen.getByTestId('renewal-submit')).toHaveTextContent("Rinnova l'abbonamento");
  });

  it('renews with the right and the holder, and goes on to check and pay the order on the kept seat', async () => {
    const { api, user } = open();
    await fill(user);

    await renew(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo(RENEWAL)).toHaveLength(1);
    expect(api.callsTo(RENEWAL)[0]?.body).toEqual({ ...MARIO, birth_province: 'CO' });
    expect(api.callsTo(RENEWAL)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(screen.getByTestId('renewal-badge')).toHaveTextContent('Rinnovo');
  });

  it("marks the field that does not match the holder's record, never with the API's words", async () => {
    const { user } = open({ renewal: refused(422, 'holder_mismatch', { field: 'birth_date' }) });
    await fill(user);

    await renew(user);

    await waitFor(() => expect(field.birth_date()).toHaveAttribute('aria-invalid', 'true'));
    expect(field.birth_date()).toHaveAccessibleDescription("Non corrisponde ai dati dell'abbonato");
    expect(field.birth_date()).toHaveFocus();
    expect(field.first_name()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();

    // Corrected, the mark goes.
    await user.clear(field.birth_date());
    await user.type(field.birth_date(), '1980-05-18');
    expect(field.birth_date()).toHaveAttribute('aria-invalid', 'false');
  });

  it('says an unknown seal or code on the right\'s field', async () => {
    const { user } = open({ renewal: refused(404, 'holder_not_found') });
    await fill(user);
    await renew(user);

    await waitFor(() => expect(field.right()).toHaveAttribute('aria-invalid', 'true'));
    expect(field.right()).toHaveAccessibleDescription(
      'Nessun abbonato ha questo sigillo fiscale o codice di rinnovo: controllalo.',
    );
  });

  it('says each other refusal in its own words', async () => {
    const answers: StubAnswer[] = [
      refused(409, 'already_renewed'),
      refused(409, 'renewal_in_progress'),
      refused(409, 'no_kept_seat'),
      refused(409, 'renewal_quota', { quota: 2 }),
      refused(409, 'no_renewal_phase', { phase: { current: null, next: null, now: new Date().toISOString() } }),
      refused(429, 'rate_limited'),
    ];
    const { api, user } = open({ renewal: () => answers.shift() ?? { status: 500 } });
    await fill(user);

    for (const text of [
      'Questo abbonamento è già stato rinnovato.',
      'Qualcun altro sta pagando il rinnovo di questo abbonamento: riprova più tardi.',
      "Non c'è un posto tenuto per questo abbonato: contatta il club.",
      'Hai già rinnovato tanti abbonamenti quanti ne avevi acquistati la scorsa stagione (2).',
      'I rinnovi non sono aperti ora.',
      'Troppi tentativi: aspetta qualche minuto e riprova.',
    ]) {
      await renew(user);
      expect(await within(screen.getByTestId('renewal-form')).findByText(text)).toBeInTheDocument();
    }
    expect(api.callsTo(RENEWAL)).toHaveLength(6);
    // Renewals not open: the phases are read again, for the banner.
    expect(api.callsTo(PHASES).length).toBeGreaterThan(1);
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();
  });

  it("puts a 422's field errors on their fields", async () => {
    const { user } = open({ renewal: refused(422, 'validation_failed', { sex: 'M or F', birth_date: 'yyyy-mm-dd' }) });
    await fill(user);
    await renew(user);

    await waitFor(() => expect(field.birth_date()).toHaveAccessibleDescription('Scrivi una data di nascita valida, nel passato.'));
    expect(field.sex()).toHaveAccessibleDescription('Scegli maschio o femmina.');
  });

  it('asks for every field before sending, and for two letters as the province', async () => {
    const { api, user } = open();
    await screen.findByTestId('renewal-form');

    await renew(user);

    expect(field.right()).toHaveAccessibleDescription('Scrivi il sigillo fiscale o il codice di rinnovo.');
    expect(field.right()).toHaveFocus();
    expect(field.first_name()).toHaveAccessibleDescription('Scrivi il nome.');
    expect(field.sex()).toHaveAccessibleDescription('Scegli il sesso.');

    await fill(user, { ...MARIO, birth_province: 'C' });
    await renew(user);
    expect(field.birth_province()).toHaveAccessibleDescription("Due lettere, per esempio CO; EE per chi è nato all'estero.");
    expect(api.callsTo(RENEWAL)).toHaveLength(0);
  });

  it('asks a visitor to sign in first, coming back to the season ticket', async () => {
    open({ signedIn: false });

    const prompt = await screen.findByTestId('sign-in-prompt');
    expect(
      within(prompt).getByText('Eri abbonato la scorsa stagione? Accedi per rinnovare il tuo abbonamento e tenere il tuo posto.'),
    ).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Accedi per continuare' })).toHaveAttribute(
      'href',
      '/accedi?return_to=%2Fselectedseasonticket%2F10000',
    );
    expect(screen.queryByTestId('renewal-form')).not.toBeInTheDocument();
  });

  it('offers no renewal outside the renewal phase', async () => {
    open({ phase: 'fidelity_card' });

    expect(await screen.findByText('In corso: Prelazione con la tessera del tifoso')).toBeInTheDocument();
    expect(screen.queryByTestId('renewal-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-prompt')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = open({ renewal: refused(422, 'holder_mismatch', { field: 'last_name' }) });

    const form = await screen.findByTestId('renewal-form');
    expect(within(form).getByRole('heading', { level: 2, name: 'Renew your season ticket' })).toBeInTheDocument();
    expect(screen.getByText('Now: Season ticket renewal')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Fiscal seal or renewal code' }), MARIO.right);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), MARIO.first_name);
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), MARIO.last_name);
    await user.type(screen.getByLabelText(/^Date of birth/), MARIO.birth_date);
    await user.type(screen.getByRole('textbox', { name: 'Province of birth' }), 'EE');
    await user.type(screen.getByRole('textbox', { name: 'Place of birth' }), 'Svizzera');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sex' }), 'F');
    await user.click(screen.getByRole('button', { name: 'Renew the season ticket' }));

    const lastName = screen.getByRole('textbox', { name: 'Last name' });
    await waitFor(() => expect(lastName).toHaveAccessibleDescription("Does not match the holder's record"));
  });
});
