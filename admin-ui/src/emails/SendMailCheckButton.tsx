import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import { createMailCheck, MAIL_CHECK_LANGUAGES, type MailCheckLanguage } from '../api/mailChecks';
import { mailCheckFieldErrors, type MailCheckErrors, type MailCheckField } from './mailCheckErrors';

interface SendMailCheckButtonProps {
  /** `contained` where the button is the page's one call to action (the empty list). */
  variant?: 'text' | 'contained';
}

/**
 * Staff send a test message to an address of their choice, through the same mail job as real
 * e-mails, and watch it turn "sent" in the list.
 */
export function SendMailCheckButton({ variant = 'text' }: SendMailCheckButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="resources.emails.mail_check.action" variant={variant} onClick={() => setOpen(true)}>
        <ForwardToInboxOutlinedIcon />
      </Button>
      <SendMailCheckDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

interface SendMailCheckDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The mail check's small form in a dialog; its fields start afresh each time it opens. */
export function SendMailCheckDialog({ open, onClose }: SendMailCheckDialogProps) {
  const titleId = useId();
  const [sending, setSending] = useState(false);
  return (
    <Dialog
      open={open}
      // A click outside or Escape must not drop a request on the way.
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      {open && <MailCheckForm titleId={titleId} onClose={onClose} onSendingChange={setSending} />}
    </Dialog>
  );
}

interface MailCheckFormProps {
  titleId: string;
  onClose: () => void;
  onSendingChange: (sending: boolean) => void;
}

function MailCheckForm({ titleId, onClose, onSendingChange }: MailCheckFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<MailCheckLanguage>('it');
  const [errors, setErrors] = useState<MailCheckErrors>({});
  const toInput = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: createMailCheck,
    onMutate: () => onSendingChange(true),
    onSettled: () => onSendingChange(false),
    onSuccess: () => {
      notify('resources.emails.mail_check.queued', { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error) => {
      const fieldErrors = mailCheckFieldErrors(error);
      if (fieldErrors === null) {
        notify('resources.emails.mail_check.failed', { type: 'error' });
      } else {
        setErrors(fieldErrors);
      }
    },
  });

  const clearError = (field: MailCheckField) =>
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = to.trim();
    // The browser's own check of type="email"; the server has the last word.
    if (address === '') {
      setErrors({ to: 'ra.validation.required' });
    } else if (toInput.current?.validity.typeMismatch === true) {
      setErrors({ to: 'resources.emails.mail_check.errors.to' });
    } else {
      setErrors({});
      mutation.mutate({ to: address, language });
    }
  };

  return (
    // noValidate: our translated messages instead of the browser's bubbles.
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{translate('resources.emails.mail_check.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('resources.emails.mail_check.description')}</DialogContentText>
        <TextField
          inputRef={toInput}
          name="to"
          type="email"
          label={translate('resources.emails.mail_check.to')}
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            clearError('to');
          }}
          required
          autoFocus
          autoComplete="email"
          fullWidth
          margin="dense"
          error={errors.to !== undefined}
          helperText={errors.to !== undefined ? translate(errors.to) : undefined}
        />
        <TextField
          select
          name="language"
          label={translate('resources.emails.mail_check.language')}
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value as MailCheckLanguage);
            clearError('language');
          }}
          fullWidth
          margin="dense"
          error={errors.language !== undefined}
          helperText={errors.language !== undefined ? translate(errors.language) : undefined}
        >
          {MAIL_CHECK_LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {translate(`resources.emails.language.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <MuiButton onClick={onClose} disabled={mutation.isPending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton type="submit" variant="contained" startIcon={<SendIcon />} loading={mutation.isPending}>
          {translate('resources.emails.mail_check.send')}
        </MuiButton>
      </DialogActions>
    </Box>
  );
}
