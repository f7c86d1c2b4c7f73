import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { PricedLines } from '../../orders/PricedLines';
import { CancelOrderButton } from './CancelOrderButton';
import { lineSeat, type SeatLine } from './lineSeat';

interface OrderSummaryProps<L extends SeatLine & { id: number; price_cents: number }> {
  lines: L[];
  /** What is said under each seat (its gate and fare; a season's kind of title too). */
  caption: (line: L) => ReactNode;
  totalCents: number;
  /** Cancelling the order (`DELETE` of a match's or a season's order). */
  cancel: UseMutationResult<unknown, Error, void>;
}

/**
 * What the fan is buying: each seat with its gate, fare and price, and the total (the time left
 * sits in the checkout's sticky strip, in view while the holders are typed).
 */
export function OrderSummary<L extends SeatLine & { id: number; price_cents: number }>({
  lines,
  caption,
  totalCents,
  cancel,
}: OrderSummaryProps<L>) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="order-summary">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('checkout.summary')}
        </Typography>
        <PricedLines lines={lines} seat={(line) => lineSeat(t, line)} caption={caption} testId={(line) => `order-line-${line.id}`} />
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="order-total">
            {t('hold.total', { price: formatCents(totalCents, language) })}
          </Typography>
          <CancelOrderButton cancel={cancel} />
        </Box>
      </CardContent>
    </Card>
  );
}
