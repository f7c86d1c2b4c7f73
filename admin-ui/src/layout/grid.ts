/**
 * A one-column CSS grid whose column may shrink below its content's width: with the default
 * (`auto`) track a wide table inside (the mass issue's lines, the seat map) widens the column to
 * its own width and overflows its card, even with `minWidth: 0` on the grid; in a shrinkable
 * column the table scrolls inside its container instead.
 */
export const SHRINKABLE = 'minmax(0, 1fr)';
