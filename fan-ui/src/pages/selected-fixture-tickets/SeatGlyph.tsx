import { SEAT_LOOK, SEAT_RADIUS } from './seatLook';
import type { DisplayedSeatState } from '../../fixtures/types';

/** The seat number's colour on each fill, for contrast. */
const NUMBER_COLOUR: Partial<Record<DisplayedSeatState, string>> = {
  free: '#0f4a26',
  held: '#2d3748',
  sold: '#ffffff',
  resale: '#3d1a6e',
};

/**
 * One seat as drawn on the map and in the legend (`number` drawn on it when its state has no mark
 * of its own; the legend draws none). Plain elements, not a component: the map draws ~600 seats
 * at once, and a component for each would only add React's work to the phone's.
 */
export function seatGlyph(state: DisplayedSeatState, cx: number, cy: number, number?: number) {
  const { fill, stroke } = SEAT_LOOK[state];
  const numberColour = NUMBER_COLOUR[state];
  return (
    <>
      <circle
        className="seat-circle"
        cx={cx}
        cy={cy}
        r={SEAT_RADIUS}
        fill={fill}
        stroke={stroke}
        strokeWidth={2}
        strokeDasharray={state === 'resale' ? '4 2.5' : undefined}
      />
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
      {number !== undefined && numberColour !== undefined && (
        <text
          className="seat-number"
          x={cx}
          y={cy + 3.5}
          fontSize={number > 99 ? 8 : 10}
          fill={numberColour}
          aria-hidden="true"
          data-testid="seat-number"
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
