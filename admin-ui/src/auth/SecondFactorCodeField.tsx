import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslate } from 'react-admin';
import type { CodeKind } from './secondFactor';

interface SecondFactorCodeFieldProps {
  kind: CodeKind;
  /** Offers the switch between the app's code and a recovery code; without it, the app's code only. */
  onKindChange?: (kind: CodeKind) => void;
  value: string;
  onChange: (value: string) => void;
  /** A translation key: why the typed code cannot be sent. */
  error: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The second factor as staff type it: the six digits of the authenticator app (the phone's
 * keypad, and the browser may fill it in), or one of the recovery codes saved at enrolment.
 */
export function SecondFactorCodeField({
  kind,
  onKindChange,
  value,
  onChange,
  error,
  autoFocus = false,
  inputRef,
}: SecondFactorCodeFieldProps) {
  const translate = useTranslate();
  const isApp = kind === 'totp';
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <TextField
        // A new field for the other kind: the browser's autofill of one must not stick to the other.
        key={kind}
        name={isApp ? 'totp-code' : 'recovery-code'}
        label={translate(isApp ? 'app.second_factor.code' : 'app.second_factor.recovery_code')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocus}
        inputRef={inputRef}
        required
        fullWidth
        error={error !== null}
        helperText={translate(
          error ?? (isApp ? 'app.second_factor.code_hint' : 'app.second_factor.recovery_hint'),
        )}
        slotProps={{
          htmlInput: isApp
            ? { inputMode: 'numeric', autoComplete: 'one-time-code', spellCheck: false }
            : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
        }}
      />
      {onKindChange !== undefined && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onKindChange(isApp ? 'recovery' : 'totp')}
          sx={{ justifySelf: 'start' }}
        >
          {translate(isApp ? 'app.second_factor.use_recovery' : 'app.second_factor.use_app')}
        </Link>
      )}
    </Box>
  );
}
