import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../components/EmailField';
import { forgotPassword } from '../../auth/api';
import { apiErrorText, fieldErrorsOf, looksLikeEmail } from '../../auth/errors';
import { useUiLanguage } from '../../i18n/useUiLanguage';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** Asks for an e-mailed link to choose a new password (the answer never says whether the account exists). */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (address: string) => forgotPassword(address, language) });
  const serverEmailError = fieldErrorsOf(t, send.error).email;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setEmailError(t('fieldErrors.required_email'));
    } else if (!looksLikeEmail(address)) {
      setEmailError(t('fieldErrors.invalid_email'));
    } else {
      setEmailError(null);
      send.mutate(address);
    }
  };

  if (send.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {t('signIn.forgot.sent', { email: send.variables })}
        </Alert>
        <Button onClick={onBack}>{t('signIn.forgot.back')}</Button>
      </Box>
    );
  }

  const shownError = emailError ?? serverEmailError ?? null;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('signIn.forgot.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('signIn.forgot.intro')}
      </Typography>
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setEmailError(null);
        }}
        error={shownError}
      />
      {send.isError && serverEmailError === undefined && <Alert severity="error">{apiErrorText(t, send.error)}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending}>
        {t('signIn.forgot.submit')}
      </Button>
      <Button onClick={onBack}>{t('signIn.forgot.back')}</Button>
    </Box>
  );
}
