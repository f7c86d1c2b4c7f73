import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Login, useLocaleState, useLogin, useTranslate } from 'react-admin';
import { COMO_BLUE } from '../../../ui-theme/theme';

/**
 * The admin area's sign-in (`/admin/login`): e-mail and password of a staff account, on the
 * club's blue. Fans are refused by the API (`forbidden`) and told so.
 */
export function LoginPage() {
  const translate = useTranslate();
  const title = translate('pages.login.title');
  useEffect(() => {
    document.title = `${title} · ${translate('app.title')}`;
  }, [title, translate]);
  return (
    <Login
      avatarIcon={<ConfirmationNumberOutlinedIcon />}
      sx={{
        backgroundImage: `radial-gradient(circle at 50% 14em, #3d64a8 0%, ${COMO_BLUE} 55%, #00245a 100%)`,
        '& .RaLogin-card': { width: 'min(400px, calc(100vw - 32px))', mt: { xs: 4, sm: '6em' } },
        '& .RaLogin-icon': { bgcolor: 'primary.main' },
      }}
    >
      <StaffLoginForm />
    </Login>
  );
}

function StaffLoginForm() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
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
    login({ username: email.trim(), password })
      .catch((failure: unknown) => {
        setError(failure instanceof Error ? failure.message : 'pages.login.errors.generic');
      })
      .finally(() => setLoading(false));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ px: 3, pb: 3, display: 'grid', gap: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {translate('app.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('pages.login.subtitle')}
        </Typography>
      </Box>
      <TextField
        name="email"
        type="email"
        label={translate('ra.auth.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        fullWidth
        error={missing.email === true}
        helperText={missing.email === true ? translate('ra.validation.required') : undefined}
      />
      <PasswordField value={password} onChange={setPassword} missing={missing.password === true} />
      {error !== null && (
        <Alert severity="error" role="alert">
          {translate(error, { _: translate('pages.login.errors.generic') })}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={loading}>
        {translate('ra.auth.sign_in')}
      </Button>
      <LoginLanguageSwitch />
    </Box>
  );
}

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  missing: boolean;
}

/** react-admin's PasswordInput needs a form context; a plain field with the same look does not. */
function PasswordField({ value, onChange, missing }: PasswordFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      name="password"
      type="password"
      label={translate('ra.auth.password')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="current-password"
      required
      fullWidth
      error={missing}
      helperText={missing ? translate('ra.validation.required') : undefined}
    />
  );
}

/** IT / EN before signing in: the app bar's language menu is only there afterwards. */
function LoginLanguageSwitch() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={locale}
      onChange={(_event, next: unknown) => {
        if (next === 'it' || next === 'en') {
          setLocale(next);
        }
      }}
      aria-label={translate('pages.login.language')}
      sx={{ justifySelf: 'center' }}
    >
      <ToggleButton value="it" lang="it">
        Italiano
      </ToggleButton>
      <ToggleButton value="en" lang="en">
        English
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
