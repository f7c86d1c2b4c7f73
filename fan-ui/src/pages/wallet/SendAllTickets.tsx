import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiSend } from '../../api/client';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { SEASON_ORDER_NS } from '../../i18n';
import type { SendAllQueued } from '../../../../api-types';

/** The refusals said in the wallet's own words; any other in the app's. */
const REFUSALS = ['no_tickets', 'rate_limited'] as const;

/**
 * "Inviami di nuovo tutti i biglietti": `POST /api/wallet/send` e-mails the fan again the
 * tickets of their orders for matches ahead (and their season tickets); then how many orders,
 * or why not (none ahead; sent a few minutes ago).
 */
export function SendAllTickets() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const send = useMutation({
    mutationFn: () => apiSend<SendAllQueued>('POST', '/api/wallet/send'),
    onError: forgetEndedSession,
  });
  const error = send.error;
  const refusal = error instanceof ApiError ? REFUSALS.find((code) => code === error.code) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        variant="outlined"
        startIcon={<ForwardToInboxOutlinedIcon />}
        onClick={() => send.mutate()}
        loading={send.isPending}
        data-testid="send-all-tickets"
      >
        {ts('wallet.sendAll')}
      </Button>
      {send.isSuccess && (
        <Alert severity="success" role="status" data-testid="send-all-tickets-result">
          {ts('wallet.sendAllQueued', { count: send.data.orders })}
        </Alert>
      )}
      {send.isError && (
        <Alert severity={refusal === undefined ? 'error' : 'info'} data-testid="send-all-tickets-result">
          {refusal === undefined ? apiErrorText(t, send.error) : ts(`wallet.sendAllRefused.${refusal}`)}
        </Alert>
      )}
    </Box>
  );
}
