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
import { walletKey } from '../../orders/api';
import { useWallet } from '../../orders/wallet';
import { useSeasonWallet } from '../../seasons/orders';
import { useTransfers } from '../../transfers/api';
import { PassedOnSection } from './PassedOnSection';
import { ReceivedMatchCard } from './ReceivedMatchCard';
import { RefundLink } from './RefundLink';
import { SeasonTicketsSection } from './SeasonTicketsSection';
import { SendAllTickets } from './SendAllTickets';
import { TicketCard } from './TicketCard';

/**
 * The wallet (`/wallet/`): the fan's issued tickets and those received from season seats, soonest
 * match first (each of theirs of a match ahead may be passed on, or a copy shared), then their
 * season tickets (a match of each may be passed on), then the tickets they passed on; signed-in
 * fans only.
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
  // The tickets, and the season seats' matches, being passed on: "in progress" instead of "pass on".
  const underWay = transfers.data?.filter((item) => item.state === 'requested') ?? [];
  const transferring = new Set(underWay.map((item) => item.from_seal));
  const seasonTransferring = (lineId: number, fixtureId: number) =>
    underWay.some((item) => item.season_line_id === lineId && item.fixture_id === fixtureId);
  useWalletAfterTransfers(underWay.length);
  // The fan's tickets and those received from a season seat, one list, soonest match first.
  const cards =
    wallet.data === undefined
      ? []
      : [
          ...wallet.data.items.map((ticket) => ({
            key: `ticket-${ticket.id}`,
            startsAt: ticket.fixture.starts_at,
            card: <TicketCard ticket={ticket} transferring={transferring.has(ticket.seal)} />,
          })),
          ...wallet.data.received_matches.map((match) => ({
            key: `received-${match.transfer_id}`,
            startsAt: match.fixture.starts_at,
            card: <ReceivedMatchCard match={match} />,
          })),
        ].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const hasSeasons = (seasons.data?.length ?? 0) > 0;
  const hasTickets = cards.length > 0 || hasSeasons;
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
      {wallet.data !== undefined && cards.length === 0 && !hasSeasons && (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }} data-testid="wallet-empty">
          <Typography variant="body1">{t('wallet.empty')}</Typography>
          <Button component={RouterLink} to="/fixtures/all" variant="contained" startIcon={<ConfirmationNumberOutlinedIcon />}>
            {t('wallet.findMatch')}
          </Button>
        </Box>
      )}
      {cards.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {cards.map(({ key, card }) => (
            <li key={key}>{card}</li>
          ))}
        </Box>
      )}
      {/* Its words are a chunk of their own: the match tickets do not wait for them. */}
      <Suspense fallback={null}>
        <SeasonTicketsSection
          items={seasons.data}
          error={seasons.error}
          onRetry={() => void seasons.refetch()}
          transferring={seasonTransferring}
        />
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
