import type { DisplayedSeatState } from '../../fixtures/types';

/** The order the legend lists seat states in. */
export const SEAT_STATES: readonly DisplayedSeatState[] = ['free', 'selected', 'mine', 'held', 'sold', 'locked'];

/**
 * How each seat state looks. Colour is not the only cue: selected seats carry a tick, the fan's
 * own a dot, locked ones a cross, and the free ones are the only light green.
 */
export const SEAT_LOOK: Record<DisplayedSeatState, { fill: string; stroke: string }> = {
  free: { fill: '#d7eedf', stroke: '#1b6e3a' },
  selected: { fill: '#0a3a7a', stroke: '#00245a' },
  mine: { fill: '#f2c14e', stroke: '#8a5300' },
  held: { fill: '#c9d0da', stroke: '#9aa5b4' },
  sold: { fill: '#7d8898', stroke: '#5f6a7a' },
  locked: { fill: '#4a5568', stroke: '#2d3748' },
};

export const SEAT_RADIUS = 11;
