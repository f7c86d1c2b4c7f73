import type { Theme } from '@mui/material/styles';
import type { Identifier } from 'react-admin';
import type { SeatState } from '../api/seatLocks';

/** Where the seat map's words are translated: shared by every page that draws the map. */
export const SEAT_MAP = 'app.seat_map';

/** The query key of a block's seats on a fixture; the fixture alone names all its blocks. */
export const blockSeatsKey = (fixtureId: Identifier, blockId?: Identifier) =>
  blockId === undefined ? ['lario', 'block-seats', fixtureId] : ['lario', 'block-seats', fixtureId, blockId];

/** A seat's colours on the staff map: green free, amber held, grey sold, red locked. */
export function seatColours(state: SeatState, theme: Theme): { background: string; text: string } {
  const { palette } = theme;
  switch (state) {
    case 'free':
      return { background: palette.success.light, text: palette.success.contrastText };
    case 'held':
      return { background: palette.warning.light, text: palette.warning.contrastText };
    case 'sold':
      return { background: palette.grey[400], text: palette.getContrastText(palette.grey[400]) };
    case 'locked':
      return { background: palette.error.main, text: palette.error.contrastText };
  }
}
