import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { googleSignInUrl } from '../../auth/api';
import { isLanguage } from '../../i18n';

/** "Continue with Google": leaves the app for Google's page and comes back to `returnTo` signed in. */
export function GoogleSignInButton({ returnTo }: { returnTo: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  return (
    <Button
      href={googleSignInUrl(returnTo, language)}
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<GoogleIcon />}
      sx={{ bgcolor: 'background.paper' }}
    >
      {t('signIn.google')}
    </Button>
  );
}
