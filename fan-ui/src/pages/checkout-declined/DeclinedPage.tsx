import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import TimerOffOutlinedIcon from '@mui/icons-material/TimerOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { HoldCountdown } from '../../components/HoldCountdown';
import { MessagePage } from '../../components/MessagePage';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paymentIntentKey } from '../../orders/api';
import { paymentWentThrough } from '../../orders/orderState';
import { parseOrderId } from '../../orders/params';
import { OrderGate } from '../checkout/OrderGate';
import NotFoundPage from '../not-found/NotFoundPage';
import type { Order } from '../../../../api-types';

/**
 * Where the payment step sends the fan when the card was refused (`/checkout/declined/{id}`).
 * The address alone proves nothing (a paid order can be opened here from the history, or the
 * webhook may have paid it meanwhile), so the page reads the order and says what it is: only a
 * pending, unpaid order is "declined", with a way to pay again while its hold lasts.
 */
export default function DeclinedPage() {
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate key={id} id={id}>
        {(order) => <DeclinedOutcome order={order} />}
      </OrderGate>
    </RequireSignIn>
  );
}

function DeclinedOutcome({ order }: { order: Order }) {
  if (paymentWentThrough(order)) {
    // Paid after all (the webhook, another tab, a second try): the thank-you page follows it.
    return <Navigate to={`/checkout/thankyou/${order.id}`} replace />;
  }
  if (order.state === 'cancelled') {
    return <CancelledOrder order={order} />;
  }
  return <Declined order={order} />;
}

function Declined({ order }: { order: Order }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deadline = order.expires_at ? Date.parse(order.expires_at) : null;
  const [expired, setExpired] = useState(() => deadline !== null && deadline <= Date.now());
  useDocumentTitle(expired ? t('declined.expiredTitle') : t('declined.title'));
  if (expired || deadline === null) {
    return (
      <MessagePage
        icon={<TimerOffOutlinedIcon />}
        title={t('declined.expiredTitle')}
        body={t('declined.expiredBody')}
        action={<BackToStadium order={order} />}
      />
    );
  }
  return (
    <MessagePage
      icon={<CreditCardOffOutlinedIcon />}
      title={t('declined.title')}
      body={t('declined.body')}
      action={
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
          <HoldCountdown deadline={deadline} onExpired={() => setExpired(true)} />
          <Button
            component={RouterLink}
            to={`/checkout/${order.id}`}
            variant="contained"
            size="large"
            data-testid="retry-payment"
            onClick={() => {
              // A new attempt asks the API for the payment again: after an abandoned 3-D Secure
              // it may answer with a new intent, never the refused one kept in the cache.
              void queryClient.resetQueries({ queryKey: paymentIntentKey(order.id) });
            }}
          >
            {t('declined.retry')}
          </Button>
        </Box>
      }
    />
  );
}

function CancelledOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.cancelledTitle'));
  return (
    <MessagePage
      icon={<RemoveShoppingCartOutlinedIcon />}
      title={t('checkout.cancelledTitle')}
      body={t('checkout.cancelledBody')}
      action={<BackToStadium order={order} />}
    />
  );
}

function BackToStadium({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/selectedfixture/${order.fixture.id}`} variant="contained" size="large">
      {t('fixture.backToStadium')}
    </Button>
  );
}
