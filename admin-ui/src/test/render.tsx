import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { ADMIN_BASENAME, AdminApp } from '../AdminApp';
import { CSRF_PATH } from '../api/csrf';
import { i18nProvider } from '../i18n/i18nProvider';
import { adminTheme } from '../theme';

interface RenderOptions {
  locale?: 'it' | 'en';
  /** For components that read react-admin resources (lists, show pages). */
  dataProvider?: DataProvider;
  /** To look into react-admin's cache afterwards. */
  queryClient?: QueryClient;
}

/** Renders inside react-admin's context (translations, theme, query client) in `locale`. */
export function renderInAdmin(ui: ReactElement, { locale = 'it', dataProvider, queryClient }: RenderOptions = {}) {
  return render(
    <AdminContext
      i18nProvider={i18nProvider}
      theme={adminTheme}
      store={memoryStore({ locale })}
      dataProvider={dataProvider}
      queryClient={queryClient}
    >
      {ui}
    </AdminContext>,
  );
}

/** `GET /api/me` for a signed-in staff member, for tests that render the whole admin app. */
export const STAFF_ME = {
  id: '0b7e5a8e-2f43-4c55-9a1e-3c0a9a7d4f10',
  email: 'staff@lario.test',
  name: 'Marco (biglietteria)',
  display_name: 'Marco (biglietteria)',
  first_name: 'Marco',
  last_name: 'Ferri',
  language: 'it',
  acc_level: 2,
  role: 'staff',
};

/**
 * Renders the whole admin app (its real data, auth and i18n providers over the stubbed fetch)
 * at `path` under /admin, as a browser would open it, in `locale`. Stub `/api/me` (STAFF_ME).
 */
export function renderAdminApp(path: string, { locale = 'it' }: { locale?: 'it' | 'en' } = {}) {
  // react-admin keeps the chosen language in its store, in localStorage.
  window.localStorage.setItem('RaStore.locale', JSON.stringify(locale));
  return render(
    <TestMemoryRouter initialEntries={[`${ADMIN_BASENAME}${path}`]}>
      <Routes>
        <Route path={`${ADMIN_BASENAME}/*`} element={<AdminApp />} />
      </Routes>
    </TestMemoryRouter>,
  );
}

type StubRoute = { status?: number; body: unknown; headers?: Record<string, string> } | Error;

/** The CSRF token the stubbed API hands out at `GET /api/auth/csrf`. */
export const TEST_CSRF_TOKEN = 'test-csrf-token';

/**
 * A react-admin list answer: the rows, and the `Content-Range` header ra-data-simple-rest reads
 * the total from.
 */
export function listRoute(resource: string, rows: readonly unknown[], total = rows.length): StubRoute {
  const end = Math.max(rows.length - 1, 0);
  return { body: rows, headers: { 'Content-Range': `${resource} 0-${end}/${total}` } };
}

/**
 * Stubs the browser's fetch: each path answers its JSON body (or fails); others get 404. A key
 * may name the method too (`'PUT /api/admin/fixtures/7'`), which wins over the bare path. A
 * list of answers is given in turn, one per call, the last one repeating (a wrong code, then a
 * right one). `GET /api/auth/csrf` answers TEST_CSRF_TOKEN unless routed, and is left out of the
 * returned mock's calls, so tests see only the calls they care about.
 */
export function stubFetch(routes: Record<string, StubRoute | readonly StubRoute[]>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const path = pathOf(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = routes[`${method} ${path}`] !== undefined ? `${method} ${path}` : path;
    const answers = routes[key];
    let route: StubRoute | undefined;
    if (Array.isArray(answers)) {
      const made = calls.get(key) ?? 0;
      calls.set(key, made + 1);
      route = answers[Math.min(made, answers.length - 1)];
    } else {
      route = answers as StubRoute | undefined;
    }
    if (route === undefined) {
      return Promise.resolve(new Response(null, { status: 404 }));
    }
    if (route instanceof Error) {
      return Promise.reject(route);
    }
    return Promise.resolve(
      new Response(route.status === 204 ? null : JSON.stringify(route.body), {
        status: route.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...route.headers },
      }),
    );
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      if (pathOf(input) === CSRF_PATH && routes[CSRF_PATH] === undefined) {
        return Promise.resolve(
          new Response(JSON.stringify({ csrf_token: TEST_CSRF_TOKEN }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return fetchMock(input, init);
    }),
  );
  return fetchMock;
}

/** The path of a fetch call, without the query string. */
export function pathOf(input: Parameters<typeof fetch>[0]): string {
  return urlOf(input).pathname;
}

/** A fetch call's URL, to read its query parameters (react-admin's `filter`, `range`...). */
export function urlOf(input: Parameters<typeof fetch>[0]): URL {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://localhost');
}
