import { SEAT_LOOK, SEAT_RADIUS } from './seatLook';
import type { DisplayedSeatState } from '../../fixtures/types';

interface SeatGlyphProps {
  state: DisplayedSeatState;
  cx: number;
  cy: number;
  /** Drawn on the seat when its state has no mark of its own (the legend draws none). */
  number?: number;
}

/** The seat number's colour on each fill, for contrast. */
const NUMBER_COLOUR: Partial<Record<DisplayedSeatState, string>> = {
  free: '#0f4a26',
  held: '#2d3748',
  sold: '#ffffff',
};

/** One seat as drawn on the map and in the legend. */
export function SeatGlyph({ state, cx, cy, number }: SeatGlyphProps) {
  const { fill, stroke } = SEAT_LOOK[state];
  const r = SEAT_RADIUS;
  return (
    <>
      <circle className="seat-circle" cx={cx} cy={cy} r={r} fill={fill} stroke={stroke} strokeWidth={2} />
      {state === 'selected' && (
        <path
          d={`M ${cx - 5} ${cy} l 3.5 3.5 l 6.5 -7`}
          fill="none"
          stroke="#ffffff"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {state === 'mine' && <circle cx={cx} cy={cy} r={4} fill="#4d2e00" />}
      {number !== undefined && NUMBER_COLOUR[state] !== undefined && (
        <text
          x={cx}
          y={cy + 3.5}
          textAnchor="middle"
          fontSize={number > 99 ? 8 : 10}
          fontWeight={700}
          fill={NUMBER_COLOUR[state]}
          aria-hidden="true"
          data-testid="seat-number"
          style={{ pointerEvents: 'none' }}
        >
          {number}
        </text>
      )}
      {state === 'locked' && (
        <path
          d={`M ${cx - 4.5} ${cy - 4.5} L ${cx + 4.5} ${cy + 4.5} M ${cx + 4.5} ${cy - 4.5} L ${cx - 4.5} ${cy + 4.5}`}
          stroke="#ffffff"
          strokeWidth={2}
          strokeLinecap="round"
        />
      )}
    </>
  );
}
