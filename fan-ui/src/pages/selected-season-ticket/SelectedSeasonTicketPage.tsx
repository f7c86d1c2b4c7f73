import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useEffectEvent } from 'react';
import { Link as RouterLink, useNavigationType, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { Loading } from '../../components/Loading';
import { MessagePage } from '../../components/MessagePage';
import { QueryFailed } from '../../components/QueryFailed';
import { parseId, parseIds } from '../../fixtures/params';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
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
import { sectorPrices } from './seasonPrices';
import type { SectorView } from '../../../../api-types';

/** The query parameters: the chosen sector, and the block whose seats are open. */
const SECTOR_PARAM = 'sector';
const BLOCK_PARAM = 'block';

/**
 * A season ticket (`/selectedseasonticket/{id}`): its matches, the sale's phase with a countdown
 * to the next (and, while last season's holders renew, the renewal form), the stadium with the
 * season's free seats and prices per sector, and, with `?block=`, that block's seats for the
 * season.
 */
export default function SelectedSeasonTicketPage() {
  const id = parseId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return <SeasonGate id={id} />;
}

function SeasonGate({ id }: { id: number }) {
  const { t } = useTranslation();
  const season = useSeasonTicket(id);
  if (season.isPending) {
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
  return <SelectedSeason season={season.data} />;
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
      <SeasonPhaseBanner seasonId={season.id} />
      {blockId === null && phases.data?.current?.kind === 'renewal' && <RenewalPanel season={season} />}
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
        />
      ) : (
        <>
          <Typography variant="h5" component="h2">
            {t('seasons.stadium')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
            {t('seasons.stadiumHint')}
          </Typography>
          <StadiumMap sectors={stadiumSectors(season)} selected={sector?.code ?? null} onSelect={choose} />
          <AvailabilityLegend />
          {sector !== null && <SeasonSector season={season} sector={sector} interactive={onSale} />}
        </>
      )}
    </Container>
  );
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
