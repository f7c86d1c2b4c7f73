import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** `username` where it goes with a password, so password managers pair them. */
  autoComplete?: 'email' | 'username';
  error?: string | null | undefined;
}

/** The e-mail input of the sign-in forms: the e-mail keyboard on a phone, no capitals, no spell check. */
export function EmailField({ value, onChange, autoComplete = 'email', error }: EmailFieldProps) {
  const { t } = useTranslation();
  const message = error ?? undefined;
  return (
    <TextField
      name="email"
      type="email"
      label={t('signIn.email.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      autoComplete={autoComplete}
      error={message !== undefined}
      helperText={message}
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}
