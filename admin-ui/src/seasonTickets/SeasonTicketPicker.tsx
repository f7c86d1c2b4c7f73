import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useGetList, type Identifier } from 'react-admin';
import { idOf } from '../fields/idOf';
import type { SeasonTicket } from '../../../api-types';

export type SeasonTicketPickerProps = {
  value: Identifier | '';
  onChange: (id: Identifier | '') => void;
  /** Already translated. */
  label: ReactNode;
  /** Keeps only the season tickets it accepts (every one when absent). */
  accept?: (season: SeasonTicket) => boolean;
  /** Shown under the select when no season ticket can be chosen (already translated). */
  emptyText?: string;
} & Pick<TextFieldProps, 'id' | 'name' | 'onBlur' | 'error' | 'helperText' | 'required' | 'inputRef' | 'sx' | 'fullWidth'>;

/**
 * A choice among the season tickets, by name (they are few: read whole), as FixturePicker for a
 * fixture: for the pages where staff work on one season ticket outside a react-admin form.
 */
export function SeasonTicketPicker({ value, onChange, label, accept, emptyText, helperText, sx, ...rest }: SeasonTicketPickerProps) {
  const { data = [], isPending } = useGetList<SeasonTicket>('season-tickets', {
    pagination: { page: 1, perPage: 100 },
  });
  const seasons = accept === undefined ? data : data.filter(accept);
  // Nothing chosen until the season tickets are read, and never one that is not offered.
  const shown = seasons.some((season) => String(season.id) === String(value)) ? String(value) : '';
  const empty = !isPending && seasons.length === 0;
  return (
    <TextField
      {...rest}
      select
      label={label}
      value={shown}
      onChange={(event) => onChange(idOf(event.target.value, seasons))}
      helperText={helperText ?? (empty ? emptyText : undefined)}
      sx={sx ?? { minWidth: 360 }}
      size="small"
    >
      {seasons.map((season) => (
        <MenuItem key={season.id} value={String(season.id)}>
          {season.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
