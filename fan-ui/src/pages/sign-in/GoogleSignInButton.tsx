import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { googleSignInUrl } from '../../auth/api';

/** "Continue with Google": leaves the app for Google's page and comes back to `returnTo` signed in. */
export function GoogleSignInButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Button
      href={googleSignInUrl(returnTo)}
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
