import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiCode } from '../../api/client';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { VENUE_TIME_ZONE } from '../../fixtures/format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { checkoutErrorText } from '../../orders/errors';
import type { PaymentFlow } from '../../orders/flow';
import {
  HOLDER_FIELDS,
  accountNames,
  draftOf,
  localToday,
  namesMatch,
  parseHolderDetails,
  type HolderDraft,
  type HolderField,
} from '../../orders/holderRules';
import { parseOrderId, returnedClientSecret } from '../../orders/params';
import { purchaseOffer, resaleOfferKey, resaleOfferQuery, resalePaymentKey } from '../../resale/api';
import { resaleFlow } from '../../resale/flow';
import { purchaseErrorText } from '../../resale/words';
import { transferFieldErrors } from '../../transfers/words';
import { HolderFieldset } from '../checkout/HolderFieldset';
import { holderInputId } from '../checkout/lineSeat';
import { PaymentReturn } from '../checkout/PaymentReturn';
import { PaymentStep } from '../checkout/PaymentStep';
import NotFoundPage from '../not-found/NotFoundPage';
import { OfferSummary, ResaleFrame } from './OfferSummary';
import { PurchaseProgress } from './PurchaseProgress';
import type { ResaleOffer, ResalePurchaseView } from '../../../../api-types';

type FieldMessages = Partial<Record<HolderField, string>>;

/**
 * A seat on resale as a buyer sees it (`/resale/{id}`): the match, the seat, its price and face
 * value; while it is listed, who will hold the ticket, then the card payment as a match's
 * checkout takes it. Then (`?purchase={id}`, also where 3-D Secure comes back to) the purchase
 * as it goes: paid, its ticket issued into the wallet, or refunded. Signed-in fans only.
 */
export function ResaleBuyPage() {
  const { t } = useTranslation(RESALE_NS);
  useDocumentTitle(t('buy.title'));
  const resaleId = parseOrderId(useParams().resaleId);
  const [searchParams] = useSearchParams();
  if (resaleId === null) {
    return <NotFoundPage />;
  }
  const purchaseId = parseOrderId(searchParams.get('purchase'));
  return (
    <RequireSignIn>
      <ResaleSteps
        key={resaleId}
        resaleId={resaleId}
        purchaseId={purchaseId}
        clientSecret={returnedClientSecret(searchParams)}
        declined={searchParams.has('declined')}
      />
    </RequireSignIn>
  );
}

interface ResaleStepsProps {
  resaleId: string;
  purchaseId: string | null;
  /** Back from 3-D Secure: the secret to confirm the purchase's payment with. */
  clientSecret: string | null;
  /** Back from a declined card: said above the form. */
  declined: boolean;
}

function ResaleSteps({ resaleId, purchaseId, clientSecret, declined }: ResaleStepsProps) {
  const flow = useMemo(() => resaleFlow(resaleId), [resaleId]);
  if (purchaseId !== null && clientSecret !== null) {
    return <PaymentReturn key={purchaseId} flow={flow} orderId={purchaseId} clientSecret={clientSecret} />;
  }
  if (purchaseId !== null) {
    return <PurchaseProgress key={purchaseId} resaleId={resaleId} purchaseId={purchaseId} />;
  }
  return <ResaleBuy resaleId={resaleId} flow={flow} declined={declined} />;
}

function ResaleBuy({ resaleId, flow, declined }: { resaleId: string; flow: PaymentFlow; declined: boolean }) {
  const { t } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const offer = useQuery(resaleOfferQuery(resaleId));
  // The purchase being paid for: the payment step instead of the form.
  const [paying, setPaying] = useState<ResalePurchaseView | null>(null);
  // Who will hold the ticket: kept when a declined card brings the form back.
  const [draft, setDraft] = useState<HolderDraft>(() => draftOf({ reduction_id: 0 }));
  // The card form leaves for `?declined=1` (again, on a second decline): back to the form.
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setPaying(null);
  }

  if (offer.isPending) {
    return <Loading />;
  }
  if (offer.isError) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {isApiCode(offer.error, 'offer_not_found') ? (
          <Alert severity="info" data-testid="resale-closed">
            <AlertTitle>{t('buy.closed')}</AlertTitle>
            {t('buy.notFound')}
          </Alert>
        ) : (
          <QueryFailed error={offer.error} onRetry={() => void offer.refetch()} />
        )}
      </Container>
    );
  }
  const data = offer.data;
  return (
    <ResaleFrame offer={data}>
      <Typography variant="body1" color="text.secondary">
        {t('buy.intro')}
      </Typography>
      <OfferSummary offer={data} />
      {paying !== null ? (
        <>
          {paying.purchase.reserved_until && (
            <Alert severity="info" data-testid="resale-reserved">
              {t('buy.reservedUntil', { time: formatTime(paying.purchase.reserved_until, language) })}
            </Alert>
          )}
          <PaymentStep flow={flow} orderId={paying.purchase.id} totalCents={paying.purchase.price_cents} ready />
        </>
      ) : data.state !== 'listed' ? (
        <NoLongerListed fixtureId={data.fixture_id} />
      ) : (
        <>
          {declined && (
            <Alert severity="error" data-testid="resale-declined">
              {t('buy.declined')}
            </Alert>
          )}
          <BuyForm offer={data} flow={flow} draft={draft} setDraft={setDraft} onPaying={setPaying} />
        </>
      )}
    </ResaleFrame>
  );
}

