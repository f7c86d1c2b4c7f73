import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { checkoutErrorText } from '../../orders/errors';
import { usePaymentIntent, type PaymentFlow } from '../../orders/flow';
import { SimulatorCardForm } from './SimulatorCardForm';
import { StripeElementsPayment } from './StripeElementsPayment';
import { useConfirmPayment } from './useConfirmPayment';

interface PaymentStepProps {
  /** The kind of order (a match's, a season ticket's): its payment calls and pages. */
  flow: PaymentFlow;
  orderId: string;
  totalCents: number;
  /** Every holder named and allowed a title by the check. */
  ready: boolean;
}

/**
 * The last step: confirming a free order, or paying through the API's provider (the simulator's
 * card form in development, Stripe Elements in production).
 */
export function PaymentStep({ flow, orderId, totalCents, ready }: PaymentStepProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="payment-step">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('checkout.payment.title')}
        </Typography>
        {!ready && (
          <Typography variant="body2" color="text.secondary">
            {t('checkout.payment.needsCheck')}
          </Typography>
        )}
        {ready &&
          (totalCents === 0 && flow.confirmFree !== undefined ? (
            <FreeOrderConfirm flow={flow} orderId={orderId} />
          ) : (
            <CardPayment flow={flow} orderId={orderId} />
          ))}
      </CardContent>
    </Card>
  );
}

function CardPayment({ flow, orderId }: { flow: PaymentFlow; orderId: string }) {
  const { t } = useTranslation();
  const intent = usePaymentIntent(flow, orderId, true);
  if (intent.isPending) {
    return (
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('checkout.payment.preparing')}
        </Typography>
        <Loading />
      </Box>
    );
  }
  if (intent.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void intent.refetch()}>
            {t('errors.retry')}
          </Button>
        }
      >
        {checkoutErrorText(t, intent.error)}
      </Alert>
    );
  }
  return intent.data.provider === 'simulator' ? (
    <SimulatorCardForm flow={flow} orderId={orderId} intent={intent.data} />
  ) : (
    <StripeElementsPayment intent={intent.data} />
  );
}

/** A total of 0 (every ticket free): nothing to pay, one button to confirm. */
function FreeOrderConfirm({ flow, orderId }: { flow: PaymentFlow; orderId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPayment(flow, orderId);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{t('checkout.payment.free')}</Typography>
      {confirm.isError && <Alert severity="error">{checkoutErrorText(t, confirm.error)}</Alert>}
      <Button
        variant="contained"
        size="large"
        loading={confirm.isPending}
        onClick={() => confirm.mutate(null)}
        data-testid="confirm-free-button"
      >
        {t('checkout.payment.confirmFree')}
      </Button>
    </Box>
  );
}
