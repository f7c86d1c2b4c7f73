import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { StackedCell } from '../fields/StackedCell';
import { TicketStateField } from './TicketStateChip';
import type { IssuedTicket } from '../../../api-types';

/**
 * The seat in one cell: its label (sector-block-row-number), then its row, number and gate, which
 * the label does not spell out for the steward at the gate.
 */
export function SeatField(props: FieldProps<IssuedTicket>) {
  const record = useRecordContext<IssuedTicket>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const seat = translate('resources.issued-tickets.seat', { row: record.row, number: record.number });
  const where = !record.gate ? seat : `${seat} · ${record.gate}`;
  return (
    <StackedCell secondary={where}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {record.label}
      </Typography>
    </StackedCell>
  );
}

/** Who the ticket (or season seat) is in the name of, and under it who bought it (often someone else). */
export function HolderField(props: FieldProps<RaRecord & Pick<IssuedTicket, 'holder_name' | 'buyer_email'>>) {
  const record = useRecordContext<RaRecord & Pick<IssuedTicket, 'holder_name' | 'buyer_email'>>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.buyer_email}>
      <Typography component="span" variant="body2">
        {record.holder_name}
      </Typography>
    </StackedCell>
  );
}

/** The title's state, and under it the fiscal seal the ticketing system gave it. */
export function TitleField(props: FieldProps<IssuedTicket>) {
  const record = useRecordContext<IssuedTicket>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.seal} monospace>
      <TicketStateField source="state" />
    </StackedCell>
  );
}
