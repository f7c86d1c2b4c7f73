import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useEffectEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigationType, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { Loading } from '../../components/Loading';
import { MessagePage } from '../../components/MessagePage';
import { QueryFailed } from '../../components/QueryFailed';
import { parseId, parseIds } from '../../fixtures/params';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { RoomNotice } from '../../queue/RoomNotice';
import { useRoomEntry } from '../../queue/useRoomEntry';
import { SEASON_ORDER_NS } from '../../i18n';
import { seasonKey, useSeasonHold, useSeasonTicket, type SeasonDetail } from '../../seasons/api';
import { momentOf, useSeasonPhases } from '../../seasons/phases';
import { seasonOnSale } from '../../seasons/saleState';
import NotFoundPage from '../not-found/NotFoundPage';
import { AvailabilityLegend } from '../selected-fixture/AvailabilityLegend';
import { StadiumMap } from '../selected-fixture/StadiumMap';
import { PhaseNotice } from './PhaseNotice';
import { RenewalPanel } from './RenewalForm';
import { SeasonBlockTickets } from './SeasonBlockTickets';
import { SeasonHeader } from './SeasonHeader';
import { SeasonHoldSummary } from './SeasonHoldSummary';
import { SeasonSector } from './SeasonSector';
import { choosableSector, phaseSectors, type ChosenSeat, type SeatChoice } from './seatChoice';
import { sectorPrices } from './seasonPrices';
import type { SeasonSector as SeasonSectorView, SectorView } from '../../../../api-types';

/** The query parameters: the chosen sector, and the block whose seats are open. */
const SECTOR_PARAM = 'sector';
const BLOCK_PARAM = 'block';

/**
 * A season ticket (`/selectedseasonticket/{id}`): its matches, the sale's phase with a countdown
 * to the next (and, while last season's holders renew, the renewal form), the stadium with the
 * season's free seats and prices per sector, and, with `?block=`, that block's seats for the
 * season. During a change of seat, the fan chooses the new seat on a block's map (in the sectors
 * the phase opens) and renews with it: the form is above the stadium and under the block's map.
 */
export default function SelectedSeasonTicketPage() {
  const id = parseId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return <SeasonGate id={id} />;
}

/**
 * Reads the season ticket; while its waiting room guards the on-sale, a fan without an admission
 * goes to the queue instead (the room is read beside the season ticket).
 */
function SeasonGate({ id }: { id: number }) {
  const { t } = useTranslation();
  const season = useSeasonTicket(id);
  const entry = useRoomEntry('season', id);
  if (entry.queue !== null) {
    return <Navigate to={entry.queue} replace />;
  }
  if (season.isPending || entry.pending) {
    return <Loading />;
  }
  if (season.isError) {
    if (season.error instanceof ApiError && season.error.status === 404) {
      return (
        <MessagePage
          icon={<SearchOffIcon />}
          title={t('seasons.notFoundTitle')}
          body={t('seasons.errors.season_ticket_not_found')}
          action={
            <Button component={RouterLink} to="/fixtures/season" variant="contained" size="large">
              {t('seasons.all')}
            </Button>
          }
        />
      );
    }
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <QueryFailed error={season.error} onRetry={() => void season.refetch()} />
      </Container>
    );
  }
  // Another season ticket is another page: no seat chosen carries over.
  return <SelectedSeason key={season.data.id} season={season.data} />;
}

