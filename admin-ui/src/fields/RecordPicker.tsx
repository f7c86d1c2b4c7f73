import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { Identifier } from 'react-admin';
import { idOf } from './idOf';

/** What every picker of one record (a fixture, a season ticket) takes from its page. */
export type PickerProps<R> = {
  value: Identifier | '';
  onChange: (id: Identifier | '') => void;
  /** Already translated. */
  label: ReactNode;
  /** Keeps only the records it accepts (every one offered when absent). */
  accept?: (record: R) => boolean;
  /** Shown under the select when none can be chosen (already translated). */
  emptyText?: string;
} & Pick<TextFieldProps, 'id' | 'name' | 'onBlur' | 'error' | 'helperText' | 'required' | 'inputRef' | 'sx' | 'fullWidth'>;

type RecordPickerProps<R extends { id: Identifier }> = PickerProps<R> & {
  records: readonly R[];
  isPending: boolean;
  optionText: (record: R) => ReactNode;
};

/**
 * A select of one record among `records` (those `accept` keeps), for the pages where staff work
 * on one fixture or season ticket outside a react-admin form. Nothing is chosen until the
 * records are read, and never one that is not offered.
 */
export function RecordPicker<R extends { id: Identifier }>({
  records,
  isPending,
  optionText,
  value,
  onChange,
  label,
  accept,
  emptyText,
  helperText,
  sx,
  ...rest
}: RecordPickerProps<R>) {
  const offered = accept === undefined ? records : records.filter(accept);
  const shown = offered.some((record) => String(record.id) === String(value)) ? String(value) : '';
  const empty = !isPending && offered.length === 0;
  return (
    <TextField
      {...rest}
      select
      label={label}
      value={shown}
      onChange={(event) => onChange(idOf(event.target.value, offered))}
      helperText={helperText ?? (empty ? emptyText : undefined)}
      sx={sx ?? { minWidth: 360 }}
      size="small"
    >
      {offered.map((record) => (
        <MenuItem key={record.id} value={String(record.id)}>
          {optionText(record)}
        </MenuItem>
      ))}
    </TextField>
  );
}
