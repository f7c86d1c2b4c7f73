import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import { aMyRenewalRight, aPhaseTimeline, aRenewalOrder, aSeasonDetail, aSeasonHold, SEASON_ORDER_ID } from '../../test/seasons';
import type { MyRenewalRight } from '../../../../api-types';

const RIGHTS = 'GET /api/me/renewal-rights';
const RENEWAL = 'POST /api/season-tickets/10000/renewal';

/** Mario's code, Giulia's renewed already, Luca's without a code, and Anna's for another season ticket. */
const FAMILY: MyRenewalRight[] = [
  aMyRenewalRight(),
  aMyRenewalRight({ first_name: 'Giulia', renewal_code: 'P1-22B4D1', seat_label: 'TC-A-1-6', renewed: true }),
  aMyRenewalRight({ first_name: 'Luca', renewal_code: null, seat_label: null }),
  aMyRenewalRight({ first_name: 'Anna', last_name: 'Verdi', renewal_code: 'P1-99C0E2', season_ticket_ids: [20000] }),
];

/** Season ticket 10000's page during its renewal phase, the fan's rights answered by `rights`. */
function open({ signedIn = true, rights = { body: { items: FAMILY } } }: { signedIn?: boolean; rights?: StubRoute } = {}) {
  const api = stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    'GET /api/season-tickets/10000/phases': () => ({ body: aPhaseTimeline('renewal') }),
    'GET /api/season-tickets/10000/hold': { body: aSeasonHold() },
    [RIGHTS]: rights,
    [RENEWAL]: { status: 201, body: aRenewalOrder() },
    [`GET /api/season-orders/${SEASON_ORDER_ID}`]: { body: aRenewalOrder() },
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: '/selectedseasonticket/10000' });
  return { api, user };
}

/** The page, the session, the phases and the fan's rights read: slow on a busy machine. */
const SLOW = { timeout: 15_000 };

const field = {
  right: () => screen.getByRole('textbox', { name: 'Sigillo fiscale o codice di rinnovo' }),
  first_name: () => screen.getByRole('textbox', { name: 'Nome' }),
  last_name: () => screen.getByRole('textbox', { name: 'Cognome' }),
  birth_date: () => screen.getByLabelText(/^Data di nascita/),
  birth_province: () => screen.getByRole('textbox', { name: 'Provincia di nascita' }),
  birth_place: () => screen.getByRole('textbox', { name: 'Luogo di nascita' }),
  sex: () => screen.getByRole('combobox', { name: 'Sesso' }),
};

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../season-checkout/SeasonCheckoutPage'),
    i18n.loadNamespaces(SEASON_ORDER_NS),
  ]);
});

