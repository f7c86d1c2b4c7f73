import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { formatCents, formatDateTime, formatKickOff } from '../../fixtures/format';
import { TRANSFER_NS } from '../../i18n';
import { fareName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { WalletTicket } from '../../../../api-types';

/**
 * The ticket being passed on: its match, its seat, who holds it now and its seal; until when it
 * may change holder (`closesAt`), while it may.
 */
export function TicketSummary({ ticket, closesAt }: { ticket: WalletTicket; closesAt: string | null }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const sector = sectorName(app, ticket.sector_code, ticket.sector_name);
  // As the wallet says it ("Tribuna Centrale, blocco TC1, fila 1, posto 1").
  const seat = ticket.no_map
    ? app('wallet.standingPlace', { sector, block: ticket.block_code })
    : app('wallet.seatInBlock', { sector, block: ticket.block_code, row: ticket.row, number: ticket.number });
  const facts: [string, string][] = [
    [t('page.currentHolder'), ticket.holder_name],
    [t('page.fare'), `${fareName(app, ticket.reduction_code, ticket.reduction_name)} · ${formatCents(ticket.price_cents, language)}`],
    [t('page.seal'), ticket.seal],
    ...(closesAt === null ? [] : [[t('page.closesAt'), formatDateTime(closesAt, language)] as [string, string]]),
  ];
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="transfer-ticket">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
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
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
              {seat}
            </Typography>
          </Box>
          {ticket.received && <Chip size="small" color="info" label={t('wallet.received')} />}
        </Box>
        <FactList facts={facts} />
      </CardContent>
    </Card>
  );
}
