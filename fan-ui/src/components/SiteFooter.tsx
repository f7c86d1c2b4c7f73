import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppVersion } from '../api/version';

/** Bottom of every page: copyright and, when the API answers, the running version. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 4 }}
    >
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
