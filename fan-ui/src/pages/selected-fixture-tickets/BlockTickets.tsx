import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError, isApiCode } from '../../api/client';
import { signInPath } from '../../auth/returnTo';
import { useSession } from '../../auth/useSession';
import { HoldSummary } from '../../components/HoldSummary';
import { Loading } from '../../components/Loading';
import { PreemptionRefusal } from '../../components/PreemptionRefusal';
import { QueryFailed } from '../../components/QueryFailed';
import { SuccessToast } from '../../components/SuccessToast';
import { heldCount, useBlockSeats, useHold } from '../../fixtures/api';
import { lostSeatIds, onSaleErrorText } from '../../fixtures/errors';
import { formatCents } from '../../fixtures/format';
import { isPreemptionRefusal, sectorOpen, type FixtureSale } from '../../fixtures/rights';
import { saleState } from '../../fixtures/saleState';
import { seatRows } from '../../fixtures/seatGrid';
import { seatState, type DisplayedSeatState, type LiveSeatsEvent } from '../../fixtures/types';
import { useHoldTickets } from '../../fixtures/useHoldActions';
import { useLiveInventory } from '../../fixtures/useLiveInventory';
import { isAdmissionRequired } from '../../queue/useAdmissionRequired';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { fixtureResalesKey, resalePath, useFixtureResales } from '../../resale/listed';
import { refusedPhase } from '../../seasons/phases';
import { OneSeatNotice, RestrictedSeatsNotice } from '../selected-fixture/FixturePreemption';
import { PhaseNotice } from '../selected-season-ticket/PhaseNotice';
import { BestAvailable } from './BestAvailable';
import { SeatLegend } from './SeatLegend';
import { SeatMap, type ResaleSeats } from './SeatMap';
import { SeatSelection } from './SeatSelection';
import { gateName, sectorName } from '../../i18n/serverLabels';
import type { BlockSeats, FixtureDetail, HoldView, ResaleListed, SeatView } from '../../../../api-types';

/** Only standing blocks need it (and MUI's select with it): not loaded with every seat map. */
const StandingPicker = lazy(() => import('./StandingPicker'));

interface BlockTicketsProps {
  fixture: FixtureDetail;
  /** The match's pre-emption: while a phase with rights is on, one seat, with a right, in its sectors. */
  sale: FixtureSale;
  blockId: number;
  /** Seats picked before going to sign in (kept in the return address). */
  initialSeatIds: number[];
  initialQuantity: number;
}

/**
 * One block of a fixture: its seat map (or, for standing, a quantity), what the fan picked, and
 * the hold. The map follows the live stream; seats someone else takes leave the selection. While
 * a pre-emption phase is on, the map is shown but no seat can be picked without a right that
 * opens the block's sector; with one, a single seat.
 */
export function BlockTickets({ fixture, sale, blockId, initialSeatIds, initialQuantity }: BlockTicketsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const blockSeats = useBlockSeats(fixture.id, blockId);
  const hold = useHold(fixture.id, user !== null);
  const [picked, setPicked] = useState<number[]>(initialSeatIds);
  const [takenIds, setTakenIds] = useState<number[]>([]);
  // Seats this fan's hold request is taking: the live stream may announce them as held before
  // the request answers, and they are not lost to someone else.
  const holding = useRef<Set<number>>(new Set());

  const queryClient = useQueryClient();
  const live = useLiveInventory(fixture.id, (event: LiveSeatsEvent) => {
    // A seat put on resale, or one on resale taken: the list of offers (and their prices) is read again.
    const listed = new Set(queryClient.getQueryData<ResaleListed[]>(fixtureResalesKey(fixture.id))?.map((item) => item.seat_id));
    if (event.seats.some((seat) => seat.state === 'resale' || listed.has(seat.id))) {
      void queryClient.invalidateQueries({ queryKey: fixtureResalesKey(fixture.id) });
    }
    if (event.block_id !== blockId) {
      return;
    }
    const gone = new Set(
      event.seats.filter((seat) => seat.state !== 'free' && !holding.current.has(seat.id)).map((seat) => seat.id),
    );
    const lost = picked.filter((id) => gone.has(id));
    if (lost.length > 0) {
      setPicked((current) => current.filter((id) => !gone.has(id)));
      setTakenIds(lost);
    }
  });

  if (blockSeats.isPending) {
    return <Loading />;
  }
  if (blockSeats.isError) {
    return blockSeats.error instanceof ApiError && blockSeats.error.status === 404 ? (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={`/selectedfixture/${fixture.id}`} color="inherit" size="small">
            {t('fixture.backToStadium')}
          </Button>
        }
      >
        {t('tickets.chooseBlock')}
      </Alert>
    ) : (
      <QueryFailed error={blockSeats.error} onRetry={() => void blockSeats.refetch()} />
    );
  }
  return (
    <BlockView
      fixture={fixture}
      sale={sale}
      data={blockSeats.data}
      hold={user === null ? undefined : hold.data}
      signedIn={user !== null}
      picked={picked}
      setPicked={setPicked}
      takenIds={takenIds}
      holding={holding}
      liveInterrupted={live === 'interrupted'}
      initialQuantity={initialQuantity}
    />
  );
}

