import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { CHALLENGE_EXPIRED, type LoginParams } from '../auth/authProvider';
import { SecondFactorCodeField } from '../auth/SecondFactorCodeField';
import {
  normalisedCode,
  RecoveryCodesToSave,
  type CodeKind,
  type SecondFactorStep as Step,
} from '../auth/secondFactor';
import { EnrolmentInstructions } from './EnrolmentInstructions';

interface SecondFactorStepProps {
  step: Step;
  /** The first code confirmed the enrolment: the recovery codes must be saved before going on. */
  onRecoveryCodes: (codes: readonly string[]) => void;
  /** The challenge is over (time, or wrong codes): the password again. */
  onExpired: () => void;
  onBack: () => void;
}

/**
 * The second step: the authenticator app's code (or a recovery code); the first time, the app
 * is set up here first. A right code opens the session and react-admin leaves the login page,
 * unless recovery codes are to be saved first.
 */
export function SecondFactorStep({ step, onRecoveryCodes, onExpired, onBack }: SecondFactorStepProps) {
  const translate = useTranslate();
  const login = useLogin();
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const switchKind = (next: CodeKind) => {
    setKind(next);
    setCode('');
    setFormatError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = normalisedCode(kind, code);
    if (sent === null) {
      setFormatError(
        kind === 'totp' ? 'app.second_factor.errors.code_format' : 'app.second_factor.errors.recovery_format',
      );
      return;
    }
    setFormatError(null);
    setError(null);
    setLoading(true);
    const params: LoginParams = { challenge: step.challenge, code: sent };
    login(params)
      .catch((failure: unknown) => {
        if (failure instanceof RecoveryCodesToSave) {
          onRecoveryCodes(failure.codes);
          return;
        }
        const key = failure instanceof Error ? failure.message : 'pages.login.errors.generic';
        if (key === CHALLENGE_EXPIRED) {
          onExpired();
          return;
        }
        setError(key);
        // A code is good once: the next try is a new one.
        setCode('');
        codeInput.current?.focus();
      })
      .finally(() => setLoading(false));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {step.kind === 'enroll' ? (
        <EnrolmentInstructions secret={step.secret} otpauthUrl={step.otpauthUrl} />
      ) : (
        <Typography variant="body2">{translate('pages.login.totp_intro')}</Typography>
      )}
      <SecondFactorCodeField
        kind={kind}
        // Recovery codes come with the enrolment: none yet before it.
        onKindChange={step.kind === 'totp' ? switchKind : undefined}
        value={code}
        onChange={setCode}
        error={formatError}
        autoFocus={step.kind === 'totp'}
        inputRef={codeInput}
      />
      {error !== null && (
        <Alert severity="error" role="alert">
          {translate(error, { _: translate('pages.login.errors.generic') })}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={loading}>
        {translate('pages.login.verify')}
      </Button>
      <Button type="button" onClick={onBack} sx={{ justifySelf: 'center' }}>
        {translate('pages.login.back')}
      </Button>
    </Box>
  );
}
