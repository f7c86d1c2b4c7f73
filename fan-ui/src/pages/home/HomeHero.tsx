import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The blue banner at the top of the home page. */
export function HomeHero() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={{
        color: 'primary.contrastText',
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
        py: { xs: 5, sm: 8 },
      }}
    >
      <Container maxWidth="md">
        <Typography
          variant="overline"
          component="p"
          sx={{ opacity: 0.85, letterSpacing: '0.12em', fontWeight: 600 }}
        >
          {t('app.clubName')}
        </Typography>
        <Typography
          id="home-hero-title"
          variant="h1"
          sx={{ fontSize: { xs: '2.125rem', sm: '3rem' }, mb: 1.5 }}
        >
          {t('home.hero.title')}
        </Typography>
        <Typography variant="body1" sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, maxWidth: 560, opacity: 0.92 }}>
          {t('home.hero.subtitle')}
        </Typography>
      </Container>
    </Box>
  );
}
