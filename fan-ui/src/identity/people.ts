import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import { personKey, type HolderDraft } from '../orders/holderRules';
import { DOCUMENT_TYPES, SEXES } from '../orders/types';
import type { CardRelationship, Identity, IdentityInput, SavedPerson } from '../../../api-types';

/**
 * The fan's saved people (`/api/me/people`): family and friends kept with their identity,
 * offered when naming a ticket's holder, passing a ticket on and applying for a supporter card.
 * Loaded with the pages that use them only.
 */

/** Who a saved person is to the fan: any card relationship but "self" (the API refuses it). */
export const PERSON_RELATIONSHIPS = ['child', 'partner', 'parent', 'sibling', 'other'] as const satisfies readonly CardRelationship[];
export type PersonRelationship = (typeof PERSON_RELATIONSHIPS)[number];

/** How many people an account may save (`too_many_people` beyond). */
export const MAX_PEOPLE = 20;

export const savedPeopleKey = ['saved-people'] as const;

/** `GET /api/me/people`: the fan's saved people, by name. */
export const savedPeopleQuery = queryOptions({
  queryKey: savedPeopleKey,
  queryFn: () => apiGet<SavedPerson[]>('/api/me/people'),
});

/**
 * `POST /api/me/people` (a new person) or `PUT /api/me/people/{id}` (a saved one's new details):
 * the person as saved. Refused as the fan's own identity is (422, the identity's field codes,
 * and `relationship`, `fiscal_code: is_you`), or 409 `person_already_saved`, `too_many_people`.
 */
export function savePerson(relationship: PersonRelationship, person: IdentityInput, id?: string): Promise<SavedPerson> {
  const body = { relationship, person };
  return id === undefined
    ? apiSend<SavedPerson>('POST', '/api/me/people', body)
    : apiSend<SavedPerson>('PUT', `/api/me/people/${encodeURIComponent(id)}`, body);
}

/** `DELETE /api/me/people/{id}`: forgets a saved person (tickets named for them keep their holder). */
export function forgetPerson(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/me/people/${encodeURIComponent(id)}`);
}

/** Someone else's identity as the identity form starts from it: blank (the countries Italy, as the form makes them). */
export const BLANK_IDENTITY: Identity = {
  first_name: '',
  last_name: '',
  fiscal_code: '',
  birth_date: null,
  sex: '',
  birth_country: '',
  birth_province: '',
  birth_municipality: '',
  birth_place: '',
  residence_country: '',
  residence_province: '',
  residence_municipality: '',
  address: '',
  document_type: '',
  document_number: '',
  phone: '',
  registration: 'none',
};

/** A saved person as the identity form starts from it (their identity; nothing to register). */
export function personIdentity(person: SavedPerson): Identity {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    fiscal_code: person.fiscal_code,
    birth_date: person.birth_date,
    sex: person.sex,
    birth_country: person.birth_country,
    birth_province: person.birth_province,
    birth_municipality: person.birth_municipality,
    birth_place: person.birth_place,
    residence_country: person.residence_country,
    residence_province: person.residence_province,
    residence_municipality: person.residence_municipality,
    address: person.address,
    document_type: person.document_type,
    document_number: person.document_number,
    phone: person.phone,
    registration: 'none',
  };
}

/** What a saved person fills in a ticket's holder: names, birth date and place, sex and document. */
export type PersonHolder = Omit<HolderDraft, 'reduction_id'>;

export function personHolder(person: SavedPerson): PersonHolder {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    birth_date: person.birth_date,
    // The municipality's name, or the foreign country's: what a ticket's birthplace says.
    birth_place: person.birth_place,
    sex: SEXES.find((sex) => sex === person.sex) ?? '',
    document_type: DOCUMENT_TYPES.find((type) => type === person.document_type) ?? '',
    document_number: person.document_number,
  };
}

/**
 * The saved person a holder's draft names (as the API tells people apart: last name, first
 * name, birth date), or undefined: a ticket filled from one shows them chosen until edited.
 */
export function personNamed(
  people: readonly SavedPerson[],
  holder: Pick<HolderDraft, 'first_name' | 'last_name' | 'birth_date'>,
): SavedPerson | undefined {
  if (holder.first_name.trim() === '' && holder.last_name.trim() === '') {
    return undefined;
  }
  const key = personKey(holder);
  return people.find((person) => personKey(person) === key);
}

/** The relationship a saved person was saved with; `other` for one this app does not know. */
export function personRelationship(person: Pick<SavedPerson, 'relationship'>): PersonRelationship {
  return PERSON_RELATIONSHIPS.find((relationship) => relationship === person.relationship) ?? 'other';
}

/** "Giulia Rossi". */
export function personName(person: Pick<SavedPerson, 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

/** A birth date (YYYY-MM-DD) as dd/mm/yyyy. */
export function birthDateText(date: string): string {
  const [year, month, day] = date.split('-');
  return year === undefined || month === undefined || day === undefined ? date : `${day}/${month}/${year}`;
}
