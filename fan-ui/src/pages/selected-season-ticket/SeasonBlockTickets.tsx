import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError, isApiCode } from '../../api/client';
import { signInPath } from '../../auth/returnTo';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { SuccessToast } from '../../components/SuccessToast';
import { lostSeatIds } from '../../fixtures/errors';
import { formatCents } from '../../fixtures/format';
import { seatRows } from '../../fixtures/seatGrid';
import { seatState, type DisplayedSeatState } from '../../fixtures/types';
import { gateName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { isAdmissionRequired } from '../../queue/useAdmissionRequired';
import { useSeasonBlock, type SeasonDetail } from '../../seasons/api';
import { useHoldSeasonSeats } from '../../seasons/useSeasonHoldActions';
import { seasonErrorText } from '../../seasons/errors';
import { refusedPhase, restrictsSale, useSeasonPhases } from '../../seasons/phases';
import { seasonOnSale } from '../../seasons/saleState';
import { SeatLegend } from '../selected-fixture-tickets/SeatLegend';
import { SeatMap } from '../selected-fixture-tickets/SeatMap';
import { SeatSelection } from '../selected-fixture-tickets/SeatSelection';
import { PhaseNotice } from './PhaseNotice';
import { ChangeOfSeatNotice } from './ChangeOfSeatNotice';
import { RestrictedSaleNotice } from './RestrictedSaleNotice';
import { choosableSector, type SeatChoice } from './seatChoice';
import { sectorPrices } from './seasonPrices';
import type { SeasonHoldView, SeatView } from '../../../../api-types';

interface SeasonBlockTicketsProps {
  season: SeasonDetail;
  blockId: number;
  hold: SeasonHoldView | undefined;
  signedIn: boolean;
  /** Seats picked before going to sign in (kept in the return address). */
  initialSeatIds: number[];
  /** During a change of seat: the seat the fan chooses here (no hold), in the sectors the phase opens. */
  seatChoice?: SeatChoice;
}

/**
 * One block over the season: the match flow's seat map, fed with the season's seats (free only
 * if free in every covered match), what the fan picked, and "Blocca i posti". No live stream
 * covers a season: the block is read again after each hold and release. While a pre-emption
 * phase is on, the map is shown but no seat can be picked: only fans with a right may buy. During
 * a change of seat, a signed-in fan chooses one free seat in a sector the phase opens: it is
 * only marked as chosen (for the renewal form), never held.
 */
export function SeasonBlockTickets({ season, blockId, hold, signedIn, initialSeatIds, seatChoice }: SeasonBlockTicketsProps) {
  const { t } = useTranslation();
  const blockSeats = useSeasonBlock(season.id, blockId);
  const sector = season.sectors.find((candidate) => candidate.blocks.some((block) => block.id === blockId));
  const block = sector?.blocks.find((candidate) => candidate.id === blockId);

  if (blockSeats.isPending) {
    return <Loading />;
  }
  if (blockSeats.isError || sector === undefined || block === undefined) {
    return blockSeats.isError && !(blockSeats.error instanceof ApiError && blockSeats.error.status === 404) ? (
      <QueryFailed error={blockSeats.error} onRetry={() => void blockSeats.refetch()} />
    ) : (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={`/selectedseasonticket/${season.id}`} color="inherit" size="small">
            {t('seasons.backToSectors')}
          </Button>
        }
      >
        {t('seasons.errors.block_not_found')}
      </Alert>
    );
  }
  return (
    <SeasonBlockView
      season={season}
      sectorCode={sector.code}
      sectorLabel={sectorName(t, sector.code, sector.name)}
      away={sector.away}
      blockCode={block.code}
      gate={block.gate}
      blockId={blockId}
      seats={blockSeats.data.seats}
      hold={hold}
      signedIn={signedIn}
      initialSeatIds={initialSeatIds}
      seatChoice={seatChoice}
    />
  );
}

interface SeasonBlockViewProps {
  season: SeasonDetail;
  sectorCode: string;
  sectorLabel: string;
  away: boolean;
  blockCode: string;
  gate: string;
  blockId: number;
  seats: SeatView[];
  hold: SeasonHoldView | undefined;
  signedIn: boolean;
  initialSeatIds: number[];
  seatChoice: SeatChoice | undefined;
}

