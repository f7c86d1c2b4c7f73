import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FixtureGate } from '../../components/FixtureGate';
import { FixtureHeader } from '../../components/FixtureHeader';
import { HoldSummary } from '../../components/HoldSummary';
import { useSession } from '../../auth/useSession';
import { useHold } from '../../fixtures/api';
import { parseId } from '../../fixtures/params';
import { sectorOpen, useFixtureSale } from '../../fixtures/rights';
import { saleState } from '../../fixtures/saleState';
import { useLiveInventory } from '../../fixtures/useLiveInventory';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { RoomNotice } from '../../queue/RoomNotice';
import NotFoundPage from '../not-found/NotFoundPage';
import { ResaleOffers } from '../selected-fixture-tickets/ResaleOffers';
import { AvailabilityLegend } from './AvailabilityLegend';
import { FixturePreemption, WithClosedSectorWords, type ClosedSectorWords } from './FixturePreemption';
import { SectorBlocks } from './SectorBlocks';
import { StadiumMap } from './StadiumMap';
import type { FixtureDetail, SectorView } from '../../../../api-types';

/** The query parameter keeping the chosen sector, so "back" from a block returns to it. */
const SECTOR_PARAM = 'sector';

/**
 * A fixture (`/selectedfixture/{id}`): the stadium, its sectors and their blocks; during a
 * pre-emption phase, the phase and "use your right" above them, and, once the fan has shown a
 * right, the sectors it does not open faded; below, the seats on resale, when there are.
 */
export default function SelectedFixturePage() {
  const id = parseId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return <FixtureGate id={id}>{(fixture) => <SelectedFixture fixture={fixture} />}</FixtureGate>;
}

function SelectedFixture({ fixture }: { fixture: FixtureDetail }) {
  const { t } = useTranslation();
  useDocumentTitle(fixture.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const hold = useHold(fixture.id, user !== null);
  const live = useLiveInventory(fixture.id);
  const sale = useFixtureSale(fixture.id, user !== null);
  const sectorCode = searchParams.get(SECTOR_PARAM);
  const sector = fixture.sectors.find((candidate) => candidate.code === sectorCode) ?? null;
  const onSale = saleState(fixture) === 'onSale';

  const choose = (code: string) =>
    setSearchParams(code === sectorCode ? {} : { [SECTOR_PARAM]: code }, { replace: true });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <FixtureHeader fixture={fixture} />
      <RoomNotice type="fixture" id={fixture.id} />
      <FixturePreemption fixtureId={fixture.id} sale={sale} />
      <HoldSummary fixture={fixture} hold={user === null ? undefined : hold.data} />
      {onSale && (
        <>
          <Typography variant="h5" component="h2">
            {t('fixture.stadium')}
          </Typography>
          {live === 'interrupted' && <Alert severity="info">{t('fixture.liveInterrupted')}</Alert>}
          {sale.right !== null && sale.openSectors !== null ? (
            // The fan's right opens some sectors only: the others are faded, their blocks closed.
            <WithClosedSectorWords>
              {(words) => (
                <Sectors
                  fixture={fixture}
                  sector={sector}
                  onSelect={choose}
                  closed={closedSectors(fixture.sectors, sale.openSectors, words)}
                />
              )}
            </WithClosedSectorWords>
          ) : (
            <Sectors fixture={fixture} sector={sector} onSelect={choose} closed={undefined} />
          )}
        </>
      )}
      {/* Its words are a chunk of their own: the stadium does not wait for them. A sold-out match's
          seats on resale are found here, its blocks being closed. */}
      <Suspense fallback={null}>
        <ResaleOffers fixtureId={fixture.id} />
      </Suspense>
    </Container>
  );
}

interface SectorsProps {
  fixture: FixtureDetail;
  sector: SectorView | null;
  onSelect: (code: string) => void;
  /** The sectors the fan may not buy in now, and the words that say so. */
  closed: { codes: ReadonlySet<string>; mark: string; note: string } | undefined;
}

/** The stadium's map, its legend and the chosen sector's blocks. */
function Sectors({ fixture, sector, onSelect, closed }: SectorsProps) {
  return (
    <>
      <StadiumMap sectors={fixture.sectors} selected={sector?.code ?? null} onSelect={onSelect} closed={closed} />
      <AvailabilityLegend />
      {sector !== null && (
        <SectorBlocks
          fixtureId={fixture.id}
          sector={sector}
          closedNote={closed?.codes.has(sector.code) === true ? closed.note : null}
        />
      )}
    </>
  );
}

/** The sectors outside `open`, with the words for them (none until the words are in). */
function closedSectors(sectors: SectorView[], open: string[] | null, words: ClosedSectorWords | null): SectorsProps['closed'] {
  if (words === null) {
    return undefined;
  }
  const codes = new Set(sectors.filter((sector) => !sectorOpen(open, sector.code)).map((sector) => sector.code));
  return { codes, ...words };
}
