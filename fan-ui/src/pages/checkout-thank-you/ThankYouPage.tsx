import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { MatchTitle } from '../../components/MatchTitle';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ISSUING_POLL_MS, orderQuery } from '../../orders/api';
import { isSettled, paymentWentThrough } from '../../orders/orderState';
import { parseOrderId } from '../../orders/params';
import { LeaveRoomWhenPaid } from '../../queue/LeaveRoom';
import { OrderGate } from '../checkout/OrderGate';
import { PreemptionNote } from '../checkout/PreemptionNote';
import NotFoundPage from '../not-found/NotFoundPage';
import { IssuedTickets, OrderOutcomePage } from './OrderOutcome';
import type { Order } from '../../../../api-types';

/**
 * After paying (`/checkout/thankyou/{id}`): reads the order every 2 s while its tickets are
 * issued, then says they are ready and where they are; a failed or refunded issue says so.
 */
export default function ThankYouPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('thankYou.title'));
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate key={id} id={id} query={orderQuery} poll={{ everyMs: ISSUING_POLL_MS, until: isSettled }}>
        {(order) => (
          <OrderOutcomePage
            order={order}
            title={
              <>
                <LeaveRoomWhenPaid type="fixture" id={order.fixture.id} paid={paymentWentThrough(order)} />
                <MatchTitle fixture={order.fixture} />
                {order.preemption_right && <PreemptionNote order={order} />}
              </>
            }
            issued={<Issued order={order} />}
            checkoutPath={`/checkout/${order.id}`}
          />
        )}
      </OrderGate>
    </RequireSignIn>
  );
}

function Issued({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <IssuedTickets
      lines={order.lines}
      ready={t('thankYou.ready', { count: order.lines.length })}
      note={(line) =>
        line.title && (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('thankYou.seal', { seal: line.title.seal })}
          </Typography>
        )
      }
    />
  );
}
