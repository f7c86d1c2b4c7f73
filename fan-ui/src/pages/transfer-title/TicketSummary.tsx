import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { TicketHeading } from '../../components/TicketHeading';
import { formatCents, formatDateTime } from '../../fixtures/format';
import { TRANSFER_NS } from '../../i18n';
import { fareName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { WalletTicket } from '../../../../api-types';
import { walletSeat } from '../wallet/walletSeat';

/**
 * The ticket being passed on: its match, its seat, who holds it now and its seal; until when it
 * may change holder (`closesAt`), while it may.
 */
export function TicketSummary({ ticket, closesAt }: { ticket: WalletTicket; closesAt: string | null }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  // As the wallet says it ("Tribuna Centrale, blocco TC1, fila 1, posto 1").
  const seat = walletSeat(app, sectorName(app, ticket.sector_code, ticket.sector_name), ticket);
  const facts: [string, string][] = [
    [t('page.currentHolder'), ticket.holder_name],
    [t('page.fare'), `${fareName(app, ticket.reduction_code, ticket.reduction_name)} · ${formatCents(ticket.price_cents, language)}`],
    [t('page.seal'), ticket.seal],
  ];
  return (
    <SummaryCard
      fixture={ticket.fixture}
      seat={seat}
      aside={ticket.received && <Chip size="small" color="info" label={t('wallet.received')} />}
      facts={facts}
      closesAt={closesAt}
      testId="transfer-ticket"
    />
  );
}

type SummaryCardProps = Omit<ComponentProps<typeof TicketHeading>, 'titleId' | 'seatId'> & {
  /** Who holds it, its fare, its seal… */
  facts: [string, string][];
  /** Until when it may change holder, while it may (said last). */
  closesAt: string | null;
  testId: string;
  /** Said under the facts. */
  children?: ReactNode;
};

/** What is being passed on (a ticket, a season seat's match), atop its change of holder's page. */
export function SummaryCard({ facts, closesAt, testId, children, ...heading }: SummaryCardProps) {
  const { t } = useTranslation(TRANSFER_NS);
  const language = useUiLanguage();
  const titleId = useId();
  const all = closesAt === null ? facts : [...facts, [t('page.closesAt'), formatDateTime(closesAt, language)] as [string, string]];
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <TicketHeading titleId={titleId} {...heading} />
        <FactList facts={all} />
        {children}
      </CardContent>
    </Card>
  );
}
