import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState } from 'react-admin';
import { centsToEuroText, parseEuros, validatePriceCents, type EuroInputValue } from './money';

interface EuroInputProps {
  /** The form field holding cents, e.g. `price_cents`. */
  source: string;
  resource?: string;
  label?: string;
  helperText?: string;
}

function textOf(value: unknown, locale: string): string {
  if (typeof value === 'number') {
    return centsToEuroText(value, locale);
  }
  return typeof value === 'string' ? value : '';
}

/**
 * Staff type euros ("65", "65,50" or "65.50"); the form holds cents. The typed text is kept as
 * typed (reformatting on each key would fight the cursor) and only replaced when the form's
 * value changes from outside, e.g. on reset.
 */
export function EuroInput({ source, resource, label, helperText }: EuroInputProps) {
  const [locale] = useLocaleState();
  const { id, field, fieldState, isRequired } = useInput({ source, resource, validate: validatePriceCents });
  const [text, setText] = useState(() => textOf(field.value, locale));
  const [heldValue, setHeldValue] = useState<unknown>(field.value);

  if (field.value !== heldValue) {
    setHeldValue(field.value);
    if (parseEuros(text) !== field.value) {
      setText(textOf(field.value, locale));
    }
  }

  const change = (typed: string) => {
    setText(typed);
    const value: EuroInputValue = typed.trim() === '' ? null : (parseEuros(typed) ?? typed);
    setHeldValue(value ?? '');
    field.onChange(value);
  };

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
      size="small"
      sx={{ minWidth: 220 }}
    />
  );
}
