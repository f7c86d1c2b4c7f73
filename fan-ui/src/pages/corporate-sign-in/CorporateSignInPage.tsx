import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import type { SignedIn } from '../../../../api-types';
import { useSession, useSetSessionUser } from '../../auth/useSession';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { PasswordSignIn } from '../sign-in/PasswordSignIn';

/**
 * Sign-in for corporate users (`/corporate/login`): e-mail and password, admitted by the API only
 * for corporate accounts. Until the corporate area exists they land on their account page.
 */
export default function CorporateSignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('corporateSignIn.title'));
  const { user } = useSession();
  const setSessionUser = useSetSessionUser();
  if (user !== null) {
    return <Navigate to="/myaccount" replace />;
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {t('corporateSignIn.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {t('corporateSignIn.subtitle')}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <PasswordSignIn area="corporate" onSignedIn={({ user: me }: SignedIn) => setSessionUser(me)} />
        </CardContent>
      </Card>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('corporateSignIn.noAccount')}{' '}
        <Link component={RouterLink} to="/register_company">
          {t('corporateSignIn.request')}
        </Link>
      </Typography>
    </Container>
  );
}
