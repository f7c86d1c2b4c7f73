import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { TRANSFER_NS } from '../../i18n';
import { fareName } from '../../i18n/serverLabels';
import { requestTransfer, transferCheckQuery } from '../../transfers/api';
import { refusalText } from '../../transfers/words';
import NotFoundPage from '../not-found/NotFoundPage';
import { TransferSeasonPage } from '../transfer-season/TransferSeasonPage';
import { TicketSummary } from './TicketSummary';
import { TransferForm } from './TransferForm';
import { NotTransferable, TransferSteps } from './TransferSteps';

/**
 * A change of holder's page: a ticket's (`/transfer_title/{seal}`), or a season seat's for one
 * match (`/transfer_season/{line}/{fixture}`). One chunk for both: the first page's code carries
 * one lazy import for them, not two (its budget is nearly full).
 */
export default function TransferPage() {
  return useParams().seal === undefined ? <TransferSeasonPage /> : <TransferTitlePage />;
}

/**
 * A ticket's change of holder (`/transfer_title/{seal}`): the fan's ticket, whether it may be
 * passed on now (and why not), the new holder's details and e-mail; then the change as it goes,
 * and its outcome. Signed-in fans only, their own tickets only.
 */
function TransferTitlePage() {
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
  return (
    <TransferSteps
      title={t('page.title')}
      intro={t('page.intro')}
      check={transferCheckQuery(seal)}
      summary={(check, open) => <TicketSummary ticket={check.ticket} closesAt={open ? check.closes_at : null} />}
      form={(check, onStarted) => (
        <TransferForm
          line={check.ticket}
          fare={fareName(app, check.ticket.reduction_code, check.ticket.reduction_name)}
          send={(request) => requestTransfer(seal, request)}
          onStarted={onStarted}
        />
      )}
      notTransferable={(check) => (
        <NotTransferable title={t('page.notTransferable')} refusal={refusalText(t, check.refusal_code)} reason={check.reason} />
      )}
    />
  );
}
