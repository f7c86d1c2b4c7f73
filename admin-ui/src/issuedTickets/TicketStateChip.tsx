import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isTicketState } from './types';
import type { TitleState } from '../../../api-types';
import type { IssuedTicket } from '../../../api-types';

const chipLook = {
  valid: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  used: { color: 'default', variant: 'filled', icon: <DoneAllIcon /> },
  cancelled: { color: 'error', variant: 'outlined', icon: <BlockIcon /> },
} as const satisfies Record<
  TitleState,
  { color: 'success' | 'default' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/** A title's state: green valid, grey used at the gate, red cancelled. */
export function TicketStateChip({ state }: { state: TitleState }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[state];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.issued-tickets.states.${state}`)}
      data-state={state}
    />
  );
}

/** The state chip of the issued ticket in the current record context. */
export function TicketStateField(props: FieldProps<IssuedTicket>) {
  const record = useRecordContext<IssuedTicket>(props);
  if (record === undefined || !isTicketState(record.state)) {
    return null;
  }
  return <TicketStateChip state={record.state} />;
}
