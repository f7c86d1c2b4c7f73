import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FixtureGate } from '../../components/FixtureGate';
import { FixtureHeader } from '../../components/FixtureHeader';
import { HoldSummary } from '../../components/HoldSummary';
import { useSession } from '../../auth/useSession';
import { useHold } from '../../fixtures/api';
import { parseId } from '../../fixtures/params';
import { saleState } from '../../fixtures/saleState';
import { useLiveInventory } from '../../fixtures/useLiveInventory';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import NotFoundPage from '../not-found/NotFoundPage';
import { AvailabilityLegend } from './AvailabilityLegend';
import { SectorBlocks } from './SectorBlocks';
import { StadiumMap } from './StadiumMap';
import type { FixtureDetail } from '../../../../api-types';

/** The query parameter keeping the chosen sector, so "back" from a block returns to it. */
const SECTOR_PARAM = 'sector';

/** A fixture (`/selectedfixture/{id}`): the stadium, its sectors and their blocks. */
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
  const sectorCode = searchParams.get(SECTOR_PARAM);
  const sector = fixture.sectors.find((candidate) => candidate.code === sectorCode) ?? null;
  const onSale = saleState(fixture) === 'onSale';

  const choose = (code: string) =>
    setSearchParams(code === sectorCode ? {} : { [SECTOR_PARAM]: code }, { replace: true });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <FixtureHeader fixture={fixture} />
      <HoldSummary fixture={fixture} hold={user === null ? undefined : hold.data} />
      {onSale && (
        <>
          <Typography variant="h5" component="h2">
            {t('fixture.stadium')}
          </Typography>
          {live === 'interrupted' && <Alert severity="info">{t('fixture.liveInterrupted')}</Alert>}
          <StadiumMap sectors={fixture.sectors} selected={sector?.code ?? null} onSelect={choose} />
          <AvailabilityLegend />
          {sector !== null && <SectorBlocks fixtureId={fixture.id} sector={sector} />}
        </>
      )}
    </Container>
  );
}
