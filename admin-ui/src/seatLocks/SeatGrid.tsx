import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { SEAT_STATES, type StaffSeat } from '../api/seatLocks';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { seatColours } from './seatLook';

interface SeatGridProps {
  seats: readonly StaffSeat[];
  picked: ReadonlySet<number>;
  onToggle: (seat: StaffSeat) => void;
}

/** Seats by row, each row in seat-number order; rows in their natural order (2 before 10). */
function rowsOf(seats: readonly StaffSeat[]): [string, StaffSeat[]][] {
  const rows = new Map<string, StaffSeat[]>();
  for (const seat of seats) {
    rows.set(seat.row, [...(rows.get(seat.row) ?? []), seat]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([row, rowSeats]) => [row, rowSeats.sort((a, b) => a.number - b.number)]);
}

/**
 * A block's seats as a plain grid coloured by state, each picked or dropped with a click. Any
 * seat can be picked: a lock takes only the free ones and an unlock frees only the locked ones,
 * and the answer names the others with their state (a seat may have changed since the map was
 * read).
 */
export function SeatGrid({ seats, picked, onToggle }: SeatGridProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <SeatLegend seats={seats} />
      <Box role="group" aria-label={translate('pages.seat_locks.map')} sx={{ display: 'grid', gap: 0.5, mt: 1.5 }}>
        {rowsOf(seats).map(([row, rowSeats]) => (
          <Box
            key={row}
            role="group"
            aria-label={translate('pages.seat_locks.row', { row })}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Typography
              aria-hidden="true"
              variant="caption"
              color="text.secondary"
              sx={{ width: 56, flexShrink: 0, textAlign: 'right', pr: 1 }}
            >
              {translate('pages.seat_locks.row', { row })}
            </Typography>
            {rowSeats.map((seat) => {
              const state = translate(`pages.seat_locks.states.${seat.state}`);
              const heldUntil =
                seat.state === 'held' && seat.held_until
                  ? translate('pages.seat_locks.held_until', { time: formatRomeDateTime(seat.held_until, locale) })
                  : '';
              const isPicked = picked.has(seat.id);
              return (
                <ButtonBase
                  key={seat.id}
                  data-testid={`lock-seat-${seat.id}`}
                  data-state={seat.state}
                  aria-pressed={isPicked}
                  aria-label={`${seat.label}, ${state}`}
                  title={[seat.label, state, heldUntil].filter((part) => part !== '').join(' · ')}
                  onClick={() => onToggle(seat)}
                  sx={(theme) => {
                    const colours = seatColours(seat.state, theme);
                    return {
                      width: 30,
                      height: 26,
                      borderRadius: 0.75,
                      fontSize: 11,
                      fontWeight: isPicked ? 700 : 500,
                      fontVariantNumeric: 'tabular-nums',
                      backgroundColor: colours.background,
                      color: colours.text,
                      outline: isPicked ? `3px solid ${theme.palette.primary.dark}` : 'none',
                      outlineOffset: 1,
                      '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.secondary.main}` },
                    };
                  }}
                >
                  {seat.number}
                </ButtonBase>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** What each colour means, with how many seats of the block are in that state. */
function SeatLegend({ seats }: { seats: readonly StaffSeat[] }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {SEAT_STATES.map((state) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden="true"
            sx={(theme) => ({
              width: 14,
              height: 14,
              borderRadius: 0.5,
              backgroundColor: seatColours(state, theme).background,
            })}
          />
          <Typography variant="body2">
            {translate(`pages.seat_locks.states.${state}`)} ({seats.filter((seat) => seat.state === state).length})
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
