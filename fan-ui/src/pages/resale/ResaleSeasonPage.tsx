import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, isApiCode } from '../../api/client';
import { apiErrorText } from '../../auth/errors';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useForgetEndedSession } from '../../auth/useSession';
import { FactList } from '../../components/FactList';
import { Loading } from '../../components/Loading';
import { TicketHeading } from '../../components/TicketHeading';
import { WalletSubpage } from '../../components/WalletSubpage';
import { formatCents, formatDateTime } from '../../fixtures/format';
import { parseId } from '../../fixtures/params';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { seasonWalletKey } from '../../seasons/orders';
import { offerForResale, resaleCheckKey, resaleCheckQuery, withdrawOffer } from '../../resale/api';
import { eurosInput, offerErrorText, parsePrice, resaleRefusalText, type PriceProblem } from '../../resale/words';
import NotFoundPage from '../not-found/NotFoundPage';
import type { ResaleCheck, ResaleOffer, ResaleTerms } from '../../../../api-types';

/**
 * A season seat's match put on resale (`/resale_season/{line}/{fixture}`): the seat and the
 * match, its face value, the club's fee and the deadline, the asking price (what the seller gets
 * back said as they type); then the offer, which may be taken back while it is listed. Why not,
 * when it may not be offered. Signed-in fans only, their own season seats only.
 */
export function ResaleSeasonPage() {
  const { t } = useTranslation(RESALE_NS);
  useDocumentTitle(t('offer.title'));
  const params = useParams();
  const lineId = parseId(params.lineId);
  const fixtureId = parseId(params.fixtureId);
  if (lineId === null || fixtureId === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <WalletSubpage back={t('offer.back')} title={t('offer.title')} intro={t('offer.intro')}>
        <ResaleSeason key={`${lineId}-${fixtureId}`} lineId={lineId} fixtureId={fixtureId} />
      </WalletSubpage>
    </RequireSignIn>
  );
}

function ResaleSeason({ lineId, fixtureId }: { lineId: number; fixtureId: number }) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const check = useQuery(resaleCheckQuery(lineId, fixtureId));
  // Said once the offer is taken back, above the form that comes back.
  const [withdrawn, setWithdrawn] = useState(false);

  if (check.isPending) {
    return <Loading />;
  }
  if (check.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void check.refetch()}>
            {app('errors.retry')}
          </Button>
        }
      >
        {offerErrorText(t, app, check.error)}
      </Alert>
    );
  }
  const data = check.data;
  const offer = data.offer ?? null;
  return (
    <>
      <SeasonMatchSummary check={data} terms={offer === null && data.resellable ? (data.terms ?? null) : null} />
      {offer !== null ? (
        <OfferView lineId={lineId} fixtureId={fixtureId} offer={offer} onWithdrawn={() => setWithdrawn(true)} />
      ) : data.resellable && data.terms ? (
        <>
          {withdrawn && (
            <Alert severity="success" role="status" data-testid="resale-withdrawn">
              {t('listing.withdrawn')}
            </Alert>
          )}
          <PriceForm lineId={lineId} fixtureId={fixtureId} terms={data.terms} onOffered={() => setWithdrawn(false)} />
        </>
      ) : (
        <Alert severity="info" data-testid="resale-not-possible">
          <AlertTitle>{t('offer.notResellable')}</AlertTitle>
          {resaleRefusalText(t, data.refusal_code)}
        </Alert>
      )}
    </>
  );
}

/** The season seat and the match: who holds it, its seal; with `terms`, the face value, the fee and the deadline. */
function SeasonMatchSummary({ check, terms }: { check: ResaleCheck; terms: ResaleTerms | null }) {
  const { t } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const titleId = useId();
  const season = check.season;
  // A collection has a title of its own for each match; a season ticket one for all.
  const seal = season.matches.find((match) => match.fixture_id === check.fixture_id)?.seal ?? season.seal;
  const facts: [string, string][] = [
    [t('offer.holder'), season.holder_name],
    [t('offer.fare'), season.reduction_name],
    ...(seal ? [[t('offer.seal'), seal] as [string, string]] : []),
    ...(terms === null
      ? []
      : ([
          [t('offer.faceValue'), formatCents(terms.face_value_cents, language)],
          [t('offer.fee'), formatCents(terms.fee_cents, language)],
          [t('offer.deadline'), formatDateTime(terms.deadline, language)],
        ] as [string, string][])),
  ];
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="resale-season-match">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <TicketHeading
          titleId={titleId}
          fixture={{ competition: season.season_name, title: check.fixture_title, starts_at: check.starts_at }}
          seat={t('offer.seat', { sector: season.sector_name, block: season.block_code, row: season.row, number: season.number })}
        />
        <FactList facts={facts} />
      </CardContent>
    </Card>
  );
}

interface PriceFormProps {
  lineId: number;
  fixtureId: number;
  terms: ResaleTerms;
  onOffered: () => void;
}

/**
 * The asking price in euros (the face value to begin with), checked here against the terms and
 * then by the API; what the seller gets back is said as they type.
 */
