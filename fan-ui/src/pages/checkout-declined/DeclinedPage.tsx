import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { orderQuery } from '../../orders/api';
import { MATCH_FLOW } from '../../orders/flow';
import { parseOrderId } from '../../orders/params';
import { OrderGate } from '../checkout/OrderGate';
import NotFoundPage from '../not-found/NotFoundPage';
import { DeclinedOutcome } from './DeclinedOutcome';

/** Where the payment step sends the fan when the card was refused (`/checkout/declined/{id}`). */
export default function DeclinedPage() {
  const { t } = useTranslation();
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate key={id} id={id} query={orderQuery}>
        {(order) => (
          <DeclinedOutcome
            order={order}
            flow={MATCH_FLOW}
            back={{ to: `/selectedfixture/${order.fixture.id}`, label: t('fixture.backToStadium') }}
          />
        )}
      </OrderGate>
    </RequireSignIn>
  );
}
