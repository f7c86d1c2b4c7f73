import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { SEASON_ORDER_NS } from '../../i18n';
import { ISSUING_POLL_MS } from '../../orders/api';
import { paymentWentThrough } from '../../orders/orderState';
import { parseOrderId } from '../../orders/params';
import { LeaveRoomWhenPaid } from '../../queue/LeaveRoom';
import { SEASON_FLOW, seasonOrderQuery, seasonOrderSettled } from '../../seasons/orders';
import { OrderGate } from '../checkout/OrderGate';
import { IssuedTickets, OrderOutcomePage } from '../checkout-thank-you/OrderOutcome';
import NotFoundPage from '../not-found/NotFoundPage';
import { SeasonOrderTitle } from './SeasonOrderTitle';
import type { SeasonOrder, SeasonOrderLine } from '../../../../api-types';

/**
 * After paying for a season ticket (`/seasonticketcheckout/thankyou/{id}`): reads the order every
 * 2 s until it is issued and every collection's match tickets are too, then says where they are.
 */
export default function SeasonThankYouPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('thankYou.title'));
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate
        key={id}
        id={id}
        query={seasonOrderQuery}
        poll={{ everyMs: ISSUING_POLL_MS, until: seasonOrderSettled }}
        browse={{ to: '/fixtures/season', label: ts('checkout.notFound') }}
      >
        {(order) => (
          <OrderOutcomePage
            order={order}
            title={
              <>
                <LeaveRoomWhenPaid type="season" id={order.season.id} paid={paymentWentThrough(order)} />
                <SeasonOrderTitle season={order.season} />
              </>
            }
            issued={<Issued order={order} />}
            checkoutPath={SEASON_FLOW.checkoutPath(order.id)}
            receiptExtra={(line) => ts(line.collection ? 'checkout.kind.collectionShort' : 'checkout.kind.seasonShort')}
          />
        )}
      </OrderGate>
    </RequireSignIn>
  );
}

function Issued({ order }: { order: SeasonOrder }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const issuing = order.lines.some((line) => line.collection && line.issue_queue_status === 'PENDING');
  return (
    <>
      <IssuedTickets
        lines={order.lines}
        ready={ts('thankYou.ready', { count: order.lines.length })}
        note={(line) => (
          <Typography variant="caption" color="text.secondary" component="p" data-testid={`issued-${line.id}`}>
            {lineNote(line)}
          </Typography>
        )}
      />
      {issuing && (
        <Typography variant="body2" color="text.secondary" role="status">
          {ts('thankYou.issuingHint')}
        </Typography>
      )}
    </>
  );

  function lineNote(line: SeasonOrderLine): string | null {
    if (!line.collection) {
      return line.title ? t('thankYou.seal', { seal: line.title.seal }) : null;
    }
    return line.issue_queue_status === 'PENDING'
      ? ts('thankYou.collectionIssuing', { issued: line.match_titles.length, total: order.season.matches.length })
      : ts('thankYou.collectionReady', { count: line.match_titles.length });
  }
}
