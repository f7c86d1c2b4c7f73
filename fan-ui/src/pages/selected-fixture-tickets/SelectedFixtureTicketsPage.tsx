import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../auth/useSession';
import { FixtureGate } from '../../components/FixtureGate';
import { FixtureHeader } from '../../components/FixtureHeader';
import { parseId, parseIds } from '../../fixtures/params';
import { useFixtureSale } from '../../fixtures/rights';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { RoomNotice } from '../../queue/RoomNotice';
import NotFoundPage from '../not-found/NotFoundPage';
import { FixturePreemption } from '../selected-fixture/FixturePreemption';
import { BlockTickets } from './BlockTickets';
import { ResaleOffers } from './ResaleOffers';
import type { FixtureDetail } from '../../../../api-types';

/**
 * A block's tickets (`/selectedfixturetickets/{id}?block={block_id}`): its seat map, or a
 * quantity for standing blocks, and the fan's hold; during a pre-emption phase, the phase and
 * "use your right" above them. Without a block, back to the stadium.
 */
export default function SelectedFixtureTicketsPage() {
  const id = parseId(useParams().id);
  const [searchParams] = useSearchParams();
  const blockId = parseId(searchParams.get('block'));
  if (id === null) {
    return <NotFoundPage />;
  }
  if (blockId === null) {
    return <Navigate to={`/selectedfixture/${id}`} replace />;
  }
  return (
    <FixtureGate id={id}>
      {(fixture) => (
        <FixtureTickets
          // Another block is another choice: nothing picked carries over.
          key={blockId}
          fixture={fixture}
          blockId={blockId}
          initialSeatIds={parseIds(searchParams.get('seats'))}
          initialQuantity={parseId(searchParams.get('quantity')) ?? 1}
        />
      )}
    </FixtureGate>
  );
}

interface FixtureTicketsProps {
  fixture: FixtureDetail;
  blockId: number;
  initialSeatIds: number[];
  initialQuantity: number;
}

function FixtureTickets({ fixture, blockId, initialSeatIds, initialQuantity }: FixtureTicketsProps) {
  const { t } = useTranslation();
  useDocumentTitle(fixture.title);
  const { user } = useSession();
  const sale = useFixtureSale(fixture.id, user !== null);
  const sectorCode = fixture.sectors.find((sector) => sector.blocks.some((block) => block.id === blockId))?.code;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <FixtureHeader
        fixture={fixture}
        back={{
          to: `/selectedfixture/${fixture.id}${sectorCode === undefined ? '' : `?sector=${sectorCode}`}`,
          label: t('fixture.backToStadium'),
        }}
      />
      <RoomNotice type="fixture" id={fixture.id} />
      <FixturePreemption fixtureId={fixture.id} sale={sale} />
      <BlockTickets
        fixture={fixture}
        sale={sale}
        blockId={blockId}
        initialSeatIds={initialSeatIds}
        initialQuantity={initialQuantity}
      />
      <ResaleOffers fixtureId={fixture.id} />
    </Container>
  );
}