/** "Questo posto non è più in rivendita", and the way back to the match's seats. */
function NoLongerListed({ fixtureId }: { fixtureId: number }) {
  const { t } = useTranslation(RESALE_NS);
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="info" data-testid="resale-closed" sx={{ width: '100%', boxSizing: 'border-box' }}>
        <AlertTitle>{t('buy.closed')}</AlertTitle>
        {t('buy.closedBody')}
      </Alert>
      <Button component={RouterLink} to={`/selectedfixture/${fixtureId}`} variant="contained">
        {t('buy.backToMatch')}
      </Button>
    </Box>
  );
}

interface BuyFormProps {
  offer: ResaleOffer;
  flow: PaymentFlow;
  draft: HolderDraft;
  setDraft: (update: (current: HolderDraft) => HolderDraft) => void;
  onPaying: (view: ResalePurchaseView) => void;
}

/**
 * Who will hold the ticket (the checkout's holder fields and checks, but the fare: the seat keeps
 * its own; "it's me" fills the names from the account), then the purchase: the offer reserved
 * and its payment. The API's field errors (`holder.{field}`) land on their fields; its refusals
 * are said in the buyer's words.
 */
function BuyForm({ offer, flow, draft, setDraft, onPaying }: BuyFormProps) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const { user } = useSession();
  const me = user === null ? null : accountNames(user);
  const [errors, setErrors] = useState<FieldMessages>({});
  const today = localToday();
  const buy = useMutation({
    mutationFn: (holder: Parameters<typeof purchaseOffer>[1]['holder']) => purchaseOffer(offer.id, { holder, language }),
    onError: forgetEndedSession,
  });
  const isMe = me !== null && namesMatch(draft, me);

  const change = (field: HolderField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  const toggleMe = () => {
    if (me === null) {
      return;
    }
    setDraft((current) => ({ ...current, ...(isMe ? { first_name: '', last_name: '' } : me) }));
    setErrors((current) => {
      const rest = { ...current };
      delete rest.first_name;
      delete rest.last_name;
      return rest;
    });
  };

  const showErrors = (messages: FieldMessages) => {
    setErrors(messages);
    const first = HOLDER_FIELDS.find((field) => messages[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(holderInputId(0, first))?.focus();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    buy.reset();
    const parsed = parseHolderDetails(draft, today);
    if (!parsed.ok) {
      showErrors(
        Object.fromEntries(Object.entries(parsed.problems).map(([field, problem]) => [field, app(`checkout.holders.errors.${problem}`)])),
      );
      return;
    }
    showErrors({});
    buy.mutate(parsed.value, {
      onSuccess: (view) => {
        if (view.payment === null || view.payment === undefined) {
          // Nothing left to pay: the purchase is followed from here.
          void navigate(flow.thankYouPath(view.purchase.id));
          return;
        }
        // The payment step reads the intent as a query: it is this one.
        queryClient.setQueryData(resalePaymentKey(view.purchase.id), view.payment);
        onPaying(view);
      },
      onError: (error) => {
        if (isApiCode(error, 'offer_closed')) {
          void queryClient.invalidateQueries({ queryKey: resaleOfferKey(offer.id) });
          return;
        }
        const named = transferFieldErrors(error).holder;
        if (named.length > 0) {
          showErrors(Object.fromEntries(named.map((field) => [field, app(`checkout.holders.serverErrors.${field}`)])));
        }
      },
    });
  };

  const error = buy.error;
  const hasFieldErrors = Object.keys(errors).length > 0;
  const onFields = isApiCode(error, 'holder_has_title') || transferFieldErrors(error).holder.length > 0;
  const failure = error === null || onFields ? null : purchaseErrorText(t, (cause) => checkoutErrorText(app, cause), error);

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('buy.holderTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('buy.holderIntro')}
          </Typography>
        </Box>
        <HolderFieldset
          index={0}
          line={{ sector_code: '', sector_name: offer.sector_name, block_code: '', row: offer.row, number: offer.number }}
          legend={t('buy.legend')}
          draft={draft}
          fares={null}
          errors={errors}
          hasSeat={isApiCode(error, 'holder_has_title')}
          hasSeatText={t('buy.errors.holder_has_title')}
          today={today}
          me={me === null ? null : { isMe, takenBy: null, onToggle: toggleMe }}
          onChange={change}
        />
        {hasFieldErrors && <Alert severity="error">{app('checkout.holders.fix')}</Alert>}
        {failure !== null && (
          <Alert severity="error" data-testid="resale-buy-failure">
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<ShoppingCartOutlinedIcon />}
            loading={buy.isPending}
            data-testid="resale-buy"
            sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('buy.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** "18:40": a moment's time on the stadium's clock (the reservation's end, minutes away). */
function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: VENUE_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
