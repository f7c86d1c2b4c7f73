import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { TRANSFER_NS } from '../../i18n';
import { transferCheckQuery } from '../../transfers/api';
import { refusalText, transferErrorText } from '../../transfers/words';
import NotFoundPage from '../not-found/NotFoundPage';
import { TicketSummary } from './TicketSummary';
import { TransferForm } from './TransferForm';
import { TransferProgress } from './TransferProgress';
import type { TransferCheck, TransferView } from '../../../../api-types';

/**
 * A change of holder (`/transfer_title/{seal}`): the fan's ticket, whether it may be passed on
 * now (and why not), the new holder's details and e-mail; then the change as it goes, and its
 * outcome. Signed-in fans only, their own tickets only.
 */
export default function TransferTitlePage() {
  const { t } = useTranslation(TRANSFER_NS);
  useDocumentTitle(t('page.title'));
  const seal = useParams().seal;
  if (seal === undefined || seal === '') {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <TransferTitle key={seal} seal={seal} />
    </RequireSignIn>
  );
}

function TransferTitle({ seal }: { seal: string }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  // The change once asked for: from then on the page follows it instead of the form.
  const [started, setStarted] = useState<TransferView | null>(null);
  // Not read again while a change goes on: once done, the ticket is no longer the fan's.
  const check = useQuery({ ...transferCheckQuery(seal), enabled: started === null });

  let body;
  if (check.data !== undefined) {
    const data = check.data;
    body = (
      <>
        <TicketSummary ticket={data.ticket} closesAt={started === null && data.transferable ? data.closes_at : null} />
        {started !== null ? (
          <TransferProgress started={started} onAgain={() => setStarted(null)} />
        ) : data.transferable ? (
          <TransferForm ticket={data.ticket} onStarted={setStarted} />
        ) : (
          <NotTransferable check={data} />
        )}
      </>
    );
  } else if (check.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void check.refetch()}>
            {app('errors.retry')}
          </Button>
        }
      >
        {transferErrorText(t, app, check.error)}
      </Alert>
    );
  } else {
    body = <Loading />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box component="header" sx={{ display: 'grid', gap: 1 }}>
        <Link component={RouterLink} to="/wallet/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}>
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {t('page.back')}
        </Link>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('page.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('page.intro')}
        </Typography>
      </Box>
      {body}
    </Container>
  );
}

/** Why this ticket may not change holder now, in the fan's words and the ticketing system's. */
function NotTransferable({ check }: { check: TransferCheck }) {
  const { t } = useTranslation(TRANSFER_NS);
  return (
    <Alert severity="info" data-testid="transfer-not-possible">
      <AlertTitle>{t('page.notTransferable')}</AlertTitle>
      <Box component="p" sx={{ m: 0 }}>
        {refusalText(t, check.refusal_code)}
      </Box>
      {check.reason && (
        <Box component="p" sx={{ m: 0, mt: 1 }}>
          {t('page.reason', { reason: check.reason })}
        </Box>
      )}
    </Alert>
  );
}
