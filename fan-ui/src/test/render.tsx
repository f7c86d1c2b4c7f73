import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';

/** Renders with the app's providers, a fresh query client and an in-memory router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Stubs the browser's fetch so `/api/version` answers `body` (or fails with `status`). */
export function stubVersionEndpoint(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/version')) {
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** One answer of the stubbed API: a status and a JSON body (none for 204). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** An answer, or a function of the request (its JSON body parsed, its query string) giving one. */
export type StubRoute =
  | StubAnswer
  | ((request: { body: unknown; headers: Headers; search: URLSearchParams }) => StubAnswer);

/** A call the stubbed API received. */
export interface StubCall {
  method: string;
  /** The address as asked, e.g. "http://127.0.0.1:9090/v1/..." for another origin. */
  url: string;
  path: string;
  /** The query string, e.g. "?kind=cup" ("" when none). */
  search: string;
  body: unknown;
  headers: Headers;
}

/** The API's answer to a signed-out `GET /api/me`. */
export const SIGNED_OUT: StubAnswer = {
  status: 401,
  body: { code: 'unauthenticated', message: 'Sign in first', errors: {} },
};

/**
 * Stubs the browser's fetch as the Lario API: `routes` maps "METHOD /path" to answers; the CSRF
 * token, the version and a signed-out `/api/me` are answered unless given. Anything else is 404.
 */
export function stubApi(routes: Record<string, StubRoute>) {
  const all: Record<string, StubRoute> = {
    'GET /api/auth/csrf': { body: { csrf_token: 'test-csrf-token' } },
    'GET /api/version': { body: { name: 'lario', version: '0.1.0', git_sha: '' } },
    'GET /api/me': SIGNED_OUT,
    ...routes,
  };
  const calls: StubCall[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname: path, search, searchParams } = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    // JSON is parsed; anything else (the simulator's form-encoded body) is kept as sent.
    const body: unknown =
      typeof init?.body !== 'string' ? undefined : headers.get('Content-Type')?.includes('json') ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, path, search, body, headers });
    const route = all[`${method} ${path}`];
    if (route === undefined) {
      return Promise.resolve(new Response(null, { status: 404 }));
    }
    const { status = 200, body: answer } = typeof route === 'function' ? route({ body, headers, search: searchParams }) : route;
    return Promise.resolve(
      answer === undefined
        ? new Response(null, { status })
        : new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to `METHOD /path`, oldest first. */
  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);
  return { fetchMock, calls, callsTo };
}
