import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TRANSFER_NS } from '../../i18n';
import { walletKey } from '../../orders/api';
import { transfersKey, useTransfer } from '../../transfers/api';
import { kindContext, refusalText, transferErrorText, type TransferKind } from '../../transfers/words';
import type { TransferView } from '../../../../api-types';

/**
 * A change of holder under way: "passing the ticket on…" (or a season seat's match) while the
 * ticketing system works (`GET /api/transfers/{id}` read every second), then to whom it went and
 * how they get it, or why it was refused (with `onAgain` to name someone else).
 */
export function TransferProgress({ started, kind = 'ticket', onAgain }: { started: TransferView; kind?: TransferKind; onAgain: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const context = kindContext(kind);
  const queryClient = useQueryClient();
  const transfer = useTransfer(started);
  const view = transfer.data;
  const settled = view.state !== 'requested';

  useEffect(() => {
    if (settled) {
      // The wallet no longer holds a ticket passed on (a season seat's match says to whom it
      // went); its list of those passed on has one more.
      void queryClient.invalidateQueries({ queryKey: walletKey });
      void queryClient.invalidateQueries({ queryKey: transfersKey, exact: true });
    }
  }, [settled, queryClient]);

  const toWallet = (
    <Button component={RouterLink} to="/wallet/" variant="contained" startIcon={<AccountBalanceWalletOutlinedIcon />}>
      {t('page.back')}
    </Button>
  );

  if (view.state === 'done') {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="success" role="status" data-testid="transfer-done" sx={{ width: '100%', boxSizing: 'border-box' }}>
          <AlertTitle>{t('done.title', { name: view.to_name, context })}</AlertTitle>
          {t('done.body', { email: view.to_email })}
        </Alert>
        {toWallet}
      </Box>
    );
  }
  if (view.state === 'refused') {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="error" data-testid="transfer-refused" sx={{ width: '100%', boxSizing: 'border-box' }}>
          <AlertTitle>{t('refused.title')}</AlertTitle>
          <Box component="p" sx={{ m: 0 }}>
            {refusalText(t, view.refusal_code, kind)}
          </Box>
          <Box component="p" sx={{ m: 0, mt: 1 }}>
            {t('refused.body', { context })}
          </Box>
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={onAgain} data-testid="transfer-again">
            {t('refused.again', { context })}
          </Button>
          {toWallet}
        </Box>
      </Box>
    );
  }
  return (
    <Card data-testid="transfer-progress">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', p: { xs: 1.5, sm: 3 } }}>
        <CircularProgress size={32} aria-hidden="true" sx={{ flexShrink: 0 }} />
        <Box role="status">
          <Typography variant="h6" component="h2">
            {t('progress.title', { context })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('progress.body', { name: view.to_name, context })}
          </Typography>
        </Box>
      </CardContent>
      {/* A read that failed is tried again at the next beat: said, but the wait goes on. */}
      {transfer.isError && (
        <Alert severity="warning" sx={{ mx: { xs: 1.5, sm: 3 }, mb: 2 }}>
          {transferErrorText(t, app, transfer.error, kind)}
        </Alert>
      )}
    </Card>
  );
}
