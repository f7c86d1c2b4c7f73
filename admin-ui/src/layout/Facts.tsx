import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';

/**
 * The pieces of a record's page made of sections (an order's, a season order's): facts as a
 * grid of terms and values, codes, Como times, a table's header and an empty table's words.
 */

/** A term and its value; `wide` takes the whole row of the grid. */
export function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  return (
    // A <div> around each term and its value: the only wrapper a <dl> may hold.
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** A grid of facts: one column on a phone, two on a tablet, four on a desktop. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {children}
    </Box>
  );
}

/** A code (an id, a seal), in fixed-width characters. */
export function Mono({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {children}
    </Box>
  );
}

/** An instant in Como time; a dash for none. */
export function DateTime({ value }: { value: string | null | undefined }) {
  const [locale] = useLocaleState();
  if (value === null || value === undefined || value === '') {
    return <>—</>;
  }
  return <time dateTime={value}>{formatRomeDateTime(value, locale)}</time>;
}

/** Why a section's table is not there ("Nessun biglietto."), a translation key. */
export function EmptyText({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
}

/** A table's header row, each label a translation key. */
export function HeadCells({ labels }: { labels: readonly string[] }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {labels.map((label) => (
          <TableCell key={label}>{translate(label)}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
