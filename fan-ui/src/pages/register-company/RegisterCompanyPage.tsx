import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession';
import { Loading } from '../../components/Loading';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useCorporateRequests } from '../../corporate/api';
import { isOpenRequest } from '../../corporate/types';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { CORPORATE_NS } from '../../i18n';
import { CorporateRequestForm } from './CorporateRequestForm';
import { CorporateRequestList } from './CorporateRequestList';
import { RequestNotice } from './RequestNotice';
import type { CorporateRequest, MeView } from '../../../../api-types';

/**
 * Ask for a corporate account (`/register_company`): a signed-in user names the company; the
 * club's staff approve or decline. A visitor reads what it is and is asked to sign in first.
 */
export default function RegisterCompanyPage() {
  const { t } = useTranslation(CORPORATE_NS);
  useDocumentTitle(t('registerCompany.title'));
  const { user, isPending } = useSession();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('registerCompany.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('registerCompany.intro')}
        </Typography>
      </Box>
      {isPending && <Loading />}
      {!isPending && user === null && <SignInPrompt body={t('registerCompany.signInFirst')} />}
      {user !== null && <CorporateRequests user={user} />}
    </Container>
  );
}

/**
 * The form, or what became of the request: one open (received or approved) request per user
 * at a time, so while there is one the form gives way to it.
 */
function CorporateRequests({ user }: { user: MeView }) {
  const requests = useCorporateRequests();
  const [sent, setSent] = useState<CorporateRequest | null>(null);
  const open = requests.data?.find(isOpenRequest);
  let top = null;
  if (sent !== null) {
    top = <RequestNotice request={sent} justSent />;
  } else if (open !== undefined) {
    top = <RequestNotice request={open} justSent={false} />;
  } else if (!requests.isPending) {
    // When the list cannot be read the form still shows: the API has the last word.
    top = <CorporateRequestForm user={user} onSent={setSent} />;
  }
  return (
    <>
      {top}
      <CorporateRequestList requests={requests} />
    </>
  );
}
