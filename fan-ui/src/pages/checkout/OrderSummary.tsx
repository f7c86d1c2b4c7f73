import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { PricedLines } from '../../orders/PricedLines';
import { CancelOrderButton } from './CancelOrderButton';
import { lineSeat } from './lineSeat';
import { fareName, gateName } from '../../i18n/serverLabels';
import type { Order } from '../../../../api-types';

interface OrderSummaryProps {
  order: Order;
}

/**
 * What the fan is buying: each seat with its gate, fare and price, and the total (the time left
 * sits in the checkout's sticky strip, in view while the holders are typed).
 */
export function OrderSummary({ order }: OrderSummaryProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="order-summary">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('checkout.summary')}
        </Typography>
        <PricedLines
          lines={order.lines}
          seat={(line) => lineSeat(t, line)}
          caption={(line) => (
            <>
              {t('hold.gate', { gate: gateName(t, line.gate) })} ·{' '}
              {t('checkout.reduction', { name: fareName(t, line.reduction_code, line.reduction_name) })}
            </>
          )}
          testId={(line) => `order-line-${line.id}`}
        />
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="order-total">
            {t('hold.total', { price: formatCents(order.total_cents, language) })}
          </Typography>
          <CancelOrderButton order={order} />
        </Box>
      </CardContent>
    </Card>
  );
}
