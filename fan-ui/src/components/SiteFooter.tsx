import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppVersion } from '../api/version';

/** The information pages every shop has, linked from every page's footer. */
const FOOTER_LINKS = [
  { key: 'help', to: '/help' },
  { key: 'contacts', to: '/contacts' },
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy' },
  { key: 'cookies', to: '/cookies' },
] as const;

/** Bottom of every page: the information pages, copyright and, when the API answers, the running version. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 4 }}
    >
      <Container maxWidth="md" component="nav" aria-label={t('footer.links')} sx={{ mb: 2 }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}>
          {FOOTER_LINKS.map((link) => (
            <li key={link.key}>
              <Link
                component={RouterLink}
                to={link.to}
                variant="body2"
                sx={{ display: 'inline-block', py: 0.75, fontWeight: 600 }}
              >
                {t(`info.nav.${link.key}`)}
              </Link>
            </li>
          ))}
        </Box>
      </Container>
      <Container
        maxWidth="md"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 0.5,
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Typography>
        <AppVersion />
      </Container>
    </Box>
  );
}

function AppVersion() {
  const { t } = useTranslation();
  const { data } = useAppVersion();
  // The version is a nicety: when the API cannot say it, the footer just leaves it out.
  if (data === undefined) {
    return null;
  }
  const label =
    data.git_sha === ''
      ? t('footer.version', { version: data.version })
      : t('footer.versionWithSha', { version: data.version, sha: data.git_sha.slice(0, 7) });
  return (
    <Typography variant="body2" color="text.secondary" data-testid="app-version">
      {label}
    </Typography>
  );
}
