import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { WalletSubpage } from '../../components/WalletSubpage';
import { TRANSFER_NS } from '../../i18n';
import { transferErrorText, type TransferKind } from '../../transfers/words';
import { TransferProgress } from './TransferProgress';
import type { TransferView } from '../../../../api-types';

interface TransferStepsProps<C extends { transferable: boolean }, K extends QueryKey> {
  /** The page's heading and what it does. */
  title: string;
  intro: string;
  kind?: TransferKind;
  /** Whether what is passed on may change holder now (`GET .../transfer`). */
  check: UseQueryOptions<C, Error, C, K>;
  /** What is passed on; `open`: it may be passed on now (its closing time is worth saying). */
  summary: (check: C, open: boolean) => ReactNode;
  /** The new holder's form, to call `onStarted` with the change once asked for. */
  form: (check: C, onStarted: (transfer: TransferView) => void) => ReactNode;
  /** Why it may not be passed on now. */
  notTransferable: (check: C) => ReactNode;
}

/**
 * A change of holder's page, for a ticket or a season seat's match: what is passed on, whether
 * it may be now (and why not), the new holder's form; then the change as it goes, and its
 * outcome.
 */
export function TransferSteps<C extends { transferable: boolean }, K extends QueryKey>({
  title,
  intro,
  kind,
  check: query,
  summary,
  form,
  notTransferable,
}: TransferStepsProps<C, K>) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  // The change once asked for: from then on the page follows it instead of the form.
  const [started, setStarted] = useState<TransferView | null>(null);
  // Not read again while a change goes on: once done, it is no longer the fan's to pass on.
  const check = useQuery({ ...query, enabled: started === null });

  let body;
  if (check.data !== undefined) {
    const data = check.data;
    body = (
      <>
        {summary(data, started === null && data.transferable)}
        {started !== null ? (
          <TransferProgress started={started} kind={kind} onAgain={() => setStarted(null)} />
        ) : data.transferable ? (
          form(data, setStarted)
        ) : (
          notTransferable(data)
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
        {transferErrorText(t, app, check.error, kind)}
      </Alert>
    );
  } else {
    body = <Loading />;
  }

  return (
    <WalletSubpage back={t('page.back')} title={title} intro={intro}>
      {body}
    </WalletSubpage>
  );
}

/** Why it may not change holder now, in the fan's words (and the ticketing system's, when it said). */
export function NotTransferable({ title, refusal, reason }: { title: string; refusal: string; reason?: string | null }) {
  const { t } = useTranslation(TRANSFER_NS);
  return (
    <Alert severity="info" data-testid="transfer-not-possible">
      <AlertTitle>{title}</AlertTitle>
      <Box component="p" sx={{ m: 0 }}>
        {refusal}
      </Box>
      {reason && (
        <Box component="p" sx={{ m: 0, mt: 1 }}>
          {t('page.reason', { reason })}
        </Box>
      )}
    </Alert>
  );
}
