import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { TRANSFER_NS } from '../../i18n';
import { onResale } from '../../resale/wallet';
import type { WalletMatch, WalletTicket } from '../../../../api-types';
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

/** "Ricevuto dall'abbonamento di Luca Neri": a match ticket passed on from a season seat. */
export function FromSeasonChip({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation(TRANSFER_NS);
  return (
    <Chip
      label={t('wallet.fromSeason', { name })}
      color="info"
      size="small"
      variant="outlined"
      data-testid={`ticket-from-season-${id}`}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/**
 * A season seat's match, what the fan may do with it: "Cedi questa partita" (a valid one of a
 * match ahead: `ahead`, not on resale; "in progress" instead while one goes on), or to whom it
 * was passed on.
 */
export function SeasonMatchTransfer({ lineId, match, ahead, transferring }: { lineId: number; match: WalletMatch; ahead: boolean; transferring: boolean }) {
  const { t } = useTranslation(TRANSFER_NS);
  const testId = `${lineId}-${match.fixture_id}`;
  if (match.state === 'passed_on') {
    return (
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`season-passed-to-${testId}`}>
        {t('wallet.passedTo', { name: match.passed_to ?? '' })}
      </Typography>
    );
  }
  if (match.state !== 'valid' || !ahead || onResale(match)) {
    return null;
  }
  if (transferring) {
    return <Chip label={t('wallet.inProgress')} color="info" variant="outlined" size="small" data-testid={`season-transfer-in-progress-${testId}`} />;
  }
  return (
    <Button
      component={RouterLink}
      to={`/transfer_season/${lineId}/${match.fixture_id}`}
      size="small"
      startIcon={<SwapHorizIcon />}
      data-testid={`season-pass-on-${testId}`}
      sx={{ px: 0, justifyContent: 'flex-start' }}
    >
      {t('wallet.passOnMatch')}
      <VisuallyHidden>: {match.title}</VisuallyHidden>
    </Button>
  );
}
