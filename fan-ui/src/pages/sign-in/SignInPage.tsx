import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { SignedIn } from '../../../../api-types';
import { RETURN_TO_PARAM, safeReturnTo } from '../../auth/returnTo';
import { useSession, useSetSessionUser } from '../../auth/useSession';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { EmailSignIn } from './EmailSignIn';
import { GoogleSignInButton } from './GoogleSignInButton';
import { PasswordSignIn } from './PasswordSignIn';

type Method = 'email' | 'password';

/**
 * Sign in (`/accedi`): Google, a code or a link by e-mail (which also creates the account), or a
 * password. Once signed in, the fan goes back where they came from (`?return_to=`), else home.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('signIn.title'));
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM));
  const { user } = useSession();
  const setSessionUser = useSetSessionUser();
  const [method, setMethod] = useState<Method>('email');
  const tabsId = useId();

  // Signing in puts the user in the session, which brings the fan on from here.
  if (user !== null) {
    return <Navigate to={returnTo} replace />;
  }
  const signedIn = ({ user: me }: SignedIn) => setSessionUser(me);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {t('signIn.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {t('signIn.subtitle')}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <GoogleSignInButton returnTo={returnTo} />
          <Divider>
            <Typography variant="body2" color="text.secondary">
              {t('signIn.or')}
            </Typography>
          </Divider>
          <Tabs
            value={method}
            onChange={(_event, value: Method) => setMethod(value)}
            variant="fullWidth"
            aria-label={t('signIn.methods')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab
              value="email"
              label={t('signIn.tabs.email')}
              id={`${tabsId}-email-tab`}
              aria-controls={`${tabsId}-email-panel`}
            />
            <Tab
              value="password"
              label={t('signIn.tabs.password')}
              id={`${tabsId}-password-tab`}
              aria-controls={`${tabsId}-password-panel`}
            />
          </Tabs>
          <Box
            role="tabpanel"
            id={`${tabsId}-${method}-panel`}
            aria-labelledby={`${tabsId}-${method}-tab`}
            sx={{ pt: 1 }}
          >
            {method === 'email' ? <EmailSignIn onSignedIn={signedIn} /> : <PasswordSignIn onSignedIn={signedIn} />}
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
