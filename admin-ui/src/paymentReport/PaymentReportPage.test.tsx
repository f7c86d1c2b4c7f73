import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { PaymentReportRow } from '../../../api-types';

const PAGE = '/reports/stripe-report';
const REPORT = '/api/admin/payment-report';

const paidToday: PaymentReportRow = {
  id: '2026-11-25|paid',
  day: '2026-11-25',
  kind: 'paid',
  count: 12,
  total_cents: 1_250_000,
  provider_count: 14,
  provider_total_cents: 1_262_340,
  matched: false,
  only_here: ['pi_3QhereOnly'],
  only_there: ['pi_3QthereOne', 'pi_3QthereTwo'],
};
const refundedToday: PaymentReportRow = {
  id: '2026-11-25|refunded',
  day: '2026-11-25',
  kind: 'refunded',
  count: 1,
  total_cents: 6_000,
  provider_count: 1,
  provider_total_cents: 6_000,
  matched: true,
  only_here: [],
  only_there: [],
};
const paidYesterday: PaymentReportRow = {
  id: '2026-11-24|paid',
  day: '2026-11-24',
  kind: 'paid',
  count: 3,
  total_cents: 18_000,
  provider_count: 3,
  provider_total_cents: 18_000,
  matched: true,
  only_here: [],
  only_there: [],
};

type Routes = Parameters<typeof stubFetch>[0];

