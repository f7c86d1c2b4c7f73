import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { Block } from '../../../api-types';

/** Block A of the Tribuna Centrale, at gate 1: the block the seat-map tests draw. */
export const blockA: Block = {
  id: 3,
  code: 'A',
  sector_code: 'TC',
  gate: 'Varco 1',
  capacity: 6,
  rows: 2,
  seats_per_row: 3,
  no_map: false,
  away: false,
  season_sellable: true,
};

/** Chooses block A in the seat map's block picker, named `label` ("Blocco" in Italian). */
export async function chooseBlockA(user: ReturnType<typeof userEvent.setup>, label = 'Blocco') {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: 'TC · A (Varco 1)' }));
}
