import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { blockA, chooseBlockA } from '../test/seatMap';
import { aFixture } from '../test/fixtures';
import type { LockOutcome, SeatView } from '../../../api-types';

const PAGE = '/mass/mass_lock_unlock_seats';
const SEATS = '/api/admin/fixtures/7/blocks/3/seats';
const LOCKS = '/api/admin/fixtures/7/locks';

const lazio = aFixture();
const seats: SeatView[] = [
  { id: 101, row: '1', number: 1, label: 'TC-A-1-1', state: 'free' },
  { id: 102, row: '1', number: 2, label: 'TC-A-1-2', state: 'sold' },
  { id: 103, row: '2', number: 1, label: 'TC-A-2-1', state: 'held', held_until: '2026-12-01T10:30:00Z' },
  { id: 104, row: '2', number: 2, label: 'TC-A-2-2', state: 'locked' },
];

function locksApi(answer: LockOutcome) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', [lazio]),
    '/api/admin/blocks': listRoute('blocks', [blockA]),
    [SEATS]: { body: seats },
    [`POST ${LOCKS}`]: { body: answer },
  });
}

async function chooseFixtureAndBlock(user: ReturnType<typeof userEvent.setup>, fixture = 'Partita', block = 'Blocco') {
  await user.click(await screen.findByRole('combobox', { name: fixture }));
  await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
  await chooseBlockA(user, block);
}

const postedBody = (fetchMock: ReturnType<typeof stubFetch>) => {
  const post = fetchMock.mock.calls.find(([input, init]) => init?.method === 'POST' && urlOf(input).pathname === LOCKS);
  expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
  return JSON.parse(String(post?.[1]?.body)) as unknown;
};

