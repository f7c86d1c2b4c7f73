import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { SEASON_ORDER_NS } from '../../i18n';
import { parseOrderId } from '../../orders/params';
import { SEASON_FLOW, seasonOrderQuery } from '../../seasons/orders';
import { OrderGate } from '../checkout/OrderGate';
import { DeclinedOutcome } from '../checkout-declined/DeclinedOutcome';
import NotFoundPage from '../not-found/NotFoundPage';

/** Where the payment step sends the fan when the card was refused for a season ticket (`/seasonticketcheckout/declined/{id}`). */
export default function SeasonDeclinedPage() {
  const { t } = useTranslation(SEASON_ORDER_NS);
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate key={id} id={id} query={seasonOrderQuery} browse={{ to: '/fixtures/season', label: t('checkout.notFound') }}>
        {(order) => (
          <DeclinedOutcome
            order={order}
            flow={SEASON_FLOW}
            back={{ to: `/selectedseasonticket/${order.season.id}`, label: t('checkout.backToSeason') }}
          />
        )}
      </OrderGate>
    </RequireSignIn>
  );
}
