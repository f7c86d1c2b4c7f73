import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQuery } from '../auth/useSession';
import { blockSeatsQuery, fixtureQuery, fixturesQuery } from '../fixtures/api';
import { orderQuery } from '../orders/api';
import { roomQuery } from '../queue/room';
import { seasonBlockQuery, seasonTicketQuery, seasonTicketsQuery } from '../seasons/api';
import { pages } from './pages';

type Preload = (params: Record<string, string | undefined>, search: URLSearchParams, client: QueryClient) => unknown;

const fixtureId = (params: Record<string, string | undefined>) => positive(params.id);

function positive(value: string | null | undefined): number | null {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * The pages a fan lands on from a link or a bookmark, with the data each shows first. Without
 * this, a phone asks for the page's code only once the app's code has run, and for its data
 * only once the page's code has: three round trips one after the other instead of one at once.
 * Each asks for its data before its code: a page's code is a score of small files, and the
 * browser opens six connections at most (HTTP/1.1), so data asked for after them waited for a
 * free connection (a block's seats, the largest answer, came last).
 */
const ROUTES: [string, Preload][] = [
  ['/', (_params, _search, client) => [client.prefetchQuery(fixturesQuery(null)), pages.home()]],
  ['/mmobile', (_params, _search, client) => [client.prefetchQuery(fixturesQuery(null)), pages.home()]],
  ['/fixtures/season', (_params, _search, client) => [client.prefetchQuery(seasonTicketsQuery), pages.seasonTickets()]],
  ['/fixtures/:type', () => pages.fixtures()],
  [
    '/selectedfixture/:id',
    (params, _search, client) => {
      const id = fixtureId(params);
      return [
        id !== null && client.prefetchQuery(fixtureQuery(id)),
        // The waiting room: while it guards the on-sale, a fan without an admission goes to its queue.
        id !== null && client.prefetchQuery(roomQuery('fixture', id)),
        pages.selectedFixture(),
      ];
    },
  ],
  [
    '/selectedfixturetickets/:id',
    (params, search, client) => {
      const id = fixtureId(params);
      const blockId = positive(search.get('block'));
      return [
        // The block first: ~45 kB of seats, the page's longest answer.
        id !== null && blockId !== null && client.prefetchQuery(blockSeatsQuery(id, blockId)),
        id !== null && client.prefetchQuery(fixtureQuery(id)),
        id !== null && client.prefetchQuery(roomQuery('fixture', id)),
        pages.selectedFixtureTickets(),
      ];
    },
  ],
  [
    '/selectedseasonticket/:id',
    (params, search, client) => {
      const id = fixtureId(params);
      const blockId = positive(search.get('block'));
      return [
        id !== null && blockId !== null && client.prefetchQuery(seasonBlockQuery(id, blockId)),
        id !== null && client.prefetchQuery(seasonTicketQuery(id)),
        id !== null && client.prefetchQuery(roomQuery('season', id)),
        pages.selectedSeasonTicket(),
      ];
    },
  ],
  [
    '/queue/:type/:id',
    (params, _search, client) => {
      const id = fixtureId(params);
      const type = params.type === 'fixture' || params.type === 'season' ? params.type : null;
      return [id !== null && type !== null && client.prefetchQuery(roomQuery(type, id)), pages.queue()];
    },
  ],
  ['/checkout/thankyou/:id', (params, _search, client) => [preloadOrder(client, params.id), pages.thankYou()]],
  ['/checkout/declined/:id', (params, _search, client) => [preloadOrder(client, params.id), pages.declined()]],
  ['/checkout/:id', (params, _search, client) => [preloadOrder(client, params.id), pages.checkout()]],
  ['/vrocheck/:id', (params, _search, client) => [preloadOrder(client, params.id), pages.checkout()]],
  ['/wallet', () => pages.wallet()],
  ['/myaccount', () => pages.myAccount()],
  ['/accedi', () => pages.signIn()],
];

/**
 * The order, then its fixture (the fares each ticket may have): the checkout draws its form once
 * with both, rather than once with the order and again when the fixture follows.
 */
function preloadOrder(client: QueryClient, id: string | undefined) {
  if (id === undefined) {
    return false;
  }
  return client.prefetchQuery(orderQuery(id)).then(() => {
    const fixtureId = client.getQueryData(orderQuery(id).queryKey)?.fixture.id;
    return fixtureId === undefined ? undefined : client.prefetchQuery(fixtureQuery(fixtureId));
  });
}

/**
 * Starts, all at once, what the page at `location` needs: its code, its data and who is signed
 * in. Called before the app renders; whatever fails here is asked again, and reported, by the
 * page itself.
 */
export function preloadRoute(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  void client.prefetchQuery(sessionQuery);
  for (const [pattern, preload] of ROUTES) {
    const match = matchPath(pattern, location.pathname);
    if (match !== null) {
      const started = preload(match.params, new URLSearchParams(location.search), client);
      // A page's code that fails to load is loaded again, and the failure shown, by React.lazy.
      void Promise.allSettled([started].flat());
      return;
    }
  }
}
