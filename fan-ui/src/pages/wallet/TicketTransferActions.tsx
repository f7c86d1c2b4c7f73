import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TRANSFER_NS } from '../../i18n';
import type { WalletTicket } from '../../../../api-types';
import { ShareTicketDialog } from './ShareTicketDialog';

const ACTION_SX = { width: { xs: '100%', sm: 'auto' } } as const;

/**
 * A valid ticket's actions for a match ahead: "Cedi il biglietto" (the change of holder's page;
 * "in progress" instead while one goes on) and "Invia una copia" (a dialog).
 */
export function TicketTransferActions({ ticket, seat, transferring }: { ticket: WalletTicket; seat: string; transferring: boolean }) {
  const { t } = useTranslation(TRANSFER_NS);
  const [sharing, setSharing] = useState(false);
  return (
    <>
      {transferring ? (
        <Chip label={t('wallet.inProgress')} color="info" variant="outlined" data-testid={`transfer-in-progress-${ticket.id}`} />
      ) : (
        <Button
          component={RouterLink}
          to={`/transfer_title/${encodeURIComponent(ticket.seal)}`}
          variant="outlined"
          startIcon={<SwapHorizIcon />}
          data-testid={`pass-on-${ticket.id}`}
          sx={ACTION_SX}
        >
          {t('wallet.passOn')}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<ForwardToInboxOutlinedIcon />}
        onClick={() => setSharing(true)}
        data-testid={`share-${ticket.id}`}
        sx={ACTION_SX}
      >
        {t('wallet.share')}
      </Button>
      {sharing && <ShareTicketDialog ticket={ticket} seat={seat} onClose={() => setSharing(false)} />}
    </>
  );
}

/** "Ricevuto": the ticket was passed on to this fan by someone else. */
export function ReceivedChip({ id }: { id: number }) {
  const { t } = useTranslation(TRANSFER_NS);
  return <Chip label={t('wallet.received')} color="info" size="small" variant="outlined" data-testid={`ticket-received-${id}`} />;
}
