import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../fixtures/format';
import { fareName, gateName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { ticketPasses, ticketPdfUrl } from '../../orders/wallet';
import type { TitleState, WalletTicket } from '../../../../api-types';
import { TicketFace } from './TicketFace';
import { ReceivedChip, TicketTransferActions } from './TicketTransferActions';
import { walletSeat } from './walletSeat';

const STATE_COLOUR: Record<TitleState, 'success' | 'default' | 'error'> = {
  valid: 'success',
  used: 'default',
  cancelled: 'error',
};

/**
 * One ticket as shown at the turnstiles: the QR code of its barcode, the seat, the holder; for a
 * valid one, its phone wallet passes and, of a match ahead, passing it on and sharing a copy
 * (`transferring`: a change of holder of it is under way).
 */
export function TicketCard({ ticket, transferring = false }: { ticket: WalletTicket; transferring?: boolean }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const seat = walletSeat(t, sectorName(t, ticket.sector_code, ticket.sector_name), ticket);
  const fare = fareName(t, ticket.reduction_code, ticket.reduction_name);
  // A match ahead as the wallet was opened: the API has the last word on whether it still is.
  const [openedAt] = useState(Date.now);
  const ahead = ticket.state === 'valid' && Date.parse(ticket.fixture.starts_at) > openedAt;
  const facts: [string, string][] = [
    [t('wallet.gate'), gateName(t, ticket.gate)],
    [t('wallet.holder'), ticket.holder_name],
    [t('wallet.fare'), `${fare} · ${formatCents(ticket.price_cents, language)}`],
    [t('wallet.seal'), ticket.seal],
  ];
  return (
    <TicketFace
      id={ticket.id}
      fixture={ticket.fixture}
      seat={seat}
      aside={
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'end' }}>
          <Chip
            label={t(`wallet.state.${ticket.state}`)}
            color={STATE_COLOUR[ticket.state]}
            size="small"
            data-testid={`ticket-state-${ticket.id}`}
          />
          {ticket.received && (
            // Its words are a chunk of their own: the ticket does not wait for them.
            <Suspense fallback={null}>
              <ReceivedChip id={ticket.id} />
            </Suspense>
          )}
        </Box>
      }
      barcode={ticket.barcode}
      faded={ticket.state !== 'valid'}
      facts={facts}
      pdfHref={ticketPdfUrl(ticket.id, language)}
      passes={ticket.state === 'valid' ? ticketPasses(ticket.id, language) : undefined}
      actions={
        ahead && (
          <Suspense fallback={null}>
            <TicketTransferActions ticket={ticket} seat={seat} transferring={transferring} />
          </Suspense>
        )
      }
    />
  );
}
