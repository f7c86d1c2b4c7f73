import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../api-types';

/**
 * Where Stripe Elements goes when the API's provider is `stripe` (production). The app does not
 * bundle Stripe.js yet (`@stripe/stripe-js` is not a dependency), so this says it is not
 * configured rather than showing a card form that cannot pay. Mounting Elements with
 * `intent.publishable_key` and `intent.client_secret`, with `return_url` the checkout page, is
 * all that changes: the return and the confirm are the simulator's (see `PaymentReturn`).
 */
export function StripeElementsPayment({ intent }: { intent: PaymentView }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="stripe-elements-payment" data-payment-intent={intent.payment_intent_id} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">{t('checkout.payment.stripe')}</Typography>
      <Alert severity="warning">{t('checkout.payment.stripeNotConfigured')}</Alert>
    </Box>
  );
}