interface BlockViewProps {
  fixture: FixtureDetail;
  sale: FixtureSale;
  data: BlockSeats;
  hold: HoldView | undefined;
  signedIn: boolean;
  picked: number[];
  setPicked: (update: (current: number[]) => number[]) => void;
  takenIds: number[];
  holding: RefObject<Set<number>>;
  liveInterrupted: boolean;
  initialQuantity: number;
}

function BlockView(props: BlockViewProps) {
  const { fixture, sale, data, hold, signedIn, picked, setPicked, takenIds, holding, liveInterrupted, initialQuantity } =
    props;
  const { block, seats } = data;
  const priceCents = data.price_cents ?? null;
  const { t } = useTranslation();
  const { t: tr } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const resales = useFixtureResales(fixture.id);
  const navigate = useNavigate();
  const holdTickets = useHoldTickets(fixture.id, block.id);
  const [quantity, setQuantity] = useState(Math.max(1, initialQuantity));
  const [limitHit, setLimitHit] = useState(false);

  const sector = fixture.sectors.find((candidate) => candidate.code === block.sector_code);
  const onSale = saleState(fixture) === 'onSale';
  // During a pre-emption phase: only with a right that opens this block's sector, one seat.
  const restricted = sale.restricted;
  const interactive = onSale && (!restricted || (sale.right !== null && sectorOpen(sale.openSectors, block.sector_code)));
  const limitLeft = Math.max(0, (restricted ? 1 : fixture.per_buyer_limit) - heldCount(hold));
  const mine = new Set(hold?.seats.map((seat) => seat.id));
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  // Picked seats that are still free and not already the fan's: what "Hold seats" sends (with a
  // right, one: seats picked before the phase was known are not all sent).
  const free = picked
    .map((id) => byId.get(id))
    .filter((seat): seat is SeatView => seat !== undefined && seat.state === 'free' && !mine.has(seat.id));
  const selection = restricted ? free.slice(0, limitLeft) : free;
  const selectedIds = new Set(selection.map((seat) => seat.id));
  const seatName = (id: number) => {
    const seat = byId.get(id);
    return seat === undefined ? String(id) : t('tickets.seatName', { row: seat.row, number: seat.number });
  };

  // Seats on resale: their offers (the map names the price, and opens them), by seat.
  const listed = new Map(resales.data?.map((item) => [item.seat_id, item]));
  const resaleIdOf = (seat: SeatView) => seat.resale_id ?? listed.get(seat.id)?.id ?? null;

  const stateOf = (seat: SeatView): DisplayedSeatState => {
    if (seat.state === 'mine' || mine.has(seat.id)) {
      return 'mine';
    }
    if (seat.state === 'resale') {
      // On resale, but which offer is not known (the live stream says the state alone): not for sale here.
      return resaleIdOf(seat) === null ? 'sold' : 'resale';
    }
    return selectedIds.has(seat.id) ? 'selected' : seatState(seat.state);
  };

  const resaleSeats: ResaleSeats = {
    state: (seat) => {
      const price = listed.get(seat.id)?.price_cents;
      return price === undefined ? tr('seat.state') : tr('seat.statePrice', { price: formatCents(price, language) });
    },
    open: (seat) => {
      const id = resaleIdOf(seat);
      if (id !== null) {
        void navigate(resalePath(id));
      }
    },
  };

  const toggle = (seat: SeatView) => {
    const state = stateOf(seat);
    if (!interactive || (state !== 'free' && state !== 'selected')) {
      return;
    }
    holdTickets.reset();
    // A new choice: seats held before are no longer the news to overlook.
    holding.current.clear();
    if (state === 'selected') {
      setLimitHit(false);
      setPicked((current) => current.filter((id) => id !== seat.id));
    } else if (selection.length >= limitLeft) {
      setLimitHit(true);
    } else {
      setPicked(() => [...selection.map((selected) => selected.id), seat.id]);
    }
  };

  /** Signed out: to sign in, coming back here with the same choice. */
  const holdOrSignIn = (request: () => void, keep: string) => {
    if (!signedIn) {
      void navigate(signInPath(`/selectedfixturetickets/${fixture.id}?block=${block.id}&${keep}`));
      return;
    }
    request();
  };

  const holdSeats = () =>
    holdOrSignIn(() => {
      holding.current = new Set(selection.map((seat) => seat.id));
      holdTickets.mutate(
        { seat_ids: selection.map((seat) => seat.id) },
        {
          // Held: the seats stay in `holding`, as the fan's own. The live stream's news of them
          // can come after the answer, while the selection still lists them (a busy phone
          // renders late): they are not "taken by another fan".
          onSuccess: () => setPicked(() => []),
          onError: (error) => {
            holding.current = new Set();
            const lost = new Set(lostSeatIds(error));
            setPicked((current) => current.filter((id) => !lost.has(id)));
          },
        },
      );
    }, `seats=${selection.map((seat) => seat.id).join(',')}`,
    );

  const holdPlaces = () =>
    holdOrSignIn(() => holdTickets.mutate({ block_id: block.id, quantity }), `quantity=${quantity}`);

  /** Best available: the server picks `count` adjacent free seats in one row of this block. */
  const holdBest = (count: number) =>
    holdOrSignIn(
      () => holdTickets.mutate({ block_id: block.id, quantity: count }, { onSuccess: () => setPicked(() => []) }),
      `quantity=${count}`,
    );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {t('tickets.title', { sector: sectorName(t, block.sector_code, sector?.name ?? block.sector_code), block: block.code })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fixture.gate', { gate: gateName(t, block.gate) })} ·{' '}
          {t('tickets.price', { price: formatCents(priceCents, language) })}
        </Typography>
      </Box>
      {(block.away || sector?.away === true) && <Alert severity="info">{t('fixture.awayNote')}</Alert>}
      {liveInterrupted && <Alert severity="info">{t('fixture.liveInterrupted')}</Alert>}
      <HoldSummary fixture={fixture} hold={hold} />
      {takenIds.length > 0 && (
        <Alert severity="warning">
          {t('tickets.taken', { count: takenIds.length, seats: takenIds.map(seatName).join('; ') })}
        </Alert>
      )}
      {holdTickets.isError &&
        // Refused for want of the waiting room's admission: the fan is on the way to the queue.
        !isAdmissionRequired(holdTickets.error) &&
        (isApiCode(holdTickets.error, 'preemption_phase') ? (
          // Only fans with a right may buy now: the phase, and the countdown to its end.
          <PhaseNotice
            variant="refusal"
            until="end"
            moment={
              refusedPhase(holdTickets.error) ?? {
                current: null,
                next: null,
                now: new Date(holdTickets.submittedAt).toISOString(),
              }
            }
            receivedAt={holdTickets.submittedAt}
          />
        ) : isPreemptionRefusal(holdTickets.error) ? (
          <PreemptionRefusal error={holdTickets.error} />
        ) : (
          <Alert severity="error">{onSaleErrorText(t, holdTickets.error, seatName)}</Alert>
        ))}
      {block.no_map ? (
        <Suspense fallback={<Loading />}>
          <StandingPicker
            free={block.free}
            priceCents={priceCents}
            max={Math.min(limitLeft, block.free)}
            quantity={quantity}
            signedIn={signedIn}
            holding={holdTickets.isPending}
            interactive={interactive}
            onQuantity={setQuantity}
            onHold={holdPlaces}
          />
        </Suspense>
      ) : (
        <>
          {interactive && <BestAvailable max={limitLeft} holding={holdTickets.isPending} onHold={holdBest} />}
          <SeatMap
            blockCode={block.code}
            rows={seatRows(seats)}
            stateOf={stateOf}
            interactive={interactive}
            onToggle={toggle}
            resale={resaleSeats}
          />
          <SeatLegend resale={tr('seat.legend')} />
          {limitHit &&
            (restricted ? (
              <OneSeatNotice onClose={() => setLimitHit(false)} />
            ) : (
              <Alert severity="warning" onClose={() => setLimitHit(false)}>
                {t('tickets.limitReached', { count: fixture.per_buyer_limit })}
              </Alert>
            ))}
          {interactive && (
            <SeatSelection
              seats={selection}
              priceCents={priceCents}
              remaining={Math.max(0, limitLeft - selection.length)}
              signedIn={signedIn}
              holding={holdTickets.isPending}
              onRemove={toggle}
              onHold={holdSeats}
            />
          )}
        </>
      )}
      {!onSale ? (
        <Alert severity="info">{t('tickets.notOnSale')}</Alert>
      ) : (
        !interactive && <RestrictedSeatsNotice fixtureId={fixture.id} sale={sale} />
      )}
      <SuccessToast
        message={holdTickets.isSuccess ? t('tickets.held') : null}
        onClose={() => holdTickets.reset()}
        // The bar with the next step sits at the bottom.
        placement="top"
      />
    </Box>
  );
}
