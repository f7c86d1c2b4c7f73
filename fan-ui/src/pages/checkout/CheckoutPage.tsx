import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { HoldCountdown } from '../../components/HoldCountdown';
import { Loading } from '../../components/Loading';
import { MatchTitle } from '../../components/MatchTitle';
import { MessagePage } from '../../components/MessagePage';
import { useFixture } from '../../fixtures/api';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { orderKey } from '../../orders/api';
import { checkoutErrorText } from '../../orders/errors';
import { parseOrderId, returnedClientSecret } from '../../orders/params';
import { useVerifyHolders } from '../../orders/useOrderActions';
import NotFoundPage from '../not-found/NotFoundPage';
import { EligibilityCheck } from './EligibilityCheck';
import { HoldersForm } from './HoldersForm';
import { OrderGate } from './OrderGate';
import { OrderSummary } from './OrderSummary';
import { PaymentStep } from './PaymentStep';
import { useConfirmPayment } from './useConfirmPayment';
import type { Order } from '../../../../api-types';

interface CheckoutPageProps {
  /** `check`: opened as `/vrocheck/{id}/`, at the holder check. */
  focus?: 'check';
}

/**
 * Checkout (`/checkout/{id}`, and `/vrocheck/{id}/` at the check): the order, its holders, the
 * check of the holders, then the payment. Opened with `?payment_intent=...` it is the return from
 * 3-D Secure, and confirms the payment first.
 */
export default function CheckoutPage({ focus }: CheckoutPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const id = parseOrderId(useParams().id);
  const [searchParams] = useSearchParams();
  if (id === null) {
    return <NotFoundPage />;
  }
  const clientSecret = returnedClientSecret(searchParams);
  return (
    <RequireSignIn>
      {clientSecret === null ? (
        <OrderGate key={id} id={id}>
          {(order) => <OrderCheckout order={order} focus={focus} />}
        </OrderGate>
      ) : (
        <PaymentReturn key={id} orderId={id} clientSecret={clientSecret} />
      )}
    </RequireSignIn>
  );
}

function OrderCheckout({ order, focus }: { order: Order; focus: CheckoutPageProps['focus'] }) {
  const { t } = useTranslation();
  if (order.state === 'cancelled') {
    return (
      <MessagePage
        icon={<RemoveShoppingCartOutlinedIcon />}
        title={t('checkout.cancelledTitle')}
        body={t('checkout.cancelledBody')}
        action={
          <Button component={RouterLink} to={`/selectedfixture/${order.fixture.id}`} variant="contained" size="large">
            {t('fixture.backToStadium')}
          </Button>
        }
      />
    );
  }
  if (order.state !== 'pending') {
    // Paid already (another tab, the back button): the thank-you page follows it from here.
    return <Navigate to={`/checkout/thankyou/${order.id}`} replace />;
  }
  return <PendingOrder order={order} focus={focus} />;
}

function PendingOrder({ order, focus }: { order: Order; focus: CheckoutPageProps['focus'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fixture = useFixture(order.fixture.id);
  const verify = useVerifyHolders(order.id);
  const [expired, setExpired] = useState(false);
  const expiresAt = order.expires_at ?? null;
  // The holders' form is a score of MUI fields: drawn in a transition right after the order's
  // summary, in slices that let a phone's browser breathe, not in one long task with the page.
  const steps = useDeferredValue(true, false);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <MatchTitle
        fixture={order.fixture}
        back={{ to: `/selectedfixture/${order.fixture.id}`, label: t('fixture.backToStadium') }}
      />
      {expiresAt !== null && (
        // Stays under the app bar while the fan types the holders: the time left is always in view.
        <Box
          data-testid="checkout-timer"
          sx={{
            position: 'sticky',
            top: { xs: 56, sm: 64 },
            zIndex: 2,
            mx: { xs: -1.5, sm: 0 },
            px: { xs: 1.5, sm: 2 },
            py: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            boxShadow: 1,
            borderRadius: { xs: 0, sm: 1 },
          }}
        >
          <HoldCountdown
            deadline={Date.parse(expiresAt)}
            onExpired={() => {
              setExpired(true);
              // The API lets the seats go: the order says what became of it.
              void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
            }}
          />
        </Box>
      )}
      <OrderSummary order={order} />
      {expired ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/selectedfixture/${order.fixture.id}`}>
              {t('fixture.backToStadium')}
            </Button>
          }
        >
          {t('errors.hold_expired')}
        </Alert>
      ) : steps ? (
        <>
          <HoldersForm order={order} fixture={fixture.data} onSaved={() => verify.mutate()} />
          <EligibilityCheck order={order} verify={verify} focused={focus === 'check'} />
          <PaymentStep order={order} />
        </>
      ) : (
        // Room for the steps while they are drawn, so that the footer does not jump.
        <Box sx={{ minHeight: '100vh' }} aria-busy="true" />
      )}
    </Container>
  );
}

/**
 * Back from the 3-D Secure challenge: the API confirms with the secret the return carries, and
 * the fan goes on to the thank-you or the declined page (this address, with the secret, is
 * replaced in the history).
 */
function PaymentReturn({ orderId, clientSecret }: { orderId: string; clientSecret: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPayment(orderId, { replace: true });
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
          <Button component={RouterLink} to={`/checkout/${orderId}`} replace variant="contained">
            {t('thankYou.backToCheckout')}
          </Button>
        </Box>
      ) : (
        <Loading />
      )}
    </Container>
  );
}
