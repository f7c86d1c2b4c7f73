import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import {
  answerConfirmation,
  callsWith,
  cancelConfirmation,
  expectColumns,
  exportFromList,
  lastListParam,
  listReads,
  openRowConfirmation,
  queuedExportRoute,
  rowShowing,
} from '../test/recordActions';
import type { SupporterCard } from '../../../api-types';

const PAGE = '/fidelity_card';
const LIST = '/api/admin/supporter-cards';
const CARD_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d01';
const ONE = `${LIST}/${CARD_ID}`;
const USER_ID = '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11';
const NUMBER = 'TF0000000001';

const issued: SupporterCard = {
  id: CARD_ID,
  card_number: NUMBER,
  holder_first_name: 'Luca',
  holder_last_name: 'Neri',
  holder_birth_date: '1990-04-01',
  card_state: 'issued',
  expires_on: '2031-11-24',
  created_at: '2026-11-24T17:05:00Z',
  user_id: USER_ID,
  user_email: 'fan@lario.test',
};
const registered: SupporterCard = {
  ...issued,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d02',
  card_number: 'TF0000000002',
  holder_first_name: 'Anna',
  holder_birth_date: '2012-09-30',
  card_state: 'registered',
  expires_on: null,
};

type Routes = Parameters<typeof stubFetch>[0];

/** The stubbed API; `routes` may change while a test runs (the list once a card is gone). */
function cardsApi(rows: SupporterCard[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('supporter-cards', rows),
    ...extra,
  };
  return Object.assign(stubFetch(routes), { routes });
}

const REMOVE = "Rimuovi dall'account";

describe('the supporter cards page', () => {
  it('lists the cards at /admin/fidelity_card, newest first, with the account linking to its user', async () => {
    const fetchMock = cardsApi([issued, registered]);
    renderAdminApp(PAGE);

    const cells = within(await rowShowing(NUMBER));
    for (const text of ['Luca Neri', 'nascita: 01/04/1990', 'Emessa', 'scade il 24/11/2031']) {
      expect(cells.getByText(text)).toBeInTheDocument();
    }
    expect(cells.getByRole('link', { name: 'fan@lario.test' })).toHaveAttribute('href', `/admin/users/${USER_ID}/show`);
    // 17:05 UTC on 24 November is 18:05 in Como.
    expect(cells.getByText('24/11/26, 18:05:00')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: REMOVE })).toBeEnabled();

    const other = within(await rowShowing('TF0000000002'));
    expect(other.getByText('Anna Neri')).toBeInTheDocument();
    expect(other.getByText('Registrata')).toBeInTheDocument();
    expect(other.queryByText(/^scade il/)).not.toBeInTheDocument();

    expectColumns(['Numero della tessera', 'Titolare', 'Stato della tessera', "E-mail dell'account", 'Aggiunta il']);
    expect(lastListParam(fetchMock, LIST, 'sort')).toEqual(['created_at', 'DESC']);
  });

  it('searches by card number, holder or e-mail', async () => {
    const fetchMock = cardsApi([issued]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await rowShowing(NUMBER);

    await user.type(screen.getByPlaceholderText("Cerca per numero, titolare o e-mail dell'account"), 'neri');
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'neri' }));
  });

  it("opens narrowed to one account, which it shows by e-mail as a filter staff can remove", async () => {
    const fetchMock = cardsApi([issued], { [`/api/admin/users/${USER_ID}`]: { body: { id: USER_ID, email: 'fan@lario.test' } } });
    const user = userEvent.setup();
    renderAdminApp(`${PAGE}?filter=${encodeURIComponent(JSON.stringify({ user_id: USER_ID }))}`);
    await rowShowing(NUMBER);

    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ user_id: USER_ID });
    const account = screen.getByRole('textbox', { name: 'Account' });
    await waitFor(() => expect(account).toHaveValue('fan@lario.test'));
    expect(account).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Rimuovi questo filtro' }));
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({}));
    expect(screen.queryByRole('textbox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows no account filter when the list is not narrowed to one', async () => {
    const fetchMock = cardsApi([issued]);
    renderAdminApp(PAGE);
    await rowShowing(NUMBER);

    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({});
    expect(screen.queryByRole('textbox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rimuovi questo filtro' })).not.toBeInTheDocument();
  });

  it('removes a card from its account after a confirmation, with DELETE', async () => {
    const fetchMock = cardsApi([issued, registered], { [`DELETE ${ONE}`]: { body: issued } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const dialog = await openRowConfirmation(user, NUMBER, REMOVE);
    expect(within(dialog).getByText(`Rimuovere la tessera ${NUMBER} da fan@lario.test?`)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "La tessera di Luca Neri non sarà più legata all'account fan@lario.test. Resta valida nel sistema di biglietteria: un account potrà aggiungerla di nuovo.",
      ),
    ).toBeInTheDocument();
    expect(callsWith(fetchMock, 'DELETE')).toHaveLength(0);
    fetchMock.routes[LIST] = listRoute('supporter-cards', [registered]);
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText("Tessera rimossa dall'account.")).toBeInTheDocument();
    const [call, ...others] = callsWith(fetchMock, 'DELETE');
    expect(others).toHaveLength(0);
    expect(urlOf(call?.[0] ?? '').pathname).toBe(ONE);
    expect(new Headers(call?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(screen.queryByText(NUMBER)).not.toBeInTheDocument());
    expect(screen.getByText('TF0000000002')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const fetchMock = cardsApi([issued]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await openRowConfirmation(user, NUMBER, REMOVE);
    await cancelConfirmation(user);

    expect(callsWith(fetchMock, 'DELETE')).toHaveLength(0);
    expect(screen.getByText(NUMBER)).toBeInTheDocument();
  });

  it('says in its own words, in English too, when the card could not be removed, and reads the list again', async () => {
    const fetchMock = cardsApi([issued], {
      [`DELETE ${ONE}`]: { status: 404, body: { code: 'not_found', message: 'No such supporter card', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    const dialog = await openRowConfirmation(user, NUMBER, 'Remove from the account');
    expect(within(dialog).getByText(`Remove card ${NUMBER} from fan@lario.test?`)).toBeInTheDocument();
    const readsBefore = listReads(fetchMock, LIST).length;
    await answerConfirmation(user, 'Confirm');

    expect(
      await screen.findByText('Could not remove the card from the account, or it had already been removed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No such supporter card')).not.toBeInTheDocument();
    await waitFor(() => expect(listReads(fetchMock, LIST).length).toBeGreaterThan(readsBefore));
  });

  it('exports every card to Excel (kind fidelity_cards)', async () => {
    const fetchMock = cardsApi([issued], {
      'POST /api/admin/exports': queuedExportRoute('fidelity_cards', 'tessere-2026-11-25.xlsx'),
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await rowShowing(NUMBER);

    await exportFromList(user, fetchMock, {
      started: 'Esportazione «Tessere del tifoso» avviata: il file si prepara in background.',
      body: { kind: 'fidelity_cards' },
    });
  });
});