function reportApi(rows: PaymentReportRow[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [REPORT]: listRoute('payment-report', rows),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const reads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === REPORT);
const lastFilter = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(urlOf(reads(fetchMock).at(-1)?.[0] ?? '').searchParams.get('filter') ?? '') as unknown;
const rowOf = (kind: string, day: string) =>
  within(
    screen
      .getAllByText(kind)
      .map((cell) => cell.closest('tr') as HTMLElement)
      .find((row) => within(row).queryByText(day) !== null) as HTMLElement,
  );

beforeEach(() => {
  // Only the clock, from 10:00 in Como on 25 November 2026, moving on as time passes (the
  // filters' debounce reads it).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the payment report', () => {
  it('opens on the last 30 days, newest day first: ours and Stripe’s count and total, matched or not', async () => {
    const { fetchMock } = reportApi([paidToday, refundedToday, paidYesterday]);
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Report dei pagamenti', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Report pagamenti' })).toHaveClass('RaMenuItemLink-active');
    await screen.findAllByText('Pagamenti incassati');
    expect(lastFilter(fetchMock)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(screen.getByLabelText('Dal')).toHaveValue('2026-10-27');
    expect(screen.getByLabelText('Al')).toHaveValue('2026-11-25');

    const table = screen.getAllByRole('table').at(-1) as HTMLElement;
    const days = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByRole('time').textContent);
    expect(days).toEqual(['25/11/2026', '25/11/2026', '24/11/2026']);

    const matched = rowOf('Pagamenti incassati', '24/11/2026');
    expect(matched.getByTestId('here-total')).toHaveTextContent('180,00 €');
    expect(matched.getByTestId('there-total')).toHaveTextContent('180,00 €');
    expect(matched.getAllByText('3 operazioni')).toHaveLength(2);
    expect(matched.getByText('Coincide').closest('[data-ok]')).toHaveAttribute('data-ok', 'true');

    const refunds = rowOf('Rimborsi', '25/11/2026');
    expect(refunds.getAllByText('1 operazione')).toHaveLength(2);
    expect(refunds.getByTestId('here-total')).toHaveTextContent('60,00 €');

    const unmatched = rowOf('Pagamenti incassati', '25/11/2026');
    expect(unmatched.getByTestId('here-total')).toHaveTextContent('12.500,00 €');
    expect(unmatched.getByTestId('there-total')).toHaveTextContent('12.623,40 €');
    expect(unmatched.getByText('12 operazioni')).toBeInTheDocument();
    expect(unmatched.getByText('14 operazioni')).toBeInTheDocument();
    // Not matched: said in words with its icon, not by colour alone.
    const chip = unmatched.getByText('Non coincide').closest('[data-ok]');
    expect(chip).toHaveAttribute('data-ok', 'false');
    expect(chip?.querySelector('svg')).not.toBeNull();

    for (const header of ['Giorno', 'Tipo', 'Da noi', 'Su Stripe', 'Esito', 'Differenze']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('names the ids only one side has on a row that does not match', async () => {
    reportApi([paidToday, refundedToday, paidYesterday]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findAllByText('Pagamenti incassati');
    const unmatched = rowOf('Pagamenti incassati', '25/11/2026');
    expect(unmatched.getByText('1 solo da noi · 2 solo su Stripe')).toBeInTheDocument();
    expect(unmatched.queryByText('pi_3QhereOnly')).not.toBeInTheDocument();
    const show = unmatched.getByRole('button', { name: 'Mostra gli id' });
    expect(show).toHaveAttribute('aria-expanded', 'false');

    await user.click(show);

    const here = unmatched.getByText('Solo da noi').parentElement as HTMLElement;
    expect(within(here).getByText('pi_3QhereOnly')).toBeInTheDocument();
    const there = unmatched.getByText('Solo su Stripe').parentElement as HTMLElement;
    expect(within(there).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['pi_3QthereOne', 'pi_3QthereTwo']);
    expect(unmatched.getByRole('button', { name: 'Nascondi gli id' })).toHaveAttribute('aria-expanded', 'true');
    // A matched row has nothing to show.
    expect(rowOf('Rimborsi', '25/11/2026').queryByRole('button')).not.toBeInTheDocument();
  });

  it("sums ours and Stripe's totals for the range, by payments and refunds", async () => {
    reportApi([paidToday, refundedToday, paidYesterday]);
    renderAdminApp(PAGE, { locale: 'en' });

    const totals = within(await screen.findByRole('region', { name: 'Totals for the range' }));
    expect(totals.getByText('1 row does not match')).toBeInTheDocument();
    const paid = within(totals.getByTestId('totals-paid'));
    expect(paid.getByText('Payments taken')).toBeInTheDocument();
    // 12,500.00 + 180.00 here; 12,623.40 + 180.00 at Stripe.
    expect(paid.getByText('€12,680.00')).toBeInTheDocument();
    expect(paid.getByText('(15 transactions)')).toBeInTheDocument();
    expect(paid.getByText('€12,803.40')).toBeInTheDocument();
    expect(paid.getByText('(17 transactions)')).toBeInTheDocument();
    expect(paid.getByText('€123.40 apart')).toBeInTheDocument();
    const refunded = within(totals.getByTestId('totals-refunded'));
    expect(refunded.getAllByText('€60.00')).toHaveLength(2);
    expect(refunded.getByText('Equal').closest('[data-ok]')).toHaveAttribute('data-ok', 'true');
  });

  it('asks for the days chosen', async () => {
    const { fetchMock } = reportApi([paidYesterday]);
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findAllByText('Payments taken');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });

    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ from: '2026-11-01', to: '2026-11-30' }));
  });

  it.each([
    [
      'it',
      400,
      { code: 'invalid_query', message: 'The from filter is not valid', errors: { from: 'invalid_filter' } },
      'Le date non sono valide: scegli due giorni, il primo non dopo il secondo, per un periodo di al massimo 93 giorni.',
    ],
    [
      'en',
      400,
      { code: 'invalid_query', message: 'The from filter is not valid', errors: { from: 'invalid_filter' } },
      'The dates are not valid: choose two days, the first not after the second, at most 93 days apart.',
    ],
    [
      'it',
      502,
      { code: 'provider_unavailable', message: 'The payment provider did not answer: try again shortly', errors: {} },
      'Stripe non risponde, quindi il confronto non si può fare adesso. Riprova tra poco.',
    ],
    [
      'en',
      502,
      { code: 'provider_unavailable', message: 'The payment provider did not answer: try again shortly', errors: {} },
      'Stripe is not answering, so the comparison cannot be made now. Try again shortly.',
    ],
  ] as const)('in %s, says in its own words why there is no report (%i)', async (locale, status, body, message) => {
    reportApi([], { [REPORT]: { status, body } });
    renderAdminApp(`${PAGE}?filter=${encodeURIComponent(JSON.stringify({ from: '2026-11-30', to: '2026-11-01' }))}`, {
      locale,
    });

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(body.message)).not.toBeInTheDocument();
  });

  it('asks Stripe again when it did not answer', async () => {
    const { routes, fetchMock } = reportApi([], {
      [REPORT]: {
        status: 502,
        body: { code: 'provider_unavailable', message: 'The payment provider did not answer: try again shortly', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findByText('Stripe is not answering, so the comparison cannot be made now. Try again shortly.');
    const before = reads(fetchMock).length;
    routes[REPORT] = listRoute('payment-report', [paidYesterday]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Payments taken', { selector: 'td span' })).toBeInTheDocument();
    expect(reads(fetchMock).length).toBe(before + 1);
  });
});
