import BlockIcon from '@mui/icons-material/Block';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useResourceContext, type Identifier } from 'react-admin';
import { liftBan } from '../api/bans';
import { banFailureKey } from './banRequest';
import { banSubject, banTypeOf, isLifted, type Ban } from './types';

const BANS = 'resources.bans';

/**
 * "Revoca" on a ban that is not lifted (its page, its form), after a confirmation that says what
 * follows: `POST /api/admin/bans/{type}/{id}/lift` lifts it for good (a title's goes to the
 * ticketing system too). The page is read again afterwards either way: it has moved on, or
 * someone lifted it first (409 `ban_lifted`, said in our words). Nothing for a lifted ban.
 */
export function LiftBanButton(props: { record?: Ban }) {
  const ban = useRecordContext<Ban>(props);
  const type = banTypeOf(useResourceContext());
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ id }: { id: Identifier; subject: string }) => liftBan(type, id),
    onSuccess: (_lifted, { subject }) => notify(`${BANS}.lift.done`, { type: 'success', messageArgs: { subject } }),
    onError: (error) => notify(banFailureKey(error, `${BANS}.errors.lift_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (ban === undefined || isLifted(ban)) {
    return null;
  }
  const label = `${BANS}.lift.button`;
  const subject = banSubject(ban);
  return (
    <>
      <Button label={label} color="warning" disabled={mutation.isPending} onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${BANS}.lift.title`}
        content={`${BANS}.lift.content_${type}`}
        translateOptions={{ subject }}
        confirm={label}
        cancel={`${BANS}.lift.keep`}
        confirmColor="warning"
        onConfirm={() => mutation.mutate({ id: ban.id, subject })}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}
