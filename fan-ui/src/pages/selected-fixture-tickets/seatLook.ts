import type { DisplayedSeatState } from '../../fixtures/types';

/** The states every map's legend lists (in this order) and names in the app's own words. */
export type LegendState = Exclude<DisplayedSeatState, 'resale'>;

/** The order the legend lists seat states in. */
export const SEAT_STATES: readonly LegendState[] = ['free', 'selected', 'mine', 'held', 'sold', 'locked'];

/**
 * How each seat state looks. Colour is not the only cue: selected seats carry a tick, the fan's
 * own a dot, locked ones a cross, seats on resale a dashed ring, and the free ones are the only
 * light green. (Seats on resale are listed in the legend of a match's map only: `SeatLegend`.)
 */
export const SEAT_LOOK: Record<DisplayedSeatState, { fill: string; stroke: string }> = {
  free: { fill: '#d7eedf', stroke: '#1b6e3a' },
  selected: { fill: '#0a3a7a', stroke: '#00245a' },
  mine: { fill: '#f2c14e', stroke: '#8a5300' },
  held: { fill: '#c9d0da', stroke: '#9aa5b4' },
  sold: { fill: '#7d8898', stroke: '#5f6a7a' },
  locked: { fill: '#4a5568', stroke: '#2d3748' },
  resale: { fill: '#ece3fb', stroke: '#5b2a9e' },
};

export const SEAT_RADIUS = 11;
