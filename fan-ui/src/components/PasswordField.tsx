import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
}

/** A password input with a button to show what was typed (handy on a phone keyboard). */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  autoComplete,
  error,
  helperText,
  required = true,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      name={name}
      type={visible ? 'text' : 'password'}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      fullWidth
      autoComplete={autoComplete}
      error={error !== undefined}
      helperText={error ?? helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                aria-label={visible ? t('password.hide') : t('password.show')}
              >
                {visible ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
