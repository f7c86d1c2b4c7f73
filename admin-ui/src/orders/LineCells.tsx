import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../fields/money';
import { present } from '../fields/present';
import { formatCalendarDate } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { TicketStateChip } from '../issuedTickets/TicketStateChip';
import { isTicketState } from '../issuedTickets/types';

/**
 * The cells of a seat's row on an order's page, a match order's or a season order's: where the
 * seat is, who holds it, its price and reduction, its title and seal.
 */

const LINES = 'resources.orders.show.lines';

interface SeatPlace {
  label: string;
  sector_name?: string | null;
  sector_code?: string | null;
  block_code?: string | null;
  row?: string | null;
  number?: number | null;
  gate?: string | null;
}

/** The seat's label, and under it its sector, block, row and number, and gate. */
export function SeatCell({ seat }: { seat: SeatPlace }) {
  const translate = useTranslate();
  const rowAndNumber =
    present(seat.row) && present(seat.number)
      ? translate('resources.issued-tickets.seat', { row: seat.row, number: seat.number })
      : undefined;
  const where = [seat.sector_name ?? seat.sector_code, seat.block_code, rowAndNumber, seat.gate].filter(present).join(' · ');
  return (
    <TableCell>
      <StackedCell secondary={where}>
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {seat.label}
        </Box>
      </StackedCell>
    </TableCell>
  );
}

/** The holder's name (a dash for none), and under it their birth date. */
export function HolderCell({ name, birthDate }: { name: string | null | undefined; birthDate: string | null | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TableCell>
      <StackedCell
        secondary={present(birthDate) ? translate(`${LINES}.born`, { date: formatCalendarDate(birthDate, locale) }) : undefined}
      >
        <span>{present(name) ? name : '—'}</span>
      </StackedCell>
    </TableCell>
  );
}

/** The seat's price, and under it its reduction (its name, else its code). */
export function PriceCell({ cents, reduction }: { cents: number; reduction: string | null | undefined }) {
  const [locale] = useLocaleState();
  return (
    <TableCell align="right">
      <StackedCell align="right" secondary={reduction ?? undefined}>
        <span>{formatEuros(cents, locale)}</span>
      </StackedCell>
    </TableCell>
  );
}

/** A title's state chip and, under it, its seal; "Non emesso" while there is none. */
export function TitleState({ state, seal }: { state: string | null | undefined; seal: string | null | undefined }) {
  const translate = useTranslate();
  return (
    <StackedCell secondary={seal ?? undefined} monospace>
      {isTicketState(state) ? (
        <TicketStateChip state={state} />
      ) : (
        <Typography component="span" variant="body2" color="text.secondary">
          {translate(`${LINES}.no_title`)}
        </Typography>
      )}
    </StackedCell>
  );
}
