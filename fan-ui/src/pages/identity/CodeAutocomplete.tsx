import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NS } from '../../i18n';

/** A place to choose: its code (ISO, province letters, ISTAT) and its name as shown. */
export interface CodeOption {
  code: string;
  label: string;
}

interface CodeAutocompleteProps {
  id: string;
  name: string;
  /** The input's accessible name: nothing is added to it (no asterisk). */
  label: string;
  options: readonly CodeOption[];
  /** The chosen code; "" for none. */
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  hint?: string;
  /** The list is on its way, or could not be read. */
  loading: boolean;
  failed: boolean;
  disabled?: boolean;
}

/**
 * A place chosen by typing part of its name (accents aside) and picking it from the list; the
 * value is the place's code. Required: the form's intro says so, the input says it to screen
 * readers.
 */
export function CodeAutocomplete({ id, name, label, options, value, onChange, error, hint, loading, failed, disabled = false }: CodeAutocompleteProps) {
  const { t } = useTranslation(IDENTITY_NS);
  // Until the list arrives the code has no option: the field shows empty, not a stale name.
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.code}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      autoHighlight
      loading={loading}
      loadingText={t('form.loading')}
      noOptionsText={failed ? t('form.loadFailed') : t('form.noOptions')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          error={error !== undefined}
          helperText={error ?? (failed ? t('form.loadFailed') : hint)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, required: true, 'data-testid': id },
          }}
        />
      )}
    />
  );
}
