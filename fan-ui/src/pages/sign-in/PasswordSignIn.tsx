import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../components/EmailField';
import { signInWithPassword, type SignInArea } from '../../auth/api';
import type { SignedIn } from '../../../../api-types';
import { apiErrorText, looksLikeEmail } from '../../auth/errors';
import { PasswordField } from '../../components/PasswordField';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/**
 * Signing in with e-mail and password, or asking for a link to choose a new password. The
 * `area` decides who the API lets in (fans by default; corporate users at /corporate/login).
 */
export function PasswordSignIn({
  onSignedIn,
  area = 'fan',
}: {
  onSignedIn: (signedIn: SignedIn) => void;
  area?: SignInArea;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const signIn = useMutation({
    mutationFn: () => signInWithPassword(email.trim(), password, area),
    onSuccess: onSignedIn,
  });

  if (forgot) {
    return <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (email.trim() === '') {
      next.email = t('fieldErrors.required_email');
    } else if (!looksLikeEmail(email)) {
      next.email = t('fieldErrors.invalid_email');
    }
    if (password === '') {
      next.password = t('fieldErrors.required_password');
    }
    setErrors(next);
    if (Object.keys(next).length === 0) {
      signIn.mutate();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors(({ password: kept }) => ({ password: kept }));
        }}
        autoComplete="username"
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={t('signIn.password.label')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors(({ email: kept }) => ({ email: kept }));
        }}
        autoComplete="current-password"
        error={errors.password}
      />
      {signIn.isError && <Alert severity="error">{apiErrorText(t, signIn.error)}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
        {t('signIn.password.submit')}
      </Button>
      <Button variant="text" fullWidth onClick={() => setForgot(true)}>
        {t('signIn.password.forgot')}
      </Button>
    </Box>
  );
}
