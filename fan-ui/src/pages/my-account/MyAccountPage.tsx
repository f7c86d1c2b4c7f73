import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useSession } from '../../auth/useSession';
import { SuccessToast } from '../../components/SuccessToast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { AccountLinks } from './AccountLinks';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/**
 * My account (`/myaccount`): the profile and the password, and the way to the supporter cards
 * and to a corporate account's request; signed-in fans only.
 */
export default function MyAccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('myAccount.title'));
  return (
    <RequireSignIn>
      <MyAccount />
    </RequireSignIn>
  );
}

function MyAccount() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Which confirmation to show; translated when shown, as saving may have switched the language.
  const [saved, setSaved] = useState<'profile' | 'password' | null>(null);
  if (user === null) {
    return null;
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('myAccount.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('myAccount.signedInAs', { email: user.email })}
        </Typography>
      </Box>
      <ProfileForm key={user.id} user={user} onSaved={() => setSaved('profile')} />
      <PasswordForm user={user} onSaved={() => setSaved('password')} />
      <AccountLinks />
      <SuccessToast
        message={saved === null ? null : t(`myAccount.${saved}.saved`)}
        onClose={() => setSaved(null)}
      />
    </Container>
  );
}
