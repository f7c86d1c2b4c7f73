import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMaintenance } from '../../auth/useSession';
import { FEATURES } from '../../features';
import { useFixtures } from '../../fixtures/api';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { FanActionCard } from './FanActionCard';
import { HomeFixtures } from './HomeFixtures';
import { HomeHero } from './HomeHero';

/**
 * Home (`/` and `/mmobile`): the matches on sale, then one card per thing to do. Cards of areas
 * not built yet (season tickets, collectibles) are off in `FEATURES`.
 */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.hero.title'));
  // The matches above take the room they need only when they arrive: until then the cards below
  // are not shown, so they appear in place instead of jumping down (no layout shift on a phone).
  const fixturesPending = useFixtures(null).isPending;
  // While the ticket office is in maintenance a fan waits on its page (staff keep working).
  if (useMaintenance().on) {
    return <Navigate to="/maintenance" replace />;
  }

  const actions = [
    {
      to: '/fixtures/all',
      icon: <SportsSoccerIcon />,
      title: t('home.actions.matchTickets.title'),
      description: t('home.actions.matchTickets.description'),
      shown: true,
    },
    {
      to: '/fixtures/season',
      icon: <EventSeatOutlinedIcon />,
      title: t('home.actions.seasonTickets.title'),
      description: t('home.actions.seasonTickets.description'),
      shown: FEATURES.seasonTickets,
    },
    {
      to: '/wallet/',
      icon: <AccountBalanceWalletOutlinedIcon />,
      title: t('home.actions.wallet.title'),
      description: t('home.actions.wallet.description'),
      shown: true,
    },
    {
      to: '/collectibles/',
      icon: <CollectionsOutlinedIcon />,
      title: t('home.actions.collectibles.title'),
      description: t('home.actions.collectibles.description'),
      shown: FEATURES.collectibles,
    },
    {
      to: '/help',
      icon: <HelpOutlineIcon />,
      title: t('home.actions.help.title'),
      description: t('home.actions.help.description'),
      shown: true,
    },
  ].filter((action) => action.shown);

  return (
    <>
      <HomeHero />
      <HomeFixtures />
      <Container maxWidth="md" component="section" aria-labelledby="home-actions-title"
        sx={{ py: { xs: 3, sm: 5 }, visibility: fixturesPending ? 'hidden' : undefined }}
      >
        <Typography id="home-actions-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('home.actions.heading')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {actions.map((action) => (
            <li key={action.to}>
              <FanActionCard to={action.to} icon={action.icon} title={action.title} description={action.description} />
            </li>
          ))}
        </Box>
      </Container>
    </>
  );
}