describe("the fan's season tickets to renew", () => {
  it("lists this season ticket's holders with the fan's e-mail: name, kept seat, code, or renewed", async () => {
    const { api } = open();

    const card = await screen.findByTestId('my-renewal-rights', {}, SLOW);
    expect(within(card).getByRole('heading', { level: 2, name: 'I tuoi abbonamenti da rinnovare' })).toBeInTheDocument();
    const items = within(card).getAllByTestId('my-renewal-right');
    // Anna's right is for another season ticket.
    expect(items.map((item) => within(item).getAllByRole('paragraph')[0]?.textContent)).toEqual([
      'Mario Bianchi',
      'Giulia Bianchi',
      'Luca Bianchi',
    ]);
    const [mario, giulia, luca] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(mario).getByText('Posto: Tribuna Centrale, blocco A, fila 1, posto 5')).toBeInTheDocument();
    expect(within(mario).getByText('Codice di rinnovo: P1-7F3A9C')).toBeInTheDocument();
    expect(within(mario).getByTestId('my-renewal-right-use')).toHaveAccessibleName("Rinnova l'abbonamento di Mario Bianchi");
    expect(within(giulia).getByTestId('my-renewal-right-renewed')).toHaveTextContent('Rinnovato');
    expect(within(giulia).queryByRole('button')).not.toBeInTheDocument();
    expect(within(luca).getByText("Nessun codice di rinnovo: usa il sigillo fiscale dell'abbonamento.")).toBeInTheDocument();
    expect(within(card).queryByText(/Anna/)).not.toBeInTheDocument();
    // Two not renewed yet: they may go in the list of renewals at once.
    expect(within(card).getByTestId('my-renewal-rights-all')).toHaveTextContent('Rinnovali tutti insieme');
    expect(api.callsTo(RIGHTS)).toHaveLength(1);
  });

  it("fills the form in with a right's code and holder; the fan types the rest and renews", async () => {
    const { api, user } = open();

    await user.click(await screen.findByRole('button', { name: "Rinnova l'abbonamento di Mario Bianchi" }, SLOW));

    expect(field.right()).toHaveValue('P1-7F3A9C');
    expect(field.first_name()).toHaveValue('Mario');
    expect(field.last_name()).toHaveValue('Bianchi');
    // On to what only the fan knows.
    expect(field.birth_date()).toHaveFocus();
    await user.type(field.birth_date(), '1980-05-17');
    await user.type(field.birth_province(), 'co');
    await user.type(field.birth_place(), 'Como');
    await user.selectOptions(field.sex(), 'M');
    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento" }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo(RENEWAL)[0]?.body).toEqual({
      right: 'P1-7F3A9C',
      first_name: 'Mario',
      last_name: 'Bianchi',
      birth_date: '1980-05-17',
      birth_province: 'CO',
      birth_place: 'Como',
      sex: 'M',
    });
  });

  it('keeps what was typed for the same holder, clears it for another, and asks for the seal without a code', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: "Rinnova l'abbonamento di Mario Bianchi" }, SLOW));
    await user.type(field.birth_place(), 'Como');

    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento di Mario Bianchi" }));
    expect(field.birth_place()).toHaveValue('Como');

    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento di Luca Bianchi" }));
    expect(field.right()).toHaveValue('');
    expect(field.first_name()).toHaveValue('Luca');
    expect(field.birth_place()).toHaveValue('');
    expect(field.right()).toHaveFocus();
  });

  it('puts every right not renewed in the list of renewals', async () => {
    const { user } = open();

    await user.click(await screen.findByTestId('my-renewal-rights-all', {}, SLOW));

    const rows = await screen.findAllByTestId('renewals-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('textbox', { name: 'Sigillo fiscale o codice di rinnovo' })).toHaveValue('P1-7F3A9C');
    expect(within(rows[1] as HTMLElement).getByRole('textbox', { name: 'Nome' })).toHaveValue('Luca');
    expect(screen.getByTestId('renewals-0-birth_date')).toHaveFocus();

    // Once more: nothing is put in twice.
    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento di Mario Bianchi" }));
    expect(screen.getAllByTestId('renewals-row')).toHaveLength(2);
  });

  it('shows nothing when the club knows no holder with the e-mail for this season ticket', async () => {
    open({ rights: { body: { items: [FAMILY[3]] } } });

    await screen.findByTestId('renewal-form', {}, SLOW);
    await waitFor(() => expect(screen.queryByTestId('my-renewal-rights')).not.toBeInTheDocument());
  });

  it('asks nothing for a visitor', async () => {
    const { api } = open({ signedIn: false });

    await screen.findByTestId('sign-in-prompt', {}, SLOW);
    expect(api.callsTo(RIGHTS)).toHaveLength(0);
    expect(screen.queryByTestId('my-renewal-rights')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    open();

    const card = await screen.findByTestId('my-renewal-rights', {}, SLOW);
    expect(within(card).getByRole('heading', { level: 2, name: 'Your season tickets to renew' })).toBeInTheDocument();
    expect(within(card).getByText('Renewal code: P1-7F3A9C')).toBeInTheDocument();
    expect(within(card).getByText('Renewed')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Renew Mario Bianchi's season ticket" })).toHaveTextContent('Renew');
    expect(within(card).getByRole('button', { name: 'Renew them all at once' })).toBeInTheDocument();
  });
});
