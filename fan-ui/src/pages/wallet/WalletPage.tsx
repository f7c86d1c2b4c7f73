import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useWallet, walletKey } from '../../orders/api';
import { useSeasonWallet } from '../../seasons/orders';
import { useTransfers } from '../../transfers/api';
import { PassedOnSection } from './PassedOnSection';
import { RefundLink } from './RefundLink';
import { SeasonTicketsSection } from './SeasonTicketsSection';
import { SendAllTickets } from './SendAllTickets';
import { TicketCard } from './TicketCard';

/**
 * The wallet (`/wallet/`): the fan's issued tickets, soonest match first (each of a match ahead
 * may be passed on, or a copy shared), then their season tickets, then the tickets they passed
 * on; signed-in fans only.
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
  const transfers = useTransfers();
  // The tickets being passed on: "in progress" instead of "pass on".
  const transferring = new Set(transfers.data?.filter((item) => item.state === 'requested').map((item) => item.from_seal));
  useWalletAfterTransfers(transferring.size);
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
      {/* Its words are the refund page's chunk: the tickets do not wait for them. */}
      <Suspense fallback={null}>
        <RefundLink />
      </Suspense>
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
              <TicketCard ticket={ticket} transferring={transferring.has(ticket.seal)} />
            </li>
          ))}
        </Box>
      )}
      {/* Its words are a chunk of their own: the match tickets do not wait for them. */}
      <Suspense fallback={null}>
        <SeasonTicketsSection items={seasons.data} error={seasons.error} onRetry={() => void seasons.refetch()} />
      </Suspense>
      <Suspense fallback={null}>
        <PassedOnSection items={transfers.data} error={transfers.error} onRetry={() => void transfers.refetch()} />
      </Suspense>
    </Container>
  );
}

/**
 * Reads the tickets again when a change of holder under way settles (the list is followed while
 * one is): a ticket passed on leaves the wallet.
 */
function useWalletAfterTransfers(underWay: number) {
  const queryClient = useQueryClient();
  const before = useRef(underWay);
  useEffect(() => {
    if (underWay < before.current) {
      void queryClient.invalidateQueries({ queryKey: walletKey });
    }
    before.current = underWay;
  }, [underWay, queryClient]);
}
