import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { PasswordField } from './PasswordField';
import { reauthenticate } from './reauth';
import { SecondFactorCodeField } from './SecondFactorCodeField';
import { normalisedCode, type CodeKind } from './secondFactor';

interface ReauthDialogProps {
  open: boolean;
  onClose: () => void;
  /** The identity is confirmed (`POST /api/auth/reauth` answered 204): try the change again. */
  onConfirmed: () => void;
}

/**
 * "Confirm your identity": the staff member's password and authenticator code again, asked when
 * the API refuses a sensitive change (a role) with `reauthentication_required`.
 */
export function ReauthDialog({ open, onClose, onConfirmed }: ReauthDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{translate('app.reauth.title')}</DialogTitle>
      {/* Its own component: closing the dialog unmounts it, so nothing typed stays behind. */}
      <ReauthForm onClose={onClose} onConfirmed={onConfirmed} />
    </Dialog>
  );
}

function ReauthForm({ onClose, onConfirmed }: Omit<ReauthDialogProps, 'open'>) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [missingPassword, setMissingPassword] = useState(false);
  const [formatError, setFormatError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog is a portal: its submit must not reach a form of the page around it.
    event.stopPropagation();
    const sent = normalisedCode(kind, code);
    setMissingPassword(password === '');
    setFormatError(
      sent !== null
        ? null
        : kind === 'totp'
          ? 'app.second_factor.errors.code_format'
          : 'app.second_factor.errors.recovery_format',
    );
    if (password === '' || sent === null) {
      return;
    }
    setError(null);
    setLoading(true);
    reauthenticate(password, sent)
      .then(() => {
        setLoading(false);
        onConfirmed();
      })
      .catch((failure: unknown) => {
        setLoading(false);
        setError(failure instanceof Error ? failure.message : 'app.reauth.errors.generic');
        setCode('');
      });
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <DialogContentText>{translate('app.reauth.intro')}</DialogContentText>
        <PasswordField value={password} onChange={setPassword} missing={missingPassword} autoFocus />
        <SecondFactorCodeField
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setCode('');
            setFormatError(null);
          }}
          value={code}
          onChange={setCode}
          error={formatError}
        />
        {error !== null && (
          <Alert severity="error" role="alert">
            {translate(error, { _: translate('app.reauth.errors.generic') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={loading}>
          {translate('app.reauth.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
