import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useSeasonTickets } from '../../seasons/api';
import { ListTabs } from '../fixtures/ListTabs';
import { SeasonTicketCard } from './SeasonTicketCard';

/** The season tickets on sale (`/fixtures/season`), a tab of the match lists. */
export default function SeasonTicketsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('seasons.title'));
  const seasons = useSeasonTickets();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {t('seasons.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('seasons.subtitle')}
        </Typography>
      </Box>
      <ListTabs value="season" />
      {seasons.isPending ? (
        <Loading />
      ) : seasons.isError ? (
        <QueryFailed error={seasons.error} onRetry={() => void seasons.refetch()} />
      ) : seasons.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('seasons.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('seasons.listLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {seasons.data.map((season) => (
            <li key={season.id}>
              <SeasonTicketCard season={season} />
            </li>
          ))}
        </Box>
      )}
    </Container>
  );
}
