import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { FanActionCard } from './FanActionCard';
import { HomeHero } from './HomeHero';

/** Home (`/` and `/mmobile`): what the ticket office offers, one card per thing to do. */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.hero.title'));

  const actions = [
    {
      to: '/fixtures/all',
      icon: <SportsSoccerIcon />,
      title: t('home.actions.matchTickets.title'),
      description: t('home.actions.matchTickets.description'),
    },
    {
      to: '/fixtures/season',
      icon: <EventSeatOutlinedIcon />,
      title: t('home.actions.seasonTickets.title'),
      description: t('home.actions.seasonTickets.description'),
    },
    {
      to: '/wallet/',
      icon: <AccountBalanceWalletOutlinedIcon />,
      title: t('home.actions.wallet.title'),
      description: t('home.actions.wallet.description'),
    },
    {
      to: '/collectibles/',
      icon: <CollectionsOutlinedIcon />,
      title: t('home.actions.collectibles.title'),
      description: t('home.actions.collectibles.description'),
    },
  ];

  return (
    <>
      <HomeHero />
      <Container maxWidth="md" component="section" aria-labelledby="home-actions-title" sx={{ py: { xs: 3, sm: 5 } }}>
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
              <FanActionCard {...action} />
            </li>
          ))}
        </Box>
      </Container>
    </>
  );
}
