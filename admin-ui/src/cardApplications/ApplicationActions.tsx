import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CloseOutlinedIcon from '@mui/icons-material/CloseOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SyncOutlinedIcon from '@mui/icons-material/SyncOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { cardPdfUrl, issueCard, recheckCard, rejectApplication, revokeCard } from '../api/cardApplications';
import { ApiRequestError } from '../api/http';
import { ConfirmedActionButton } from '../layout/ConfirmedActionButton';
import { applicationFailureKey, noteErrorKey, validNote } from './cardApplicationRequest';
import {
  canIssue,
  canRecheck,
  canReject,
  canRevoke,
  hasPdf,
  holderName,
  isState,
  MAX_NOTE_LENGTH,
  type CardApplication,
  type CardRecheckResult,
} from './types';

const APPLICATIONS = 'resources.supporter-card-applications';

/**
 * "Emetti la tessera" on a registered application: `POST .../issue`; a job then asks the
 * ticketing system, whose police check answers (issued, or refused). The page is read again
 * either way: it has moved on, or someone acted first (409 `wrong_state`, said in our words).
 */
export function IssueButton(props: { record?: CardApplication }) {
  const application = useRecordContext<CardApplication>(props);
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: (id: string) => issueCard(id),
    onSuccess: () => notify(`${APPLICATIONS}.issue.done`, { type: 'success' }),
    onError: (error) => notify(applicationFailureKey(error, `${APPLICATIONS}.errors.issue_failed`), { type: 'error' }),
    onSettled: () => refresh(),
  });
  if (application === undefined || !canIssue(application.state)) {
    return null;
  }
  return (
    <Button
      label={`${APPLICATIONS}.issue.button`}
      variant="contained"
      color="primary"
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(application.id)}
      data-testid="card-application-issue"
    >
      <VerifiedOutlinedIcon />
    </Button>
  );
}

/**
 * "Respingi" on an application not yet decided (submitted or registered): a dialog asks why, in
 * words the fan reads (required, at most 500 characters, checked before sending and by the API),
 * then `POST .../reject` `{note}`. A refusal of the note stays in the dialog; any other refusal
 * closes it, is said in our words, and the page is read again.
 */
export function RejectButton(props: { record?: CardApplication }) {
  const application = useRecordContext<CardApplication>(props);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => rejectApplication(id, text),
  });
  if (application === undefined || !canReject(application.state)) {
    return null;
  }
  const name = holderName(application);
  const close = () => {
    if (mutation.isPending) {
      return;
    }
    setOpen(false);
    setNote('');
    setNoteError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validNote(note);
    if (invalid !== undefined) {
      setNoteError(invalid);
      return;
    }
    setNoteError(undefined);
    mutation.mutate(
      { id: application.id, text: note.trim() },
      {
        onSuccess: () => {
          notify(`${APPLICATIONS}.reject.done`, { type: 'success', messageArgs: { name } });
          setOpen(false);
          setNote('');
          refresh();
        },
        onError: (error) => {
          const onNote = error instanceof ApiRequestError ? noteErrorKey(error.fieldErrors.note) : undefined;
          if (onNote !== undefined) {
            setNoteError(onNote);
            return;
          }
          notify(applicationFailureKey(error, `${APPLICATIONS}.errors.reject_failed`), { type: 'error' });
          setOpen(false);
          refresh();
        },
      },
    );
  };
  return (
    <>
      <Button label={`${APPLICATIONS}.reject.button`} color="error" onClick={() => setOpen(true)} data-testid="card-application-reject">
        <CloseOutlinedIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{translate(`${APPLICATIONS}.reject.title`, { name })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate(`${APPLICATIONS}.reject.content`)}</DialogContentText>
            <MuiTextField
              id={noteId}
              label={translate(`${APPLICATIONS}.reject.note`)}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(undefined);
              }}
              required
              multiline
              minRows={3}
              fullWidth
              autoFocus
              error={noteError !== undefined}
              helperText={translate(noteError ?? `${APPLICATIONS}.reject.note_help`)}
              slotProps={{ htmlInput: { maxLength: MAX_NOTE_LENGTH, 'data-testid': 'card-application-reject-note' } }}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close} disabled={mutation.isPending}>
              {translate(`${APPLICATIONS}.reject.keep`)}
            </MuiButton>
            <MuiButton type="submit" variant="contained" color="error" disabled={mutation.isPending}>
              {translate(`${APPLICATIONS}.reject.button`)}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/**
 * "Revoca la tessera" on an issued card, after a confirmation that says what follows:
 * `POST .../revoke`; a job revokes it in the ticketing system, then here.
 */
export function RevokeButton(props: { record?: CardApplication }) {
  const application = useRecordContext<CardApplication>(props);
  if (application === undefined || !canRevoke(application.state)) {
    return null;
  }
  const { id } = application;
  return (
    <ConfirmedActionButton
      label={`${APPLICATIONS}.revoke.button`}
      icon={<BlockOutlinedIcon />}
      title={`${APPLICATIONS}.revoke.title`}
      content={`${APPLICATIONS}.revoke.content`}
      keep={`${APPLICATIONS}.revoke.keep`}
      translateOptions={{ name: holderName(application), number: application.card_number ?? '' }}
      action={() => revokeCard(id)}
      done={`${APPLICATIONS}.revoke.done`}
      failureKey={(error) => applicationFailureKey(error, `${APPLICATIONS}.errors.revoke_failed`)}
    />
  );
}

/**
 * "Verifica con il sistema di biglietteria" once the card has a number: `POST .../recheck` asks
 * the ticketing system; a card revoked or expired there becomes so here ("changed", said with
 * its new state), else nothing changed. The page is read again either way.
 */
export function RecheckButton(props: { record?: CardApplication }) {
  const application = useRecordContext<CardApplication>(props);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: (id: string) => recheckCard(id),
    onSuccess: (result: CardRecheckResult) => {
      const { state } = result.application;
      const words = isState(state) ? translate(`${APPLICATIONS}.states.${state}`) : state;
      notify(result.changed ? `${APPLICATIONS}.recheck.changed` : `${APPLICATIONS}.recheck.unchanged`, {
        type: result.changed ? 'warning' : 'info',
        messageArgs: { state: words },
      });
    },
    onError: (error) => notify(applicationFailureKey(error, `${APPLICATIONS}.errors.recheck_failed`), { type: 'error' }),
    onSettled: () => refresh(),
  });
  if (application === undefined || !canRecheck(application)) {
    return null;
  }
  return (
    <Button
      label={`${APPLICATIONS}.recheck.button`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(application.id)}
      data-testid="card-application-recheck"
    >
      <SyncOutlinedIcon />
    </Button>
  );
}

/**
 * The issued card as a PDF: "PDF" (an A4 page to print) and "PDF formato tessera" (the card at
 * its real size), each opening in a new tab with the session. Only while the card is issued.
 */
export function PdfLinks(props: { record?: CardApplication }) {
  const application = useRecordContext<CardApplication>(props);
  const translate = useTranslate();
  if (application === undefined || !hasPdf(application.state)) {
    return null;
  }
  return (
    <>
      {(['full', 'small'] as const).map((format) => (
        <MuiButton
          key={format}
          size="small"
          href={cardPdfUrl(application.id, format)}
          target="_blank"
          rel="noopener"
          startIcon={<PictureAsPdfOutlinedIcon />}
          data-testid={`card-application-pdf-${format}`}
        >
          {translate(`${APPLICATIONS}.pdf.${format}`)}
        </MuiButton>
      ))}
    </>
  );
}
