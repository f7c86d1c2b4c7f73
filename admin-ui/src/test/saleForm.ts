import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { urlOf, type stubFetch } from './render';

/**
 * Helpers for the box-office sale forms (a match's, a season ticket's): picking in their
 * selects, filling a line's seat and holder, and the sales the stubbed API was sent.
 */

type FetchMock = ReturnType<typeof stubFetch>;

/** The POSTs to `path` (the sales sent). */
export function postsTo(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && urlOf(input).pathname === path);
}

/** Opens the select named `combobox` (in `container`, else anywhere) and picks `option`. */
export async function choose(user: UserEvent, container: HTMLElement | null, combobox: RegExp, option: string | RegExp) {
  const scope = container === null ? screen : within(container);
  await user.click(scope.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** What a test types on a sale's line. */
export interface SaleLineEntry {
  label: string;
  reduction: string | RegExp;
  first: string;
  last: string;
  birth: string;
  place: string;
  /** The document's choice, left an identity card when absent. */
  document?: string;
  number: string;
  /** The sex's choice, left "not given" when absent. */
  sex?: string;
}

/** A line's inputs by their names, in each language. */
const LINE_INPUTS = {
  it: {
    label: /^Etichetta del posto/,
    reduction: /^Riduzione/,
    first: /^Nome/,
    last: /^Cognome/,
    sex: /^Sesso/,
    birth: /^Data di nascita/,
    place: /^Luogo di nascita/,
    document: /^Documento/,
    number: /^Numero del documento/,
  },
  en: {
    label: /^Seat label/,
    reduction: /^Reduction/,
    first: /^First name/,
    last: /^Last name/,
    sex: /^Sex/,
    birth: /^Date of birth/,
    place: /^Place of birth/,
    document: /^Document/,
    number: /^Document number/,
  },
} as const;

/** Fills the line whose group is `group`: its seat label, reduction and holder. */
export async function fillSaleLine(user: UserEvent, group: HTMLElement, line: SaleLineEntry, locale: 'it' | 'en' = 'it') {
  const inputs = LINE_INPUTS[locale];
  const box = within(group);
  await user.type(box.getByRole('textbox', { name: inputs.label }), line.label);
  await choose(user, group, inputs.reduction, line.reduction);
  await user.type(box.getByRole('textbox', { name: inputs.first }), line.first);
  await user.type(box.getByRole('textbox', { name: inputs.last }), line.last);
  if (line.sex !== undefined) {
    await choose(user, group, inputs.sex, line.sex);
  }
  await user.type(box.getByLabelText(inputs.birth), line.birth);
  await user.type(box.getByRole('textbox', { name: inputs.place }), line.place);
  if (line.document !== undefined) {
    await choose(user, group, inputs.document, line.document);
  }
  await user.type(box.getByRole('textbox', { name: inputs.number }), line.number);
}
