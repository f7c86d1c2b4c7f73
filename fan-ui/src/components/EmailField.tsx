import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** `username` where it goes with a password, so password managers pair them; `off` for someone else's. */
  autoComplete?: 'email' | 'username' | 'work email' | 'off';
  error?: string | null | undefined;
  /** The input's name and label when it is not the user's own e-mail ("E-mail"). */
  name?: string;
  label?: string;
  /** Shown under the input while it has no error. */
  hint?: string;
}

/** An e-mail input: the e-mail keyboard on a phone, no capitals, no spell check. */
export function EmailField({ value, onChange, autoComplete = 'email', error, name = 'email', label, hint }: EmailFieldProps) {
  const { t } = useTranslation();
  const message = error ?? undefined;
  return (
    <TextField
      name={name}
      type="email"
      label={label ?? t('signIn.email.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      autoComplete={autoComplete}
      error={message !== undefined}
      helperText={message ?? hint}
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}
