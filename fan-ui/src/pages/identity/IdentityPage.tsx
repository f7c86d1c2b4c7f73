import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { SuccessToast } from '../../components/SuccessToast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { IDENTITY_NS } from '../../i18n';
import { identityQuery } from '../../identity/api';
import { IdentityForm } from './IdentityForm';
import { RegistrationNote } from './RegistrationNote';

/** While the ticketing system registers the fan, how often to ask how it went. */
const PENDING_POLL_MS = 15_000;

/**
 * My details (`/myaccount/identity`): the fan's identity as the ticketing system needs it to
 * register them as a person (fiscal code, birth, residence, document, phone), and where that
 * registration stands; signed-in fans only.
 */
export default function IdentityPage() {
  const { t } = useTranslation(IDENTITY_NS);
  useDocumentTitle(t('page.title'));
  return (
    <RequireSignIn>
      <MyIdentity />
    </RequireSignIn>
  );
}

function MyIdentity() {
  const { t } = useTranslation(IDENTITY_NS);
  const query = useQuery({
    ...identityQuery,
    // Registered in a few moments by a job: the note follows without a reload.
    refetchInterval: (current) => (current.state.data?.registration === 'pending' ? PENDING_POLL_MS : false),
  });
  const [saved, setSaved] = useState(false);

  let body;
  if (query.data !== undefined) {
    body = (
      <>
        <RegistrationNote registration={query.data.registration} />
        {/* Filled once from the saved identity: a poll does not overwrite what the fan is typing. */}
        <IdentityForm identity={query.data} onSaved={() => setSaved(true)} />
      </>
    );
  } else if (query.isError) {
    body = <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <Loading />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button component={RouterLink} to="/myaccount" size="small" startIcon={<ArrowBackIcon />}>
          {t('page.back')}
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('page.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('page.intro')}
        </Typography>
      </Box>
      {body}
      <SuccessToast message={saved ? t('form.saved') : null} onClose={() => setSaved(false)} placement="top" />
    </Container>
  );
}
