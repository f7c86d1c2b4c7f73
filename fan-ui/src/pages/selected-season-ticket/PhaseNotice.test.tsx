import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import type { PhaseMoment } from '../../seasons/phases';
import { renderWithProviders } from '../../test/render';
import { PhaseNotice } from './PhaseNotice';

/** The phone's clock: 30 seconds behind the server's. */
const PHONE_NOW = '2027-06-01T08:00:00Z';
const SERVER_NOW = '2027-06-01T08:00:30Z';

/** Last season's holders renew until Sunday night; the free sale opens on Tuesday. */
const RENEWAL: PhaseMoment = {
  current: { kind: 'renewal', name: '', sectors: '', ends_at: '2027-06-03T10:00:00Z' },
  next: { kind: 'free_sale', name: '', starts_at: '2027-06-03T11:05:10Z' },
  now: SERVER_NOW,
};

function show(moment: PhaseMoment, onPassed?: () => void) {
  return renderWithProviders(<PhaseNotice moment={moment} receivedAt={Date.now()} onPassed={onPassed} />);
}

function tick(seconds = 1) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

beforeAll(async () => {
  await i18n.loadNamespaces(SEASON_ORDER_NS);
  await i18n.loadLanguages(['it', 'en']);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date(PHONE_NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PhaseNotice', () => {
  it("names the phase on now, says only fans with a right may buy, and counts down to the next on the server's clock", () => {
    show(RENEWAL);

    const banner = screen.getByTestId('phase-banner');
    expect(banner).toHaveAttribute('data-phase', 'renewal');
    expect(screen.getByRole('region', { name: 'Fasi della vendita' })).toBe(banner);
    expect(within(banner).getByText('In corso: Rinnovo degli abbonamenti')).toBeInTheDocument();
    expect(within(banner).getByText('Gli abbonati della scorsa stagione rinnovano e tengono il loro posto.')).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'Ora possono acquistare solo i tifosi con un diritto di prelazione: puoi guardare i posti, ma non ancora sceglierli.',
      ),
    ).toBeInTheDocument();
    expect(within(banner).getByText('Prossima fase: Vendita libera')).toBeInTheDocument();
    // From the server's 08:00:30, not the phone's 08:00:00.
    const countdown = screen.getByTestId('phase-countdown');
    expect(countdown).toHaveAttribute('role', 'timer');
    expect(countdown).toHaveTextContent('2 giorni, 3 ore, 4 minuti e 40 secondi');
    expect(countdown.parentElement).toHaveTextContent(/^Inizia tra 2 giorni/);

    tick();
    expect(countdown).toHaveTextContent('2 giorni, 3 ore, 4 minuti e 39 secondi');
    tick(40);
    expect(countdown).toHaveTextContent('2 giorni, 3 ore, 3 minuti e 59 secondi');
  });

  it("counts down to the current phase's end when no phase follows, and tells once when it is over", () => {
    const onPassed = vi.fn();
    show({ current: { kind: 'fidelity_card', ends_at: '2027-06-01T08:01:35Z' }, next: null, now: SERVER_NOW }, onPassed);

    expect(screen.getByText('In corso: Prelazione con la tessera del tifoso')).toBeInTheDocument();
    const countdown = screen.getByTestId('phase-countdown');
    expect(countdown.parentElement).toHaveTextContent(/^Termina tra 1 minuto e 5 secondi$/);

    tick(64);
    expect(countdown).toHaveTextContent('1 secondo');
    expect(onPassed).not.toHaveBeenCalled();
    tick();
    expect(countdown).toHaveTextContent('pochi istanti');
    tick(5);
    expect(onPassed).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'change_of_seat',
      'In corso: Cambio posto degli abbonati',
      'Gli abbonati della scorsa stagione rinnovano scegliendo un altro posto: il loro vecchio posto torna libero per le fasi successive.',
      /^Ora solo gli abbonati della scorsa stagione possono scegliere un posto/,
    ],
    [
      'fidelity_card',
      'In corso: Prelazione con la tessera del tifoso',
      'Acquista in anticipo chi ha la tessera del tifoso.',
      /^Ora possono acquistare solo i tifosi con un diritto di prelazione/,
    ],
    [
      'preemption_code',
      'In corso: Prelazione con codice',
      'Acquista in anticipo chi ha ricevuto dal club un codice di prelazione.',
      /^Ora possono acquistare solo i tifosi con un diritto di prelazione/,
    ],
    [
      'group',
      'In corso: Prelazione riservata a un gruppo',
      'Acquistano in anticipo i membri del gruppo.',
      /^Ora possono acquistare solo i tifosi con un diritto di prelazione/,
    ],
  ] as const)('says %s in the fan\'s words, only for fans with a right', (kind, title, about, who) => {
    show({ current: { kind, ends_at: '2027-06-02T08:00:00Z' }, next: null, now: SERVER_NOW });

    const banner = screen.getByTestId('phase-banner');
    expect(within(banner).getByText(title)).toBeInTheDocument();
    expect(within(banner).getByText(about)).toBeInTheDocument();
    expect(within(banner).getByText(who)).toBeInTheDocument();
  });

  it("names a group's phase after the group, with the sectors it opens", () => {
    show({
      current: { kind: 'group', name: 'Como Cup', sectors: 'TC,CC', ends_at: '2027-06-02T08:00:00Z' },
      next: null,
      now: SERVER_NOW,
    });
    expect(screen.getByText('In corso: Prelazione riservata: Como Cup')).toBeInTheDocument();
    expect(screen.getByText('Settori: TC, CC')).toBeInTheDocument();
  });

  it('opens the free sale to everyone: no word of rights', () => {
    show({ current: { kind: 'free_sale', ends_at: '2027-08-01T08:00:00Z' }, next: null, now: SERVER_NOW });

    const banner = screen.getByTestId('phase-banner');
    expect(banner).toHaveAttribute('data-phase', 'free_sale');
    expect(within(banner).getByText('In corso: Vendita libera')).toBeInTheDocument();
    expect(within(banner).getByText("Tutti possono acquistare l'abbonamento.")).toBeInTheDocument();
    expect(within(banner).queryByText(/diritto di prelazione/)).not.toBeInTheDocument();
  });

  it('before any phase, names the next one and counts down to it; with none, says nothing', () => {
    const { unmount } = show({ current: null, next: { kind: 'renewal', starts_at: '2027-06-01T09:00:30Z' }, now: SERVER_NOW });
    const banner = screen.getByTestId('phase-banner');
    expect(banner).toHaveAttribute('data-phase', 'none');
    expect(within(banner).getByText('Prossima fase: Rinnovo degli abbonamenti')).toBeInTheDocument();
    expect(screen.getByTestId('phase-countdown')).toHaveTextContent('1 ora, 0 minuti e 0 secondi');
    unmount();

    show({ current: null, next: null, now: SERVER_NOW });
    expect(screen.queryByTestId('phase-banner')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    show(RENEWAL);

    const banner = screen.getByTestId('phase-banner');
    expect(within(banner).getByText('Now: Season ticket renewal')).toBeInTheDocument();
    expect(
      within(banner).getByText('Only fans with a pre-emption right may buy now: you can look at the seats, but not choose them yet.'),
    ).toBeInTheDocument();
    expect(within(banner).getByText('Next phase: Open sale')).toBeInTheDocument();
    expect(screen.getByTestId('phase-countdown')).toHaveTextContent('2 days, 3 hours, 4 minutes, and 40 seconds');
    expect(screen.getByTestId('phase-countdown').parentElement).toHaveTextContent(/^Starts in 2 days/);
  });
});
