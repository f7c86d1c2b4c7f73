import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useWallet } from '../../orders/api';
import { useSeasonWallet } from '../../seasons/orders';
import { SeasonTicketsSection } from './SeasonTicketsSection';
import { SendAllTickets } from './SendAllTickets';
import { TicketCard } from './TicketCard';

/**
 * The wallet (`/wallet/`): the fan's issued tickets, soonest match first, then their season
 * tickets; signed-in fans only.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.title'));
  return (
    <RequireSignIn>
      <Wallet />
    </RequireSignIn>
  );
}

function Wallet() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const seasons = useSeasonWallet();
  const hasSeasons = (seasons.data?.length ?? 0) > 0;
  const hasTickets = (wallet.data?.length ?? 0) > 0 || hasSeasons;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('wallet.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('wallet.subtitle')}
        </Typography>
      </Box>
      {hasTickets && (
        // Its words come with the season tickets': the tickets do not wait for them.
        <Suspense fallback={null}>
          <SendAllTickets />
        </Suspense>
      )}
      {wallet.isPending && <Loading />}
      {wallet.isError && <QueryFailed error={wallet.error} onRetry={() => void wallet.refetch()} />}
      {wallet.data?.length === 0 && !hasSeasons && (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }} data-testid="wallet-empty">
          <Typography variant="body1">{t('wallet.empty')}</Typography>
          <Button component={RouterLink} to="/fixtures/all" variant="contained" startIcon={<ConfirmationNumberOutlinedIcon />}>
            {t('wallet.findMatch')}
          </Button>
        </Box>
      )}
      {wallet.data !== undefined && wallet.data.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {wallet.data.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </Box>
      )}
      {/* Its words are a chunk of their own: the match tickets do not wait for them. */}
      <Suspense fallback={null}>
        <SeasonTicketsSection items={seasons.data} error={seasons.error} onRetry={() => void seasons.refetch()} />
      </Suspense>
    </Container>
  );
}