function SelectedSeason({ season }: { season: SeasonDetail }) {
  const { t } = useTranslation();
  useDocumentTitle(season.name);
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const hold = useSeasonHold(season.id, user !== null);
  const phases = useSeasonPhases(season.id);
  const blockId = parseId(searchParams.get(BLOCK_PARAM));
  // The block's seats (or the stadium again) are a new page to the fan: from the top, as the
  // layout does for a new address (not imported from it: a chunk of its own for five lines).
  const navigationType = useNavigationType();
  const toTop = useEffectEvent(() => {
    if (navigationType !== 'POP') {
      (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    }
  });
  useEffect(() => {
    toTop();
  }, [blockId]);
  const blockSector = season.sectors.find((sector) => sector.blocks.some((block) => block.id === blockId));
  const sectorCode = searchParams.get(SECTOR_PARAM) ?? blockSector?.code ?? null;
  const sector = season.sectors.find((candidate) => candidate.code === sectorCode) ?? null;
  const onSale = seasonOnSale(season);
  const phase = phases.data?.current ?? null;
  const seatChoice = useSeatChoice(phase?.kind === 'change_of_seat' ? phase : null);
  // The form keeps what was typed while the fan goes from the stadium to a block and back: the
  // same element (same key) above the stadium or under the block's map, moved, not made anew.
  const renewal =
    phase?.kind === 'renewal' || seatChoice !== undefined ? (
      <RenewalPanel key="renewal" season={season} seatChoice={seatChoice} />
    ) : null;

  const choose = (code: string) =>
    setSearchParams(code === sectorCode ? {} : { [SECTOR_PARAM]: code }, { replace: true });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <SeasonHeader
        season={season}
        back={
          blockId === null
            ? undefined
            : {
                to: `/selectedseasonticket/${season.id}${sector === null ? '' : `?${SECTOR_PARAM}=${sector.code}`}`,
                label: t('seasons.backToSectors'),
              }
        }
      />
      <RoomNotice type="season" id={season.id} />
      <SeasonPhaseBanner seasonId={season.id} />
      {blockId === null && renewal}
      <SeasonHoldSummary season={season} hold={user === null ? undefined : hold.data} />
      {blockId !== null ? (
        <SeasonBlockTickets
          // Another block is another choice: nothing picked carries over.
          key={blockId}
          season={season}
          blockId={blockId}
          hold={user === null ? undefined : hold.data}
          signedIn={user !== null}
          initialSeatIds={parseIds(searchParams.get('seats'))}
          seatChoice={seatChoice}
        />
      ) : (
        <>
          <Typography variant="h5" component="h2">
            {t('seasons.stadium')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
            {t('seasons.stadiumHint')}
          </Typography>
          {seatChoice === undefined || seatChoice.open === null ? (
            <SeasonSectors season={season} sector={sector} onSelect={choose} interactive={onSale} closed={undefined} />
          ) : (
            <ChangeOfSeatSectors season={season} sector={sector} onSelect={choose} interactive={onSale} open={seatChoice.open} />
          )}
        </>
      )}
      {blockId !== null && seatChoice !== undefined && renewal}
    </Container>
  );
}

/**
 * The seat chosen for a change of seat while `phase` (a change of seat's) is on: undefined
 * outside one. A seat in a sector the phase no longer opens (the phases were read again) is not
 * chosen any more.
 */
function useSeatChoice(phase: { sectors?: string } | null): SeatChoice | undefined {
  const [chosen, setChosen] = useState<ChosenSeat | null>(null);
  if (phase === null) {
    return undefined;
  }
  const open = phaseSectors({ sectors: phase.sectors ?? '' });
  return {
    open,
    seat: chosen !== null && choosableSector(open, chosen.sectorCode) ? chosen : null,
    choose: setChosen,
    forget: (id) => setChosen((current) => (current?.id === id ? null : current)),
  };
}

interface SeasonSectorsProps {
  season: SeasonDetail;
  sector: SeasonSectorView | null;
  onSelect: (code: string) => void;
  /** Whether blocks can be opened (the season ticket is on sale). */
  interactive: boolean;
  /** The sectors where no seat can be chosen now, and the words that say so. */
  closed: { codes: ReadonlySet<string>; mark: string; note: string } | undefined;
}

/** The stadium's map, its legend and the chosen sector's prices and blocks. */
function SeasonSectors({ season, sector, onSelect, interactive, closed }: SeasonSectorsProps) {
  return (
    <>
      <StadiumMap sectors={stadiumSectors(season)} selected={sector?.code ?? null} onSelect={onSelect} closed={closed} />
      <AvailabilityLegend />
      {sector !== null && (
        <SeasonSector
          season={season}
          sector={sector}
          interactive={interactive}
          closedNote={closed?.codes.has(sector.code) === true ? closed.note : null}
        />
      )}
    </>
  );
}

/**
 * During a change of seat that opens some sectors only: the others faded on the map, their
 * blocks closed (once the words are in).
 */
function ChangeOfSeatSectors({ open, ...props }: Omit<SeasonSectorsProps, 'closed'> & { open: string[] }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const closed = ready
    ? {
        codes: new Set(props.season.sectors.filter((sector) => !choosableSector(open, sector.code)).map((sector) => sector.code)),
        mark: ts('changeOfSeat.closedSector'),
        note: ts('changeOfSeat.notForSector'),
      }
    : undefined;
  return <SeasonSectors {...props} closed={closed} />;
}

/**
 * The sale's phase now and the countdown to the next; when the countdown is over, the season is
 * read again (its phases, and the seats a renewal kept that may be free now). Nothing while the
 * phases are unknown.
 */
function SeasonPhaseBanner({ seasonId }: { seasonId: number }) {
  const phases = useSeasonPhases(seasonId);
  const queryClient = useQueryClient();
  if (phases.data === undefined) {
    return null;
  }
  return (
    <PhaseNotice
      moment={momentOf(phases.data)}
      receivedAt={phases.dataUpdatedAt}
      onPassed={() => void queryClient.invalidateQueries({ queryKey: seasonKey(seasonId) })}
    />
  );
}

/**
 * The season's sectors as the stadium map draws a match's: free over the season, and the full
 * season price as the sector's price.
 */
function stadiumSectors(season: SeasonDetail): SectorView[] {
  return season.sectors.map((sector) => ({
    code: sector.code,
    name: sector.name,
    away: sector.away,
    no_map: false,
    capacity: sector.blocks.reduce((sum, block) => sum + block.capacity, 0),
    free: sector.free,
    from_price_cents: sectorPrices(season, sector.code).full?.price_cents ?? null,
    blocks: [],
  }));
}
