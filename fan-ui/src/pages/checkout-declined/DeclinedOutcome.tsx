import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import TimerOffOutlinedIcon from '@mui/icons-material/TimerOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { HoldCountdown } from '../../components/HoldCountdown';
import { MessagePage } from '../../components/MessagePage';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PaymentFlow } from '../../orders/flow';
import { paymentWentThrough } from '../../orders/orderState';
import { CancelledOrder, type BackLink } from '../checkout/OrderFrame';
import type { Order } from '../../../../api-types';

/** What the declined page needs of an order of any kind (a match's, a season ticket's). */
type DeclinedOrder = Pick<Order, 'id' | 'state' | 'payment_status' | 'expires_at'>;

interface DeclinedOutcomeProps {
  order: DeclinedOrder;
  flow: PaymentFlow;
  /** Where to choose seats again once the order is gone. */
  back: BackLink;
}

/**
 * Where the payment step sends the fan when the card was refused. The address alone proves
 * nothing (a paid order can be opened here from the history, or the webhook may have paid it
 * meanwhile), so the page reads the order and says what it is: only a pending, unpaid order is
 * "declined", with a way to pay again while its hold lasts.
 */
export function DeclinedOutcome({ order, flow, back }: DeclinedOutcomeProps) {
  if (paymentWentThrough(order)) {
    // Paid after all (the webhook, another tab, a second try): the thank-you page follows it.
    return <Navigate to={flow.thankYouPath(order.id)} replace />;
  }
  if (order.state === 'cancelled') {
    return <CancelledOrderTitled back={back} />;
  }
  return <Declined order={order} flow={flow} back={back} />;
}

function Declined({ order, flow, back }: DeclinedOutcomeProps) {
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
        action={
          <Button component={RouterLink} to={back.to} variant="contained" size="large">
            {back.label}
          </Button>
        }
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
            to={flow.checkoutPath(order.id)}
            variant="contained"
            size="large"
            data-testid="retry-payment"
            onClick={() => {
              // A new attempt asks the API for the payment again: after an abandoned 3-D Secure
              // it may answer with a new intent, never the refused one kept in the cache.
              void queryClient.resetQueries({ queryKey: flow.intentKey(order.id) });
            }}
          >
            {t('declined.retry')}
          </Button>
        </Box>
      }
    />
  );
}

function CancelledOrderTitled({ back }: { back: BackLink }) {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.cancelledTitle'));
  return <CancelledOrder back={back} />;
}
