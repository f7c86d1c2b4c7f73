import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQuery } from '../auth/useSession';
import { blockSeatsQuery, fixtureQuery, fixturesQuery } from '../fixtures/api';
import { orderQuery } from '../orders/api';
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
 */
const ROUTES: [string, Preload][] = [
  ['/', (_params, _search, client) => [pages.home(), client.prefetchQuery(fixturesQuery(null))]],
  ['/mmobile', (_params, _search, client) => [pages.home(), client.prefetchQuery(fixturesQuery(null))]],
  ['/fixtures/:type', () => pages.fixtures()],
  [
    '/selectedfixture/:id',
    (params, _search, client) => {
      const id = fixtureId(params);
      return [pages.selectedFixture(), id !== null && client.prefetchQuery(fixtureQuery(id))];
    },
  ],
  [
    '/selectedfixturetickets/:id',
    (params, search, client) => {
      const id = fixtureId(params);
      const blockId = positive(search.get('block'));
      return [
        pages.selectedFixtureTickets(),
        id !== null && client.prefetchQuery(fixtureQuery(id)),
        id !== null && blockId !== null && client.prefetchQuery(blockSeatsQuery(id, blockId)),
      ];
    },
  ],
  ['/checkout/thankyou/:id', (params, _search, client) => [pages.thankYou(), preloadOrder(client, params.id)]],
  ['/checkout/declined/:id', (params, _search, client) => [pages.declined(), preloadOrder(client, params.id)]],
  ['/checkout/:id', (params, _search, client) => [pages.checkout(), preloadOrder(client, params.id)]],
  ['/vrocheck/:id', (params, _search, client) => [pages.checkout(), preloadOrder(client, params.id)]],
  ['/wallet', () => pages.wallet()],
  ['/myaccount', () => pages.myAccount()],
  ['/accedi', () => pages.signIn()],
];

function preloadOrder(client: QueryClient, id: string | undefined) {
  return id !== undefined && client.prefetchQuery(orderQuery(id));
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
