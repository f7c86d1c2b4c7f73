import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { fetchBlockSeats } from '../api/seatLocks';
import { SeatGrid, type SeatGridProps } from './SeatGrid';
import { blockSeatsKey, SEAT_MAP } from './seatLook';

type BlockSeatsProps = {
  fixtureId: Identifier;
  blockId: Identifier;
} & Omit<SeatGridProps, 'seats'>;

/**
 * A block's seats on a fixture, read from the API and drawn by SeatGrid; while they are read, a
 * spinner, and a word when they cannot be read or the block has no seat map.
 */
export function BlockSeats({ fixtureId, blockId, ...grid }: BlockSeatsProps) {
  const translate = useTranslate();
  const seats = useQuery({
    queryKey: blockSeatsKey(fixtureId, blockId),
    queryFn: () => fetchBlockSeats(fixtureId, blockId),
    retry: false,
  });
  if (seats.isPending) {
    return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  }
  if (seats.isError) {
    return <Alert severity="error">{translate(`${SEAT_MAP}.seats_unavailable`)}</Alert>;
  }
  if (seats.data.length === 0) {
    return <Alert severity="info">{translate(`${SEAT_MAP}.no_seats`)}</Alert>;
  }
  return <SeatGrid seats={seats.data} {...grid} />;
}
