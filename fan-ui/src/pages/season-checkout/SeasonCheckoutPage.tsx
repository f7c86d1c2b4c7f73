import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { SEASON_ORDER_NS } from '../../i18n';
import { fareName, gateName } from '../../i18n/serverLabels';
import { matchDayOf } from '../../orders/holderRules';
import { parseOrderId, returnedClientSecret } from '../../orders/params';
import { useSeasonTicket } from '../../seasons/api';
import {
  SEASON_FLOW,
  seasonOrderKey,
  seasonOrderQuery,
  seasonReadyToPay,
  useCancelSeasonOrder,
  useSaveSeasonHolders,
  useSeasonCheck,
  useVerifySeasonHolders,
} from '../../seasons/orders';
import { seasonFares, seasonOrderErrorText, seasonReasonText } from '../../seasons/orderWords';
import { EligibilityCheck } from '../checkout/EligibilityCheck';
import { faresFor } from '../checkout/fares';
import { HoldersForm } from '../checkout/HoldersForm';
import { CancelledOrder, CheckoutTimer, HoldExpiredAlert } from '../checkout/OrderFrame';
import { OrderGate } from '../checkout/OrderGate';
import { OrderSummary } from '../checkout/OrderSummary';
import { PaymentReturn } from '../checkout/PaymentReturn';
import { PaymentStep } from '../checkout/PaymentStep';
import NotFoundPage from '../not-found/NotFoundPage';
import { CollectionChoice } from './CollectionChoice';
import { SeasonOrderTitle } from './SeasonOrderTitle';
import type { SeasonOrder } from '../../../../api-types';

interface SeasonCheckoutPageProps {
  /** `check`: opened as `/seasonticketvrocheck/{id}`, at the holder check. */
  focus?: 'check';
}

/**
 * A season ticket's purchase (`/seasonticketcheckout/{id}`, and `/seasonticketvrocheck/{id}` at
 * the check): the seats with the time left, each seat's holder, fare and kind of title (a season
 * card, or a collection of one ticket per match), the check of the holders, then the payment, as
 * at a match's checkout. Opened with `?payment_intent=...` it is the return from 3-D Secure.
 */
export default function SeasonCheckoutPage({ focus }: SeasonCheckoutPageProps) {
  const { t } = useTranslation(SEASON_ORDER_NS);
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
        <OrderGate key={id} id={id} query={seasonOrderQuery} browse={{ to: '/fixtures/season', label: t('checkout.notFound') }}>
          {(order) => <SeasonOrderCheckout order={order} focus={focus} />}
        </OrderGate>
      ) : (
        <PaymentReturn key={id} flow={SEASON_FLOW} orderId={id} clientSecret={clientSecret} />
      )}
    </RequireSignIn>
  );
}

function SeasonOrderCheckout({ order, focus }: { order: SeasonOrder; focus: SeasonCheckoutPageProps['focus'] }) {
  const { t } = useTranslation(SEASON_ORDER_NS);
  if (order.state === 'cancelled') {
    return <CancelledOrder back={{ to: `/selectedseasonticket/${order.season.id}`, label: t('checkout.backToSeason') }} />;
  }
  if (order.state !== 'pending') {
    // Paid already (another tab, the back button): the thank-you page follows it from here.
    return <Navigate to={SEASON_FLOW.thankYouPath(order.id)} replace />;
  }
  return <PendingSeasonOrder order={order} focus={focus} />;
}

function PendingSeasonOrder({ order, focus }: { order: SeasonOrder; focus: SeasonCheckoutPageProps['focus'] }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const queryClient = useQueryClient();
  const season = useSeasonTicket(order.season.id);
  const [collections, setCollections] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, line.collection])),
  );
  const save = useSaveSeasonHolders(order.id, (lineId) => collections[lineId] ?? false);
  const verify = useVerifySeasonHolders(order.id);
  const check = useSeasonCheck(order.id);
  const cancel = useCancelSeasonOrder(order);
  const [expired, setExpired] = useState(false);
  const expiresAt = order.expires_at ?? null;
  const back = { to: `/selectedseasonticket/${order.season.id}`, label: ts('checkout.backToSeason') };
  // The reductions' rules (under 14, over 65) are judged on the season's first match day.
  const firstMatch = order.season.first_match_at ?? order.season.matches[0]?.starts_at ?? order.created_at;
  const errorText = (error: unknown) => seasonOrderErrorText(t, ts, error);
  const steps = useDeferredValue(true, false);
  const kindName = (collection: boolean) => ts(collection ? 'checkout.kind.collectionShort' : 'checkout.kind.seasonShort');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <SeasonOrderTitle season={order.season} back />
      {order.renewal && <RenewalNote />}
      {expiresAt !== null && (
        <CheckoutTimer
          expiresAt={expiresAt}
          onExpired={() => {
            setExpired(true);
            // The API lets the seats go in every match: the order says what became of it.
            void queryClient.invalidateQueries({ queryKey: seasonOrderKey(order.id) });
          }}
        />
      )}
      <OrderSummary
        lines={order.lines}
        caption={(line) => (
          <>
            {t('hold.gate', { gate: gateName(t, line.gate) })} ·{' '}
            {t('checkout.reduction', { name: fareName(t, line.reduction_code, line.reduction_name) })} · {kindName(line.collection)}
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
            fares={order.lines.map((line) => faresFor(line, seasonFares(season.data, line.sector_code)))}
            matchDay={matchDayOf(firstMatch)}
            save={save}
            lineExtra={(index) => {
              const line = order.lines[index];
              return (
                line !== undefined && (
                  <CollectionChoice
                    index={index}
                    collection={collections[line.id] ?? false}
                    onChange={(collection) => setCollections((current) => ({ ...current, [line.id]: collection }))}
                  />
                )
              );
            }}
            wording={{
              error: errorText,
              hasSeat: ts('checkout.hasSeat'),
              hasSeatNamed: (count, holders) => ts('checkout.hasSeatNamed', { count, holders }),
            }}
            onSaved={() => verify.mutate()}
          />
          <EligibilityCheck
            lines={order.lines.map((line) => {
              const verdict = check?.lines.find((candidate) => candidate.line_id === line.id);
              return { ...line, eligible: verdict?.eligible ?? null, reason: seasonReasonText(t, ts, verdict?.reason) };
            })}
            holdersComplete={order.holders_complete}
            verify={verify}
            errorText={errorText}
            focused={focus === 'check'}
          />
          <PaymentStep
            flow={SEASON_FLOW}
            orderId={order.id}
            totalCents={order.total_cents}
            ready={seasonReadyToPay(order, check)}
          />
        </>
      ) : (
        <Box sx={{ minHeight: '100vh' }} aria-busy="true" />
      )}
    </Container>
  );
}

/** A renewal's order: last season's seat, kept for its holder, who stays the holder. */
function RenewalNote() {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  return (
    <Alert
      severity="info"
      icon={false}
      role="note"
      data-testid="renewal-note"
      sx={{ alignItems: 'center', '& .MuiAlert-message': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 } }}
    >
      <Chip
        icon={<AutorenewIcon />}
        label={ts('checkout.renewalBadge')}
        color="primary"
        size="small"
        data-testid="renewal-badge"
      />
      <span>{ts('checkout.renewalNote')}</span>
    </Alert>
  );
}
