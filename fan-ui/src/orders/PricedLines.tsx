import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCents } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';
import type { OrderLine } from '../../../api-types';

/** What a priced list needs of a line (a match order's, a season order's). */
type PricedLine = Pick<OrderLine, 'id' | 'price_cents'>;

interface Props<L extends PricedLine> {
  lines: L[];
  /** Where the seat is, in the fan's words. */
  seat: (line: L) => string;
  /** What is said under the seat (the gate and fare, or the holder and fare). */
  caption: (line: L) => ReactNode;
  /** Each line's test id, when a page needs one. */
  testId?: (line: L) => string;
}

/** An order's seats as a list: each seat with a caption under it, and its price. */
export function PricedLines<L extends PricedLine>({ lines, seat, caption, testId }: Props<L>) {
  const language = useUiLanguage();
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          data-testid={testId?.(line)}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{seat(line)}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {caption(line)}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatCents(line.price_cents, language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
