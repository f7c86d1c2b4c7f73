import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../components/EmailField';
import { requestCode, requestLink } from '../../auth/api';
import type { CodeSent } from '../../../../api-types';
import { apiErrorText, fieldErrorsOf, looksLikeEmail } from '../../auth/errors';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { Consents } from '../../../../api-types';

interface EmailFormProps {
  initialEmail: string;
  onCodeSent: (email: string, sent: CodeSent) => void;
  onLinkSent: (email: string) => void;
}

const NO_CONSENTS: Consents = { marketing: false, profiling: false, third_party: false };
const CONSENTS = ['marketing', 'profiling', 'third_party'] as const;

/**
 * Step one of signing in by e-mail: the address and, for a new account, the optional consents
 * (unticked). The fan asks for a six-digit code, or for a link instead.
 */
export function EmailForm({ initialEmail, onCodeSent, onLinkSent }: EmailFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const consentsLabelId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [consents, setConsents] = useState<Consents>(NO_CONSENTS);
  const [emailError, setEmailError] = useState<string | null>(null);

  const code = useMutation({
    mutationFn: (address: string) => requestCode(address, language, consents),
    onSuccess: (sent, address) => onCodeSent(address, sent),
  });
  const link = useMutation({
    mutationFn: (address: string) => requestLink(address, language, consents),
    onSuccess: (_answer, address) => onLinkSent(address),
  });
  const failed = code.error ?? link.error;
  const serverEmailError = fieldErrorsOf(t, failed).email;
  const shownEmailError = emailError ?? serverEmailError ?? null;
  const busy = code.isPending || link.isPending;

  /** The address to send to, or null (with the reason shown) when it cannot be right. */
  const checkedEmail = (): string | null => {
    const address = email.trim();
    if (address === '') {
      setEmailError(t('fieldErrors.required_email'));
      return null;
    }
    if (!looksLikeEmail(address)) {
      setEmailError(t('fieldErrors.invalid_email'));
      return null;
    }
    setEmailError(null);
    return address;
  };

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = checkedEmail();
    if (address !== null) {
      link.reset();
      code.mutate(address);
    }
  };

  const sendLink = () => {
    const address = checkedEmail();
    if (address !== null) {
      code.reset();
      link.mutate(address);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={sendCode} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('signIn.email.intro')}
      </Typography>
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setEmailError(null);
        }}
        error={shownEmailError}
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" id={consentsLabelId} variant="subtitle2">
          {t('signIn.consents.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t('signIn.consents.hint')}
        </Typography>
        <Typography variant="body2" component="p" sx={{ mb: 0.5 }}>
          {/* A new tab: the address typed here is not lost while the fan reads. */}
          <Link href="/privacy" target="_blank" rel="noopener" sx={{ fontWeight: 600 }} data-testid="privacy-link">
            {t('signIn.consents.privacy')}
          </Link>
        </Typography>
        <FormGroup aria-labelledby={consentsLabelId}>
          {CONSENTS.map((consent) => (
            <FormControlLabel
              key={consent}
              control={
                <Checkbox
                  name={`consent_${consent}`}
                  checked={consents[consent]}
                  onChange={(event) => setConsents((current) => ({ ...current, [consent]: event.target.checked }))}
                />
              }
              label={<Typography variant="body2">{t(`signIn.consents.${consent}`)}</Typography>}
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, my: 0.25 }}
            />
          ))}
        </FormGroup>
      </Box>
      {failed !== null && serverEmailError === undefined && (
        <Alert severity="error">{apiErrorText(t, failed)}</Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={code.isPending} disabled={busy}>
        {t('signIn.email.sendCode')}
      </Button>
      <Button variant="text" fullWidth onClick={sendLink} loading={link.isPending} disabled={busy}>
        {t('signIn.email.sendLinkInstead')}
      </Button>
    </Box>
  );
}
