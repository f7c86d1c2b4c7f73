import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useInput, useTranslate } from 'react-admin';

/**
 * A list's yes-only filter as a switch ("Solo in vigore"): on, the list's filter has
 * `{source}: true`; off, nothing (the list unnarrowed, rather than `false`). Our own rather than
 * react-admin's BooleanInput, which hands the switch a ref prop MUI no longer has. `alwaysOn`, as
 * every filter input, for the list's filters to show it.
 */
export function SwitchFilterInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  return (
    <FormControlLabel
      label={translate(label)}
      control={
        <Switch
          id={id}
          name={field.name}
          checked={field.value === true}
          onChange={(_event, checked) => field.onChange(checked ? true : null)}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mb: 0.5, whiteSpace: 'nowrap' }}
    />
  );
}