function PriceForm({ lineId, fixtureId, terms, onOffered }: PriceFormProps) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const [price, setPrice] = useState(() => eurosInput(terms.face_value_cents, language));
  const [problem, setProblem] = useState<{ problem: PriceProblem; limit: number } | null>(null);
  const offer = useMutation({
    mutationFn: (cents: number) => offerForResale(lineId, fixtureId, { price_cents: cents }),
    onError: forgetEndedSession,
  });
  const parsed = parsePrice(price, terms);
  const payout = parsed.ok ? parsed.cents - terms.fee_cents : null;

  /** The limit a price problem names: the face value, or the fee. */
  const limitOf = (which: PriceProblem, error?: unknown): number => {
    const key = which === 'price_above_face_value' ? 'face_value_cents' : 'fee_cents';
    const sent = error instanceof ApiError ? Number(error.details[key]) : Number.NaN;
    return Number.isFinite(sent) ? sent : which === 'price_above_face_value' ? terms.face_value_cents : terms.fee_cents;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    offer.reset();
    if (!parsed.ok) {
      setProblem({ problem: parsed.problem, limit: limitOf(parsed.problem) });
      document.getElementById('resale-price')?.focus();
      return;
    }
    setProblem(null);
    offer.mutate(parsed.cents, {
      onSuccess: (created) => {
        onOffered();
        queryClient.setQueryData<ResaleCheck>(resaleCheckKey(lineId, fixtureId), (old) =>
          old === undefined ? old : { ...old, resellable: false, refusal_code: 'in_resale', offer: created },
        );
        void queryClient.invalidateQueries({ queryKey: seasonWalletKey });
      },
      onError: (error) => {
        if (isApiCode(error, 'price_above_face_value') || isApiCode(error, 'price_below_fee')) {
          const which = (error as ApiError).code as PriceProblem;
          setProblem({ problem: which, limit: limitOf(which, error) });
        } else if (error instanceof ApiError && error.status === 409) {
          // No longer to be offered (or offered already): the page says why, or shows the offer.
          void queryClient.invalidateQueries({ queryKey: resaleCheckKey(lineId, fixtureId) });
        }
      },
    });
  };

  const message = problem === null ? undefined : t(`offer.errors.${problem.problem}`, { price: formatCents(problem.limit, language) });
  const failure =
    offer.error === null || isApiCode(offer.error, 'price_above_face_value') || isApiCode(offer.error, 'price_below_fee')
      ? null
      : offerErrorText(t, app, offer.error);

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('offer.formTitle')}
        </Typography>
        <TextField
          id="resale-price"
          name="price"
          label={t('offer.price')}
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setProblem(null);
          }}
          error={message !== undefined}
          helperText={
            message ??
            t('offer.priceHint', { fee: formatCents(terms.fee_cents, language), faceValue: formatCents(terms.face_value_cents, language) })
          }
          autoComplete="off"
          sx={{ maxWidth: 280 }}
          slotProps={{ htmlInput: { 'data-testid': 'resale-price', inputMode: 'decimal', required: true, maxLength: 10 } }}
        />
        <Box aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            {t('offer.payout')}
          </Typography>
          <Typography variant="h6" component="p" data-testid="resale-payout">
            {formatCents(payout, language)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('offer.payoutNote')}
          </Typography>
        </Box>
        {failure !== null && (
          <Alert severity="error" data-testid="resale-failure">
            {failure}
          </Alert>
        )}
        <Alert severity="warning" variant="outlined">
          {t('offer.warning')}
        </Alert>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={offer.isPending}
            data-testid="resale-submit"
            sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('offer.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

interface OfferViewProps {
  lineId: number;
  fixtureId: number;
  offer: ResaleOffer;
  onWithdrawn: () => void;
}

/** The seat's offer for the match: its state, price, code, what comes back and until when; taken back while listed. */
function OfferView({ lineId, fixtureId, offer, onWithdrawn }: OfferViewProps) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const withdraw = useMutation({
    mutationFn: () => withdrawOffer(offer.id),
    onError: forgetEndedSession,
    onSuccess: (taken) => {
      onWithdrawn();
      // Said as taken back until the check, read again, brings the form back.
      queryClient.setQueryData<ResaleCheck>(resaleCheckKey(lineId, fixtureId), (old) => (old === undefined ? old : { ...old, offer: taken }));
    },
    onSettled: () => {
      // Taken back, or no longer listed: the check says what the seat may do now.
      void queryClient.invalidateQueries({ queryKey: resaleCheckKey(lineId, fixtureId) });
      void queryClient.invalidateQueries({ queryKey: seasonWalletKey });
    },
  });
  const facts: [string, string][] = [
    [t('listing.state'), t(`listing.states.${offer.state}`)],
    [t('listing.price'), formatCents(offer.price_cents, language)],
    [t('listing.payout'), formatCents(offer.payout_cents, language)],
    [t('listing.code'), offer.code],
    [t('listing.deadline'), formatDateTime(offer.deadline, language)],
  ];
  const failure =
    withdraw.error === null
      ? null
      : isApiCode(withdraw.error, 'offer_reserved') || isApiCode(withdraw.error, 'offer_closed')
        ? t(`listing.errors.${(withdraw.error as ApiError).code as 'offer_reserved' | 'offer_closed'}`)
        : apiErrorText(app, withdraw.error);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="resale-offer" data-state={offer.state}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('listing.title')}
        </Typography>
        {offer.state === 'listed' && (
          <Alert severity="success" role="status">
            {t('listing.created')}
          </Alert>
        )}
        <FactList facts={facts} />
        {offer.payout_manual && <Alert severity="info">{t('listing.payoutManual')}</Alert>}
        {failure !== null && (
          <Alert severity="error" data-testid="resale-withdraw-failure">
            {failure}
          </Alert>
        )}
        {offer.state === 'listed' && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              color="error"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate()}
              data-testid="resale-withdraw"
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {t('listing.withdraw')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
