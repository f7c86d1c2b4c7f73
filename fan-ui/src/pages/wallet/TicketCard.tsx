import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { formatCents, formatKickOff } from '../../fixtures/format';
import { fareName, gateName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { ticketPdfUrl } from '../../orders/api';
import type { TitleState, WalletTicket } from '../../../../api-types';
import { ReceivedChip, TicketTransferActions } from './TicketTransferActions';

const STATE_COLOUR: Record<TitleState, 'success' | 'default' | 'error'> = {
  valid: 'success',
  used: 'default',
  cancelled: 'error',
};

/**
 * One ticket as shown at the turnstiles: the QR code of its barcode, the seat, the holder; for a
 * valid one of a match ahead, passing it on and sharing a copy (`transferring`: a change of
 * holder of it is under way).
 */
export function TicketCard({ ticket, transferring = false }: { ticket: WalletTicket; transferring?: boolean }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const seatId = useId();
  const sector = sectorName(t, ticket.sector_code, ticket.sector_name);
  // A standing place (a no-map block) has no row or seat to show.
  const seat = ticket.no_map
    ? t('wallet.standingPlace', { sector, block: ticket.block_code })
    : t('wallet.seatInBlock', { sector, block: ticket.block_code, row: ticket.row, number: ticket.number });
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
    <Card component="article" aria-labelledby={`${titleId} ${seatId}`} data-testid={`ticket-${ticket.id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
              {ticket.fixture.competition}
            </Typography>
            <Typography id={titleId} variant="h6" component="h2">
              {ticket.fixture.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={ticket.fixture.starts_at}>{formatKickOff(ticket.fixture.starts_at, language)}</time>
            </Typography>
            <Typography id={seatId} variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
              {seat}
            </Typography>
          </Box>
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
        </Box>
        <Box
          sx={{
            justifySelf: 'center',
            p: 1.5,
            bgcolor: '#fff',
            borderRadius: 1,
            // A used or cancelled ticket's code opens no turnstile: shown, but faded.
            opacity: ticket.state === 'valid' ? 1 : 0.35,
          }}
        >
          <QRCodeSVG
            value={ticket.barcode}
            size={192}
            level="M"
            marginSize={2}
            role="img"
            aria-label={t('wallet.qr', { seat })}
            data-testid={`ticket-qr-${ticket.id}`}
            data-barcode={ticket.barcode}
          />
        </Box>
        <FactList facts={facts} />
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="a"
          href={ticketPdfUrl(ticket.id, language)}
          download
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          data-testid={`download-pdf-${ticket.id}`}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {t('wallet.downloadPdf')}
        </Button>
        {ahead && (
          <Suspense fallback={null}>
            <TicketTransferActions ticket={ticket} seat={seat} transferring={transferring} />
          </Suspense>
        )}
      </CardActions>
    </Card>
  );
}
