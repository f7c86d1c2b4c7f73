import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import type { LoginParams } from '../auth/authProvider';
import { PasswordField } from '../auth/PasswordField';
import { SecondFactorRequired, type SecondFactorStep } from '../auth/secondFactor';

interface PasswordStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A translation key: why the password is asked again (the code's time ran out). */
  notice: string | null;
  /** The password was right: the authenticator's code comes next. */
  onSecondFactor: (step: SecondFactorStep) => void;
}

/** The first step: e-mail and password of a staff account. */
export function PasswordStep({ email, onEmailChange, notice, onSecondFactor }: PasswordStepProps) {
  const translate = useTranslate();
  const login = useLogin();
  // Only in this step's state: gone once the password was right.
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [loading, setLoading] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nowMissing = { email: email.trim() === '', password: password === '' };
    setMissing(nowMissing);
    if (nowMissing.email || nowMissing.password) {
      return;
    }
    setError(null);
    setLoading(true);
    const params: LoginParams = { username: email.trim(), password };
    login(params)
      .catch((failure: unknown) => {
        if (failure instanceof SecondFactorRequired) {
          onSecondFactor(failure.step);
          return;
        }
        setError(failure instanceof Error ? failure.message : 'pages.login.errors.generic');
      })
      .finally(() => setLoading(false));
  };

  const shown = error ?? notice;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        name="email"
        type="email"
        label={translate('ra.auth.email')}
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        fullWidth
        error={missing.email === true}
        helperText={missing.email === true ? translate('ra.validation.required') : undefined}
      />
      <PasswordField value={password} onChange={setPassword} missing={missing.password === true} />
      {shown !== null && (
        <Alert severity={error === null ? 'warning' : 'error'} role="alert">
          {translate(shown, { _: translate('pages.login.errors.generic') })}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={loading}>
        {translate('ra.auth.sign_in')}
      </Button>
    </Box>
  );
}
