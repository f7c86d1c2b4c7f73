import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { SEAT_STATES, seatState } from '../api/seatLocks';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { SEAT_MAP, seatColours } from './seatLook';
import type { SeatView } from '../../../api-types';

const anySeat = () => true;

export interface SeatGridProps {
  seats: readonly SeatView[];
  /** Whether the seat is picked (drawn outlined, `aria-pressed`). */
  isPicked: (seat: SeatView) => boolean;
  onToggle: (seat: SeatView) => void;
  /**
   * Whether the seat may be picked (every seat when absent). A seat that may not is still drawn,
   * with its state, but dimmed and `aria-disabled`, and a click does nothing; a picked seat can
   * always be dropped.
   */
  canPick?: (seat: SeatView) => boolean;
}

/** Seats by row, each row in seat-number order; rows in their natural order (2 before 10). */
function rowsOf(seats: readonly SeatView[]): [string, SeatView[]][] {
  const rows = new Map<string, SeatView[]>();
  for (const seat of seats) {
    rows.set(seat.row, [...(rows.get(seat.row) ?? []), seat]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([row, rowSeats]) => [row, rowSeats.sort((a, b) => a.number - b.number)]);
}

/**
 * A block's seats as a plain grid coloured by state, each picked or dropped with a click: for
 * the seat locks (any seat: the answer names those it could not change) and the mass issue (free
 * seats only, through `canPick`).
 */
export function SeatGrid({ seats, isPicked, onToggle, canPick = anySeat }: SeatGridProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <SeatLegend seats={seats} />
      <Box role="group" aria-label={translate(`${SEAT_MAP}.map`)} sx={{ display: 'grid', gap: 0.5, mt: 1.5 }}>
        {rowsOf(seats).map(([row, rowSeats]) => (
          <Box
            key={row}
            role="group"
            aria-label={translate(`${SEAT_MAP}.row`, { row })}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Typography
              aria-hidden="true"
              variant="caption"
              color="text.secondary"
              sx={{ width: 56, flexShrink: 0, textAlign: 'right', pr: 1 }}
            >
              {translate(`${SEAT_MAP}.row`, { row })}
            </Typography>
            {rowSeats.map((seat) => {
              const state = translate(`${SEAT_MAP}.states.${seat.state}`);
              const heldUntil =
                seat.state === 'held' && seat.held_until
                  ? translate(`${SEAT_MAP}.held_until`, { time: formatRomeDateTime(seat.held_until, locale) })
                  : '';
              const picked = isPicked(seat);
              const disabled = !picked && !canPick(seat);
              return (
                <ButtonBase
                  key={seat.id}
                  data-testid={`map-seat-${seat.id}`}
                  data-state={seat.state}
                  aria-pressed={picked}
                  // Not `disabled`: the seat stays focusable and its title readable.
                  aria-disabled={disabled || undefined}
                  aria-label={`${seat.label}, ${state}`}
                  title={[seat.label, state, heldUntil].filter((part) => part !== '').join(' · ')}
                  onClick={() => (disabled ? undefined : onToggle(seat))}
                  sx={(theme) => {
                    const colours = seatColours(seatState(seat.state), theme);
                    return {
                      width: 30,
                      height: 26,
                      borderRadius: 0.75,
                      fontSize: 11,
                      fontWeight: picked ? 700 : 500,
                      fontVariantNumeric: 'tabular-nums',
                      backgroundColor: colours.background,
                      color: colours.text,
                      outline: picked ? `3px solid ${theme.palette.primary.dark}` : 'none',
                      outlineOffset: 1,
                      opacity: disabled ? 0.45 : 1,
                      cursor: disabled ? 'not-allowed' : 'pointer',
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
function SeatLegend({ seats }: { seats: readonly SeatView[] }) {
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
            {translate(`${SEAT_MAP}.states.${state}`)} ({seats.filter((seat) => seat.state === state).length})
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