function SeasonBlockView(props: SeasonBlockViewProps) {
  const { season, sectorCode, sectorLabel, away, blockCode, gate, blockId, seats, hold, signedIn, initialSeatIds, seatChoice } =
    props;
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const holdSeats = useHoldSeasonSeats(season.id);
  const phases = useSeasonPhases(season.id);
  const [picked, setPicked] = useState<number[]>(initialSeatIds);
  const [limitHit, setLimitHit] = useState(false);

  const priceCents = sectorPrices(season, sectorCode).full?.price_cents ?? null;
  const currentPhase = phases.data?.current ?? null;
  const restricted = restrictsSale(currentPhase);
  const interactive = seasonOnSale(season) && !restricted;
  // A change of seat: one seat chosen for the renewal form, in a sector the phase opens.
  const sectorChoosable = seatChoice !== undefined && choosableSector(seatChoice.open, sectorCode);
  const choosing = sectorChoosable && signedIn && seasonOnSale(season);
  const heldIds = hold?.seats.map((seat) => seat.id) ?? [];
  const mine = new Set(heldIds);
  // A new season hold replaces the earlier one: what is held counts towards the limit, and is
  // sent again with the new seats.
  const limitLeft = Math.max(0, season.per_buyer_limit - heldIds.length);
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  const selection = picked
    .map((id) => byId.get(id))
    .filter((seat): seat is SeatView => seat !== undefined && seat.state === 'free' && !mine.has(seat.id));
  const selectedIds = new Set(selection.map((seat) => seat.id));
  const seatName = (id: number) => {
    const seat = byId.get(id) ?? hold?.seats.find((held) => held.id === id);
    return seat === undefined ? String(id) : t('tickets.seatName', { row: seat.row, number: seat.number });
  };

  const stateOf = (seat: SeatView): DisplayedSeatState => {
    if (seat.state === 'mine' || mine.has(seat.id)) {
      return 'mine';
    }
    if (seatChoice !== undefined) {
      // The chosen seat, while it is still free over the season.
      return seat.id === seatChoice.seat?.id && seat.state === 'free' ? 'selected' : seatState(seat.state);
    }
    return selectedIds.has(seat.id) ? 'selected' : seatState(seat.state);
  };

  const toggle = (seat: SeatView) => {
    const state = stateOf(seat);
    if (seatChoice !== undefined) {
      if (choosing && state === 'selected') {
        seatChoice.choose(null);
      } else if (choosing && state === 'free') {
        seatChoice.choose({ id: seat.id, sectorCode, blockId, row: seat.row, number: seat.number });
      }
      return;
    }
    if (!interactive || (state !== 'free' && state !== 'selected')) {
      return;
    }
    holdSeats.reset();
    if (state === 'selected') {
      setLimitHit(false);
      setPicked((current) => current.filter((id) => id !== seat.id));
    } else if (selection.length >= limitLeft) {
      setLimitHit(true);
    } else {
      setPicked(() => [...selection.map((selected) => selected.id), seat.id]);
    }
  };

  const onHold = () => {
    const wanted = selection.map((seat) => seat.id);
    if (!signedIn) {
      void navigate(signInPath(`/selectedseasonticket/${season.id}?block=${blockId}&seats=${wanted.join(',')}`));
      return;
    }
    holdSeats.mutate([...heldIds, ...wanted], {
      onSuccess: () => setPicked(() => []),
      onError: (error) => {
        const lost = new Set(lostSeatIds(error));
        setPicked((current) => current.filter((id) => !lost.has(id)));
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {t('tickets.title', { sector: sectorLabel, block: blockCode })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fixture.gate', { gate: gateName(t, gate) })} · {t('seasons.price', { price: formatCents(priceCents, language) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('seasons.holdHint')}
        </Typography>
      </Box>
      {away && <Alert severity="info">{t('fixture.awayNote')}</Alert>}
      {holdSeats.isError &&
        // Refused for want of the waiting room's admission: the fan is on the way to the queue.
        !isAdmissionRequired(holdSeats.error) &&
        (isApiCode(holdSeats.error, 'preemption_phase') ? (
          <PhaseNotice
            variant="refusal"
            moment={refusedPhase(holdSeats.error) ?? { current: null, next: null, now: new Date(holdSeats.submittedAt).toISOString() }}
            receivedAt={holdSeats.submittedAt}
          />
        ) : (
          <Alert severity="error">{seasonErrorText(t, holdSeats.error, seatName)}</Alert>
        ))}
      <SeatMap
        blockCode={blockCode}
        rows={seatRows(seats)}
        stateOf={stateOf}
        interactive={interactive || choosing}
        onToggle={toggle}
      />
      <SeatLegend />
      {limitHit && (
        <Alert severity="warning" onClose={() => setLimitHit(false)}>
          {t('seasons.limitReached', { count: season.per_buyer_limit })}
        </Alert>
      )}
      {seatChoice !== undefined ? (
        <ChangeOfSeatNotice seasonId={season.id} sectorCode={sectorCode} open={sectorChoosable} signedIn={signedIn} />
      ) : interactive ? (
        <SeatSelection
          seats={selection}
          priceCents={priceCents}
          remaining={Math.max(0, limitLeft - selection.length)}
          signedIn={signedIn}
          holding={holdSeats.isPending}
          onRemove={toggle}
          onHold={onHold}
        />
      ) : restricted && currentPhase !== null ? (
        <RestrictedSaleNotice seasonId={season.id} kind={currentPhase.kind} />
      ) : (
        <Alert severity="info">{t('seasons.notOnSale')}</Alert>
      )}
      <SuccessToast
        message={holdSeats.isSuccess ? t('seasons.held') : null}
        onClose={() => holdSeats.reset()}
        placement="top"
      />
    </Box>
  );
}
