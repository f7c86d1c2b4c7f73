import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ExportKind } from '../exports/types';
import { urlOf, type stubFetch } from './render';

/**
 * Helpers for the pages that list records and act on one after a confirmation (approve, remove):
 * the calls the stubbed API saw, and the steps through a row's confirmation dialog.
 */

type FetchMock = ReturnType<typeof stubFetch>;
type FetchCall = Parameters<typeof fetch>;

/** The reads (GETs) of the list at `path`. */
export function listReads(fetchMock: FetchMock, path: string): FetchCall[] {
  return fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === path && init?.method === undefined);
}

/** A query parameter of the latest read of the list at `path` (`filter`, `sort`), parsed. */
export function lastListParam(fetchMock: FetchMock, path: string, param: 'filter' | 'sort' | 'range'): unknown {
  const query = urlOf(listReads(fetchMock, path).at(-1)?.[0] ?? '').searchParams;
  return JSON.parse(query.get(param) ?? 'null') as unknown;
}

/** The calls made with `method` (`PUT`, `DELETE`, `POST`). */
export function callsWith(fetchMock: FetchMock, method: string): FetchCall[] {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === method);
}

/** A call's JSON body, parsed. */
export function jsonBody(call: FetchCall | undefined): unknown {
  return JSON.parse(String(call?.[1]?.body)) as unknown;
}

/** The table row that shows `text`, once the list has loaded. */
export async function rowShowing(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

/** Every one of the table's column headers is there (each name as the start of a header). */
export function expectColumns(headers: readonly string[]) {
  for (const header of headers) {
    expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
  }
}

/** Clicks `button` in the row showing `text`; the confirmation dialog that opens. */
export async function openRowConfirmation(user: UserEvent, text: string, button: string): Promise<HTMLElement> {
  await user.click(within(await rowShowing(text)).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

/** Answers the open confirmation with `button` ("Conferma", "Cancel"...). */
export async function answerConfirmation(user: UserEvent, button: string) {
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: button }));
}

/** Cancels the open confirmation and waits for it to close. */
export async function cancelConfirmation(user: UserEvent, button = 'Annulla') {
  await answerConfirmation(user, button);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** The API's 201 to `POST /api/admin/exports` for `kind`: an export queued, of no fixture. */
export function queuedExportRoute(kind: ExportKind, fileName: string) {
  return {
    status: 201,
    body: {
      id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a99',
      kind,
      fixture_id: null,
      fixture_title: null,
      state: 'queued',
      rows_total: null,
      rows_done: 0,
      progress: 0,
      file_name: fileName,
      size_bytes: null,
      error: null,
      requested_by: 'staff@lario.test',
      created_at: '2026-11-25T09:00:00Z',
      finished_at: null,
      expires_at: '2026-11-26T09:00:00Z',
    },
  };
}

/**
 * Clicks a list's "Export to Excel" (`button`, in the page's language) and checks what followed:
 * the notification that the export started (`started`), and the one call made, `POST
 * /api/admin/exports` with `body`.
 */
export async function exportFromList(
  user: UserEvent,
  fetchMock: FetchMock,
  { button = 'Esporta in Excel', started, body }: { button?: string; started: string; body: unknown },
) {
  await user.click(screen.getByRole('button', { name: button }));

  expect(await screen.findByText(started)).toBeInTheDocument();
  const [post, ...others] = callsWith(fetchMock, 'POST');
  expect(others).toHaveLength(0);
  expect(urlOf(post?.[0] ?? '').pathname).toBe('/api/admin/exports');
  expect(jsonBody(post)).toEqual(body);
}

/**
 * The table's column headers that sort (a sort button in the header), by their text: a header
 * without one does not pretend the API can sort by it.
 */
export function sortableHeaders(): string[] {
  return screen
    .getAllByRole('columnheader')
    .filter((header) => header.querySelector('.MuiTableSortLabel-root') !== null)
    .map((header) => header.textContent ?? '');
}