describe('mass seat lock and unlock', () => {
  it("shows the chosen block's seats coloured by state, each picked or dropped with a click", async () => {
    const fetchMock = locksApi({ changed: [], skipped: [], unknown: [] });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Blocco e sblocco posti' })).toBeInTheDocument();
    await chooseFixtureAndBlock(user);

    const free = await screen.findByTestId('map-seat-101');
    expect(free).toHaveAttribute('data-state', 'free');
    expect(free).toHaveAccessibleName('TC-A-1-1, Libero');
    expect(screen.getByTestId('map-seat-102')).toHaveAttribute('data-state', 'sold');
    expect(screen.getByTestId('map-seat-103')).toHaveAttribute('data-state', 'held');
    expect(screen.getByTestId('map-seat-103')).toHaveAttribute('title', 'TC-A-2-1 · Riservato · riservato fino a 01/12/26, 11:30:00');
    expect(screen.getByTestId('map-seat-104')).toHaveAttribute('data-state', 'locked');
    expect(within(screen.getByRole('group', { name: 'Fila 2' })).getAllByRole('button')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === SEATS)).toBe(true);

    expect(screen.getByTestId('lock-button')).toBeDisabled();
    await user.click(free);
    expect(free).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/1 posto selezionato/)).toBeInTheDocument();
    expect(screen.getByTestId('lock-button')).toBeEnabled();
    await user.click(free);
    expect(free).toHaveAttribute('aria-pressed', 'false');
  });

  it('locks the seats picked on the map by id and shows what changed and what was skipped', async () => {
    const fetchMock = locksApi({ changed: [101], skipped: [{ id: 102, label: 'TC-A-1-2', state: 'sold' }], unknown: [] });
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await chooseFixtureAndBlock(user);

    await user.click(await screen.findByTestId('map-seat-101'));
    await user.click(screen.getByTestId('map-seat-102'));
    await user.click(screen.getByTestId('lock-button'));

    const result = await screen.findByTestId('lock-result');
    expect(result).toHaveTextContent('1 posto bloccato');
    expect(result).toHaveTextContent('1 posto non modificato:');
    expect(result).toHaveTextContent('TC-A-1-2 — Venduto');
    expect(within(result).queryByTestId('lock-unknown')).not.toBeInTheDocument();
    expect(postedBody(fetchMock)).toEqual({ seat_ids: [101, 102], locked: true });
    // The selection is done with; the map is read again.
    await waitFor(() => expect(screen.getByTestId('map-seat-101')).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === SEATS).length).toBeGreaterThan(1),
    );
  });

  it('unlocks pasted labels and lists the seats skipped with their state and the unknown labels', async () => {
    const fetchMock = locksApi({
      changed: [104],
      skipped: [
        { id: 101, label: 'TC-A-1-1', state: 'free' },
        { id: 102, label: 'TC-A-1-2', state: 'sold' },
      ],
      unknown: ['XX-1', 'TC-Z-9-9'],
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await user.click(await screen.findByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));

    await user.type(screen.getByTestId('labels-input'), 'TC-A-2-2\nTC-A-1-1, TC-A-1-2\nXX-1;TC-Z-9-9\nTC-A-2-2');
    expect(screen.getByText(/5 etichette incollate/)).toBeInTheDocument();
    await user.click(screen.getByTestId('unlock-button'));

    const result = await screen.findByTestId('lock-result');
    expect(postedBody(fetchMock)).toEqual({
      labels: ['TC-A-2-2', 'TC-A-1-1', 'TC-A-1-2', 'XX-1', 'TC-Z-9-9'],
      locked: false,
    });
    expect(result).toHaveTextContent('1 posto sbloccato');
    const skipped = within(result).getByTestId('lock-skipped');
    expect(skipped).toHaveTextContent('2 posti non modificati:');
    expect(within(skipped).getByText(/TC-A-1-1/).closest('li')).toHaveTextContent('TC-A-1-1 — Libero');
    expect(within(skipped).getByText(/TC-A-1-2/).closest('li')).toHaveTextContent('TC-A-1-2 — Venduto');
    const unknown = within(result).getByTestId('lock-unknown');
    expect(unknown).toHaveTextContent('2 etichette sconosciute:');
    expect(unknown).toHaveTextContent('XX-1, TC-Z-9-9');
  });

  it('speaks English, result included', async () => {
    const fetchMock = locksApi({
      changed: [101, 105],
      skipped: [{ id: 103, label: 'TC-A-2-1', state: 'held' }],
      unknown: ['XX-1'],
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lock and unlock seats' })).toBeInTheDocument();
    await chooseFixtureAndBlock(user, 'Match', 'Block');
    expect(await screen.findByTestId('map-seat-101')).toHaveAccessibleName('TC-A-1-1, Free');
    await user.click(screen.getByTestId('map-seat-101'));
    await user.type(screen.getByTestId('labels-input'), 'TC-A-1-5, TC-A-2-1, XX-1');
    await user.click(screen.getByTestId('lock-button'));

    const result = await screen.findByTestId('lock-result');
    expect(postedBody(fetchMock)).toEqual({ labels: ['TC-A-1-5', 'TC-A-2-1', 'XX-1', 'TC-A-1-1'], locked: true });
    expect(result).toHaveTextContent('2 seats locked');
    expect(result).toHaveTextContent('1 seat left unchanged:');
    expect(result).toHaveTextContent('TC-A-2-1 — Held');
    expect(result).toHaveTextContent('1 unknown label:');
  });

  it('says so when the lock is refused', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/fixtures': listRoute('fixtures', [lazio]),
      '/api/admin/blocks': listRoute('blocks', [blockA]),
      [`POST ${LOCKS}`]: { status: 404, body: { code: 'fixture_not_found', message: 'No such fixture', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await user.click(await screen.findByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
    await user.type(screen.getByTestId('labels-input'), 'TC-A-1-1');
    await user.click(screen.getByTestId('lock-button'));

    expect(await screen.findByText('Partita non trovata.')).toBeInTheDocument();
    expect(screen.queryByTestId('lock-result')).not.toBeInTheDocument();
  });
});
