import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Button, Confirm, useNotify, useRefresh, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { canRetryOrRefund } from './types';

/** What staff do with an order whose issuing gave up. */
export type IssueAction = 'retry' | 'refund';

const looks = {
  retry: { icon: <ReplayIcon />, confirmColor: 'primary' },
  refund: { icon: <CurrencyExchangeIcon />, confirmColor: 'warning' },
} as const satisfies Record<IssueAction, { icon: ReactElement; confirmColor: 'primary' | 'warning' }>;

interface OrderActionButtonProps {
  /** The action's name in the texts' keys (`retry`, `refund`, `resend`). */
  action: string;
  /** The button's icon. */
  icon: ReactElement;
  /** The confirmation's button: `warning` for what cannot be undone. */
  confirmColor?: 'primary' | 'warning';
  /** The order the action is for. */
  orderId: Identifier;
  /** The API call: `POST .../{id}/retry`, `.../refund`, `.../resend`. */
  run: (id: Identifier) => Promise<unknown>;
  /**
   * Where the texts are (`resources.failed-issues`): `action.{action}`, `confirm.{action}_title`
   * and `_content`, `notifications.{action}`, `errors.{action}_failed`.
   */
  messages: string;
  /** What the confirmation and the success notification name (buyer, total...). */
  about: Record<string, unknown>;
  disabled?: boolean;
}

/**
 * One staff action on an order through its action endpoint, after a confirmation: for a failed
 * issue retry (issue what is still missing) or refund (pay back and free the seats), for an
 * issued season order its e-mail sent again. Either way the page is read again afterwards, since
 * the order may have moved on (or someone else moved it first, which the API answers 409
 * `not_failed`, said in words, as every code we know). Shared by the match orders' and the
 * season orders' pages.
 */
export function OrderActionButton({
  action,
  icon,
  confirmColor = 'primary',
  orderId,
  run,
  messages,
  about,
  disabled = false,
}: OrderActionButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (id: Identifier) => run(id),
    onSuccess: () => notify(`${messages}.notifications.${action}`, { type: 'success', messageArgs: about }),
    onError: (error) => notify(apiErrorMessageKey(error, `${messages}.errors.${action}_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  return (
    <>
      <Button
        label={`${messages}.action.${action}`}
        disabled={disabled || mutation.isPending}
        onClick={(event) => {
          // In a list row: open the dialog, not the row's page.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${messages}.confirm.${action}_title`}
        content={`${messages}.confirm.${action}_content`}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        confirmColor={confirmColor}
        onConfirm={() => mutation.mutate(orderId)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}

interface IssueActionButtonsProps extends Pick<OrderActionButtonProps, 'messages' | 'about'> {
  /** Which actions, side by side, in this order. */
  actions: readonly IssueAction[];
  /** The order: its id for the call, its state to offer the actions only while it is failed. */
  order: { id: Identifier; state: string };
  /** The API call of each action. */
  run: Readonly<Record<IssueAction, (id: Identifier) => Promise<unknown>>>;
}

/**
 * The actions on a failed issue side by side, each after its confirmation; enabled only while
 * the order is failed (the API answers 409 `not_failed` otherwise).
 */
export function IssueActionButtons({ actions, order, run, messages, about }: IssueActionButtonsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <OrderActionButton
          key={action}
          action={action}
          {...looks[action]}
          orderId={order.id}
          run={run[action]}
          messages={messages}
          about={about}
          disabled={!canRetryOrRefund(order)}
        />
      ))}
    </Box>
  );
}
