import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  Confirm,
  LinkBase,
  RecordContextProvider,
  useBasename,
  useGetOne,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { createRenewalMailing } from '../api/preemption';
import { MailingProgressField } from './MailingFields';
import { isMailingInProgress, mailingFailureKey, mailingQueryKey, mailingState, RENEWAL_MAILING_REFRESH_MS } from './types';
import type { RenewalMailing } from '../../../api-types';

const MAILINGS = 'resources.renewal-mailings';

/** The mailing just started, read again every two seconds until it is done, with a link to its page. */
function StartedMailing({ id }: { id: RenewalMailing['id'] }) {
  const basename = useBasename();
  const translate = useTranslate();
  const { data: mailing } = useGetOne<RenewalMailing>(
    'renewal-mailings',
    { id },
    {
      refetchInterval: (query) =>
        query.state.data !== undefined && isMailingInProgress(query.state.data) ? RENEWAL_MAILING_REFRESH_MS : false,
    },
  );
  if (mailing === undefined) {
    return null;
  }
  const state = mailingState(mailing);
  return (
    <Alert
      severity={state === 'failed' ? 'error' : state === 'done' ? 'success' : 'info'}
      data-testid="started-renewal-mailing"
      sx={{ flexBasis: '100%', '& .MuiAlert-message': { flex: 1 } }}
      action={
        <Button
          component={LinkBase}
          to={`${basename}/renewal-mailings/${encodeURIComponent(mailing.id)}/show`}
          label={`${MAILINGS}.action.follow`}
        />
      }
    >
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {translate(`${MAILINGS}.states_of.${state}`, { label: mailing.label })}
      </Typography>
      <RecordContextProvider value={mailing}>
        <MailingProgressField source="sent" />
      </RecordContextProvider>
    </Alert>
  );
}

/**
 * "Invia i codici di rinnovo": after a confirmation that says how it works, e-mails each holder of
 * the season ticket's season who has a renewal code and an e-mail their code (those already sent
 * theirs left out, unless staff tick to send again). The mailing runs as a job: once started it is
 * shown here with its live progress and a link to its page.
 */
export function SendRenewalCodesButton({ seasonTicketId }: { seasonTicketId: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [again, setAgain] = useState(false);
  const [started, setStarted] = useState<RenewalMailing['id'] | null>(null);
  const mutation = useMutation({
    mutationFn: () => createRenewalMailing({ season_ticket_id: Number(seasonTicketId), again }),
    onSuccess: (mailing: RenewalMailing) => {
      queryClient.setQueryData(mailingQueryKey(mailing.id), mailing);
      void queryClient.invalidateQueries({ queryKey: ['renewal-mailings', 'getList'] });
      notify(`${MAILINGS}.notifications.started`, { type: 'success', messageArgs: { smart_count: mailing.total } });
      setStarted(mailing.id);
    },
    onError: (error) => notify(mailingFailureKey(error), { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button
        label={`${MAILINGS}.action.send`}
        onClick={() => {
          setAgain(false);
          setOpen(true);
        }}
        disabled={mutation.isPending}
      >
        <ForwardToInboxOutlinedIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${MAILINGS}.confirm.title`}
        confirm={`${MAILINGS}.confirm.send`}
        content={
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate(`${MAILINGS}.confirm.content`)}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={again} onChange={(event) => setAgain(event.target.checked)} />}
              label={translate(`${MAILINGS}.confirm.again`)}
            />
          </>
        }
        onConfirm={() => mutation.mutate()}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
      {started !== null && <StartedMailing key={started} id={started} />}
    </>
  );
}
