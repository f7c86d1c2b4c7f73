import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryFailed } from '../../components/QueryFailed';
import { useFixtures } from '../../fixtures/api';
import { saleState } from '../../fixtures/saleState';
import { FixtureCard } from '../fixtures/FixtureCard';

/** How many matches the home page shows; the rest are one tap away. */
const HOME_FIXTURES = 4;

/** The home page's matches: those on sale or coming soon, soonest first (`GET /api/fixtures`). */
export function HomeFixtures() {
  const { t } = useTranslation();
  const fixtures = useFixtures(null);
  const shown = (fixtures.data ?? []).filter((fixture) => saleState(fixture) !== 'unavailable').slice(0, HOME_FIXTURES);
  return (
    <Container maxWidth="md" component="section" aria-labelledby="home-fixtures-title" sx={{ pt: { xs: 3, sm: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id="home-fixtures-title" variant="h5" component="h2">
          {t('home.fixtures.heading')}
        </Typography>
        <Button component={RouterLink} to="/fixtures/all" size="small" sx={{ flexShrink: 0 }}>
          {t('home.fixtures.all')}
        </Button>
      </Box>
      {fixtures.isPending && (
        // Room kept for the cards: the page does not jump when they arrive.
        <Box aria-hidden="true" sx={{ minHeight: 180 }} />
      )}
      {fixtures.isError && <QueryFailed error={fixtures.error} onRetry={() => void fixtures.refetch()} />}
      {fixtures.isSuccess && shown.length === 0 && (
        // The same room as while loading: what follows does not jump up when no match is listed.
        <Typography color="text.secondary" sx={{ minHeight: 180 }}>
          {t('home.fixtures.none')}
        </Typography>
      )}
      {shown.length > 0 && (
        <Box
          component="ul"
          data-testid="home-fixtures"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {shown.map((fixture) => (
            <li key={fixture.id}>
              <FixtureCard fixture={fixture} titleLevel="h3" />
            </li>
          ))}
        </Box>
      )}
    </Container>
  );
}
