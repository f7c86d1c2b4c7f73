import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { MatchTitle } from '../../components/MatchTitle';
import { useFixture } from '../../fixtures/api';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { fareName, gateName } from '../../i18n/serverLabels';
import { orderKey, orderQuery } from '../../orders/api';
import { MATCH_FLOW } from '../../orders/flow';
import { matchDayOf } from '../../orders/holderRules';
import { readyToPay } from '../../orders/orderState';
import { parseOrderId, returnedClientSecret } from '../../orders/params';
import { useCancelOrder, useSaveHolders, useVerifyHolders } from '../../orders/useOrderActions';
import NotFoundPage from '../not-found/NotFoundPage';
import { checkedOrderLines } from './eligibility';
import { EligibilityCheck } from './EligibilityCheck';
import { faresFor, fixtureFares } from './fares';
import { HoldersForm } from './HoldersForm';
import { CancelledOrder, CheckoutTimer, HoldExpiredAlert } from './OrderFrame';
import { OrderGate } from './OrderGate';
import { OrderSummary } from './OrderSummary';
import { PaymentReturn } from './PaymentReturn';
import { PaymentStep } from './PaymentStep';
import { PreemptionNote } from './PreemptionNote';
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
        <OrderGate key={id} id={id} query={orderQuery}>
          {(order) => <OrderCheckout order={order} focus={focus} />}
        </OrderGate>
      ) : (
        <PaymentReturn key={id} flow={MATCH_FLOW} orderId={id} clientSecret={clientSecret} />
      )}
    </RequireSignIn>
  );
}

function OrderCheckout({ order, focus }: { order: Order; focus: CheckoutPageProps['focus'] }) {
  const { t } = useTranslation();
  if (order.state === 'cancelled') {
    return <CancelledOrder back={{ to: `/selectedfixture/${order.fixture.id}`, label: t('fixture.backToStadium') }} />;
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
  const save = useSaveHolders(order.id);
  const verify = useVerifyHolders(order.id);
  const cancel = useCancelOrder(order);
  const [expired, setExpired] = useState(false);
  const expiresAt = order.expires_at ?? null;
  const back = { to: `/selectedfixture/${order.fixture.id}`, label: t('fixture.backToStadium') };
  // The holders' form is a score of MUI fields: drawn in a transition right after the order's
  // summary, in slices that let a phone's browser breathe, not in one long task with the page.
  const steps = useDeferredValue(true, false);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <MatchTitle fixture={order.fixture} back={back} />
      {order.preemption_right && <PreemptionNote order={order} holderHint />}
      {expiresAt !== null && (
        <CheckoutTimer
          expiresAt={expiresAt}
          onExpired={() => {
            setExpired(true);
            // The API lets the seats go: the order says what became of it.
            void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
          }}
        />
      )}
      <OrderSummary
        lines={order.lines}
        caption={(line) => (
          <>
            {t('hold.gate', { gate: gateName(t, line.gate) })} ·{' '}
            {t('checkout.reduction', { name: fareName(t, line.reduction_code, line.reduction_name) })}
          </>
        )}
        totalCents={order.total_cents}
        cancel={cancel}
      />
      {expired ? (
        <HoldExpiredAlert back={back} />
      ) : steps ? (
        <>
          <HoldersForm
            lines={order.lines}
            fares={order.lines.map((line) => faresFor(line, fixtureFares(fixture.data, line.sector_code)))}
            matchDay={matchDayOf(order.fixture.starts_at)}
            save={save}
            onSaved={() => verify.mutate()}
          />
          <EligibilityCheck
            lines={checkedOrderLines(t, order.lines)}
            holdersComplete={order.holders_complete}
            verify={verify}
            focused={focus === 'check'}
          />
          <PaymentStep flow={MATCH_FLOW} orderId={order.id} totalCents={order.total_cents} ready={readyToPay(order)} />
        </>
      ) : (
        // Room for the steps while they are drawn, so that the footer does not jump.
        <Box sx={{ minHeight: '100vh' }} aria-busy="true" />
      )}
    </Container>
  );
}
