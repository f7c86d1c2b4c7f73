import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StackedCellProps {
  /** The cell's main fact, as any field renders it. */
  children: ReactNode;
  /** A smaller fact under it (the seat under the label, the buyer under the holder...). */
  secondary?: ReactNode;
  /**
   * For codes (seals, ids): fixed-width characters, read one by one, and never broken but at a
   * hyphen.
   */
  monospace?: boolean;
  /** As the column's cells: a right-aligned column (amounts) keeps both lines to the right. */
  align?: 'left' | 'right';
}

/**
 * Two facts in one table cell, the second smaller and greyer under the first: how the lists fit a
 * desktop's width without dropping what staff look for. A long secondary text (an e-mail) may
 * break anywhere rather than widen its column.
 */
export function StackedCell({ children, secondary, monospace = false, align = 'left' }: StackedCellProps) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: align === 'right' ? 'flex-end' : 'flex-start', gap: 0.25 }}>
      {children}
      {secondary === undefined || secondary === null || secondary === '' ? null : (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={monospace ? { fontFamily: 'monospace' } : { overflowWrap: 'anywhere' }}
        >
          {secondary}
        </Typography>
      )}
    </Box>
  );
}
