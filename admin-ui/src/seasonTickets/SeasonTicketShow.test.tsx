import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPhase, aSeasonTicket } from '../test/fixtures';
import { answerConfirmation, callsWith, jsonBody, lastListParam } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch } from '../test/render';

const onSale = aSeasonTicket({ status: 1, inventory_ready: true });

describe("a season ticket's page", () => {
  it('shows its matches, Como times, status, seats, price and rules, its transfer limit too', async () => {
    stubFetch({ '/api/me': { body: STAFF_ME }, '/api/admin/season-tickets/3': { body: onSale } });
    renderAdminApp('/season-tickets/3/show');

    expect(await screen.findByText('Serie A 2026-27')).toBeInTheDocument();
    // The name as the page's title, once (not "Abbonamento Abbonamento 2026-27").
    expect(screen.queryByText(/Abbonamento Abbonamento/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Abbonamento 2026-27')).toHaveLength(2);
    expect(screen.getByText('Prima partita')).toBeInTheDocument();
    expect(screen.getByText('23/08/26, 18:30:00')).toBeInTheDocument();
    expect(screen.getByText('23/05/27, 20:45:00')).toBeInTheDocument();
    expect(screen.getByText('In vendita').closest('[data-status]')).toHaveAttribute('data-status', '1');
    expect(screen.getByText('Pronti')).toBeInTheDocument();
    expect(screen.getByText(/^290,00\s€$/)).toBeInTheDocument();
    expect(screen.getByText('Abbonamenti per acquirente')).toBeInTheDocument();
    // How many of its matches a holder may pass on (the fixture's 3).
    expect(screen.getByText('Limite cessioni').closest('.ra-field')).toHaveTextContent(/^Limite cessioni3$/);
    expect(screen.getByRole('button', { name: 'Togli dalla vendita' })).toBeInTheDocument();
  });

  it('takes it off sale from its page, in English, with PUT {status: 2}', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/season-tickets/3': { body: onSale },
      'PUT /api/admin/season-tickets/3': { body: { ...onSale, status: 2 } },
      '/api/admin/season-tickets': listRoute('season-tickets', []),
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Take off sale' }));
    expect(
      within(await screen.findByRole('dialog')).getByText('Take the season ticket Abbonamento 2026-27 off sale?'),
    ).toBeInTheDocument();
    await answerConfirmation(user, 'Confirm');

    expect(await screen.findByText('Season ticket taken off sale')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ status: 2 });
    expect(await screen.findByText('Off sale')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put on sale' })).toBeInTheDocument();
  });

  it('opens its sale phases from their tab, at .../show/phases', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/season-tickets/3': { body: onSale },
      '/api/admin/phases': listRoute('phases', [aPhase()]),
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show');

    await user.click(await screen.findByRole('tab', { name: 'Fasi di vendita' }));

    // The tab's panel loads with its chunk on first opening: give it time on a busy machine.
    expect(await screen.findByText('Rinnovo', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fasi di vendita' })).toHaveAttribute('aria-selected', 'true');
    expect(lastListParam(fetchMock, '/api/admin/phases', 'filter')).toEqual({ season_ticket_id: 3 });
    expect(screen.getByRole('button', { name: 'Importa dal sistema di biglietteria' })).toBeInTheDocument();
  });
});
