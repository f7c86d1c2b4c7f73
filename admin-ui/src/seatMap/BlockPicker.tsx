import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { idOf } from '../fields/idOf';
import { SEAT_MAP } from './seatLook';
import type { Block } from '../../../api-types';

interface BlockPickerProps {
  value: Identifier | '';
  onChange: (id: Identifier | '') => void;
}

/** A choice among every block of the stadium, by sector: whose seats the map draws. */
export function BlockPicker({ value, onChange }: BlockPickerProps) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList<Block>('blocks', {
    sort: { field: 'sector_code', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  return (
    <TextField
      select
      label={translate(`${SEAT_MAP}.block`)}
      value={isPending ? '' : String(value)}
      onChange={(event) => onChange(idOf(event.target.value, data))}
      sx={{ minWidth: 280 }}
      size="small"
    >
      {data.map((block) => (
        <MenuItem key={block.id} value={String(block.id)}>
          {block.sector_code} · {block.code}
          {block.gate ? ` (${block.gate})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
