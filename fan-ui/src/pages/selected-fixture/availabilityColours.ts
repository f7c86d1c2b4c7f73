import type { Availability } from '../../fixtures/saleState';

/** Light fills with a dark edge and dark text: readable labels, and the edge tells the state too. */
export const AVAILABILITY_COLOURS: Record<Availability, { fill: string; stroke: string; text: string }> = {
  plenty: { fill: '#d7eedf', stroke: '#1b6e3a', text: '#0f3d21' },
  few: { fill: '#fbe6c2', stroke: '#8a5300', text: '#4d2e00' },
  none: { fill: '#e6e9ee', stroke: '#8792a2', text: '#4a5870' },
};
