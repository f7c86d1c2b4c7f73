import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  missing: boolean;
  autoFocus?: boolean;
}

/** react-admin's PasswordInput needs a form context; a plain field with the same look does not. */
export function PasswordField({ value, onChange, missing, autoFocus = false }: PasswordFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      name="password"
      type="password"
      label={translate('ra.auth.password')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="current-password"
      autoFocus={autoFocus}
      required
      fullWidth
      error={missing}
      helperText={missing ? translate('ra.validation.required') : undefined}
    />
  );
}
