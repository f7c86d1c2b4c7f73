import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { HolderDetails } from '../../../api-types';

// The holder form and the card form as a fan fills them in (a match's checkout, a season's).

/** Ticket `ticket`'s field by its label ("Nome, biglietto 1"). */
export const field = (label: string, ticket: number) => screen.getByLabelText(`${label}, biglietto ${ticket}`);

/** Fills ticket `ticket`'s holder as a fan would, field by field. */
export async function fillHolder(user: UserEvent, ticket: number, holder: HolderDetails) {
  await user.type(field('Nome', ticket), holder.first_name);
  await user.type(field('Cognome', ticket), holder.last_name);
  await user.type(field('Data di nascita', ticket), holder.birth_date);
  await user.type(field('Luogo di nascita', ticket), holder.birth_place);
  await user.selectOptions(field('Tipo di documento', ticket), holder.document_type);
  await user.type(field('Numero del documento', ticket), holder.document_number);
}

/** The fields of ticket `ticket` other than the names (filled by "it's me"). */
export async function fillRest(user: UserEvent, ticket: number, holder: HolderDetails) {
  await user.type(field('Data di nascita', ticket), holder.birth_date);
  await user.type(field('Luogo di nascita', ticket), holder.birth_place);
  await user.selectOptions(field('Tipo di documento', ticket), holder.document_type);
  await user.type(field('Numero del documento', ticket), holder.document_number);
}

export async function payWithCard(user: UserEvent, number = '4242 4242 4242 4242') {
  await user.type(await screen.findByTestId('card-number'), number);
  await user.type(screen.getByTestId('card-expiry'), '12/30');
  await user.type(screen.getByTestId('card-cvc'), '123');
  await user.click(screen.getByTestId('pay-button'));
}

