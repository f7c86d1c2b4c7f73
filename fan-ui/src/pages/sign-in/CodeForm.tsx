import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { requestCode, verifyCode } from '../../auth/api';
import type { CodeSent, SignedIn } from '../../../../api-types';
import { apiErrorText } from '../../auth/errors';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { formatSeconds, useCountdown } from '../../hooks/useCountdown';
import type { Consents } from '../../../../api-types';

/** How long an e-mailed code is valid (spec: 120000 ms). */
export const CODE_VALIDITY_SECONDS = 120;
const CODE_LENGTH = 6;
const NO_CONSENTS: Consents = { marketing: false, profiling: false, third_party: false };

interface CodeFormProps {
  email: string;
  /** When the code was sent (epoch ms): it is valid for 120 s from then. */
  sentAt: number;
  onResent: (sent: CodeSent) => void;
  onChangeEmail: () => void;
  onSignedIn: (signedIn: SignedIn) => void;
}

/**
 * Step two of signing in by e-mail: the six-digit code, with the time left to use it and a way
 * to ask for a new one.
 */
export function CodeForm({ email, sentAt, onResent, onChangeEmail, onSignedIn }: CodeFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const secondsLeft = useCountdown(sentAt + CODE_VALIDITY_SECONDS * 1000, CODE_VALIDITY_SECONDS);
  const expired = secondsLeft === 0;

  const verify = useMutation({
    mutationFn: () => verifyCode(email, code),
    onSuccess: onSignedIn,
  });
  const resend = useMutation({
    // Consents were given (or not) with the first request: the account exists by now.
    mutationFn: () => requestCode(email, language, NO_CONSENTS),
    onSuccess: (answer) => {
      verify.reset();
      setCode('');
      setResent(true);
      onResent(answer);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length === CODE_LENGTH && !expired) {
      verify.mutate();
    }
  };

  // A locked or expired code cannot be tried again: only a new one helps.
  const deadEnd =
    verify.error instanceof ApiError && (verify.error.code === 'code_locked' || verify.error.code === 'code_expired');

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        {resent ? t('signIn.code.resent') : t('signIn.code.sent')}
      </Alert>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('signIn.code.sentTo', { email })}
        </Typography>
        <Button size="small" onClick={onChangeEmail} sx={{ px: 1 }}>
          {t('signIn.code.changeEmail')}
        </Button>
      </Box>
      <TextField
        name="code"
        label={t('signIn.code.label')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH));
          if (!deadEnd) {
            verify.reset();
          }
        }}
        required
        fullWidth
        autoFocus
        autoComplete="one-time-code"
        error={verify.isError}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: CODE_LENGTH,
            sx: { fontSize: '1.5rem', letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
          },
        }}
      />
      <Typography
        role="timer"
        variant="body2"
        color={expired ? 'error' : 'text.secondary'}
        data-testid="code-countdown"
      >
        {expired ? t('signIn.code.expired') : t('signIn.code.expiresIn', { time: formatSeconds(secondsLeft) })}
      </Typography>
      {verify.isError && <Alert severity="error">{apiErrorText(t, verify.error)}</Alert>}
      {resend.isError && <Alert severity="error">{apiErrorText(t, resend.error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={verify.isPending}
        disabled={code.length !== CODE_LENGTH || expired || deadEnd || resend.isPending}
      >
        {t('signIn.code.submit')}
      </Button>
      <Button
        variant={expired || deadEnd ? 'outlined' : 'text'}
        fullWidth
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        disabled={verify.isPending}
      >
        {t('signIn.code.resend')}
      </Button>
    </Box>
  );
}
