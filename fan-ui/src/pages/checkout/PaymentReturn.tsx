import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../components/Loading';
import { checkoutErrorText } from '../../orders/errors';
import type { PaymentFlow } from '../../orders/flow';
import { useConfirmPayment } from './useConfirmPayment';

interface PaymentReturnProps {
  flow: PaymentFlow;
  orderId: string;
  clientSecret: string;
}

/**
 * Back from the 3-D Secure challenge: the API confirms with the secret the return carries, and
 * the fan goes on to the thank-you or the declined page (this address, with the secret, is
 * replaced in the history).
 */
export function PaymentReturn({ flow, orderId, clientSecret }: PaymentReturnProps) {
  const { t } = useTranslation();
  const confirm = useConfirmPayment(flow, orderId, { replace: true });
  const { mutate } = confirm;
  const asked = useRef(false);
  useEffect(() => {
    // Once, even when development's strict mode runs effects twice (the API would answer
    // paymentAlreadyProcessed, but one call is what the fan did).
    if (!asked.current) {
      asked.current = true;
      mutate(clientSecret);
    }
  }, [mutate, clientSecret]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 }, display: 'grid', gap: 2, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {t('checkout.payment.returning')}
      </Typography>
      {confirm.isError ? (
        <Box sx={{ display: 'grid', gap: 2, textAlign: 'start' }}>
          <Alert severity="error">{checkoutErrorText(t, confirm.error)}</Alert>
          <Button component={RouterLink} to={flow.checkoutPath(orderId)} replace variant="contained">
            {t('thankYou.backToCheckout')}
          </Button>
        </Box>
      ) : (
        <Loading />
      )}
    </Container>
  );
}
