import { useMutation } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Button, Confirm, useNotify, useRefresh } from 'react-admin';

export interface ConfirmedActionButtonProps {
  /** The button's and the confirming answer's name, a translation key ("Revoca"). */
  label: string;
  icon: ReactElement;
  /** The dialog's question and what follows, translation keys. */
  title: string;
  content: string;
  /** The answer that leaves things as they are, a translation key ("Non revocare"). */
  keep: string;
  /** What the question, what follows and the news of it done name (`%{subject}`...). */
  translateOptions: Record<string, unknown>;
  /** The call that does it. */
  action: () => Promise<unknown>;
  /** The news of it done, a translation key (with `translateOptions`). */
  done: string;
  /** Our words (a translation key) for a refusal. */
  failureKey: (error: unknown) => string;
}

/**
 * An action on a record's page that cannot be undone (a ban lifted, a person taken off the
 * blacklist), after a confirmation that says what follows. The page is read again afterwards
 * either way: it has moved on, or someone acted first (said in our words by `failureKey`).
 */
export function ConfirmedActionButton({ label, icon, title, content, keep, translateOptions, action, done, failureKey }: ConfirmedActionButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // Called with what it is about, as the confirmation named it: the news says the same.
  const mutation = useMutation<unknown, Error, Record<string, unknown>>({
    mutationFn: () => action(),
    onSuccess: (_result, about) => notify(done, { type: 'success', messageArgs: about }),
    onError: (error) => notify(failureKey(error), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  return (
    <>
      <Button label={label} color="warning" disabled={mutation.isPending} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={title}
        content={content}
        translateOptions={translateOptions}
        confirm={label}
        cancel={keep}
        confirmColor="warning"
        onConfirm={() => mutation.mutate(translateOptions)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}
