import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { fareName } from '../../i18n/serverLabels';
import { notificationsKey, walletKey } from '../../orders/api';
import { isSettled } from '../../orders/orderState';
import { PricedLines } from '../../orders/PricedLines';
import { lineSeat, type SeatLine } from '../checkout/lineSeat';
import type { HolderDetails, OrderState } from '../../../../api-types';

/** What the thank-you page needs of an order of any kind (a match's, a season ticket's). */
export interface PaidOrder<L> {
  id: string;
  state: OrderState;
  total_cents: number;
  lines: L[];
}

/** What the receipt needs of a line. */
export type ReceiptLine = SeatLine & {
  id: number;
  price_cents: number;
  reduction_code: string;
  reduction_name: string;
  holder?: HolderDetails | null;
};

interface OrderOutcomePageProps<L extends ReceiptLine> {
  order: PaidOrder<L>;
  /** The match or the season ticket, on top. */
  title: ReactNode;
  /** What an issued order says: its tickets, and the way to the wallet. */
  issued: ReactNode;
  /** The checkout page of the order, for a payment still being confirmed. */
  checkoutPath: string;
  /** More under each line of the receipt (a season's kind of title). */
  receiptExtra?: (line: L) => string;
}

/**
 * After paying: what became of the order (issued, being issued, failed, refunded) and its
 * receipt, shown whatever became of it so the fan always knows what they paid for.
 */
export function OrderOutcomePage<L extends ReceiptLine>({ order, title, issued, checkoutPath, receiptExtra }: OrderOutcomePageProps<L>) {
  const queryClient = useQueryClient();
  const settled = isSettled(order);
  useEffect(() => {
    if (settled) {
      // Issued, failed or refunded: the wallet and the notifications have news.
      void queryClient.invalidateQueries({ queryKey: walletKey });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    }
  }, [settled, queryClient]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      {title}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }} data-testid="order-outcome" data-state={order.state}>
          <Outcome state={order.state} issued={issued} checkoutPath={checkoutPath} />
        </CardContent>
      </Card>
      {order.state !== 'cancelled' && <Receipt order={order} extra={receiptExtra} />}
    </Container>
  );
}

/**
 * The receipt: the order's number, each ticket with its holder, fare and price, and the total
 * paid.
 */
function Receipt<L extends ReceiptLine>({ order, extra }: { order: PaidOrder<L>; extra?: (line: L) => string }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="receipt">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('thankYou.receipt.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="order-number">
            {t('thankYou.receipt.number', { number: order.id })}
          </Typography>
        </Box>
        <PricedLines
          lines={order.lines}
          seat={(line) => lineSeat(t, line)}
          caption={(line) => {
            const fare = fareName(t, line.reduction_code, line.reduction_name);
            const text = line.holder
              ? t('thankYou.receipt.holderFare', { holder: `${line.holder.first_name} ${line.holder.last_name}`, fare })
              : fare;
            return extra === undefined ? text : `${text} · ${extra(line)}`;
          }}
        />
        <Divider />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="receipt-total">
          {t('hold.total', { price: formatCents(order.total_cents, language) })}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Outcome({ state, issued, checkoutPath }: { state: OrderState; issued: ReactNode; checkoutPath: string }) {
  const { t } = useTranslation();
  switch (state) {
    case 'issued':
      return issued;
    case 'failed':
      return (
        <>
          <OutcomeHeading icon={<ErrorOutlineIcon color="error" />} text={t('thankYou.failedTitle')} />
          <Typography variant="body1">{t('thankYou.failed')}</Typography>
          <Button component={RouterLink} to="/notifications" variant="outlined">
            {t('thankYou.toNotifications')}
          </Button>
        </>
      );
    case 'refunding':
    case 'refunded':
      return (
        <>
          <OutcomeHeading icon={<ErrorOutlineIcon color="warning" />} text={t('thankYou.refundedTitle')} />
          <Typography variant="body1">{t(`thankYou.${state}`)}</Typography>
        </>
      );
    case 'cancelled':
      return (
        <>
          <OutcomeHeading icon={<ErrorOutlineIcon color="warning" />} text={t('checkout.cancelledTitle')} />
          <Typography variant="body1">{t('checkout.cancelledBody')}</Typography>
        </>
      );
    case 'pending':
      // Paid a moment ago, and the provider's answer (or its webhook) is on its way.
      return (
        <Waiting text={t('thankYou.confirming')}>
          <Button component={RouterLink} to={checkoutPath} variant="text">
            {t('thankYou.backToCheckout')}
          </Button>
        </Waiting>
      );
    default:
      return <Waiting text={t('thankYou.issuing')} />;
  }
}

interface IssuedTicketsProps<L extends ReceiptLine> {
  lines: L[];
  /** "Your tickets are ready", in the order kind's words. */
  ready: string;
  /** Under each seat: its seal, or what is being issued for it. */
  note: (line: L) => ReactNode;
}

/** An issued order: each seat with its seal, and the way to the wallet. */
export function IssuedTickets<L extends ReceiptLine>({ lines, ready, note }: IssuedTicketsProps<L>) {
  const { t } = useTranslation();
  return (
    <>
      <OutcomeHeading icon={<CheckCircleOutlineIcon color="success" />} text={t('thankYou.title')} />
      <Typography variant="body1">{ready}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {lines.map((line) => (
          <li key={line.id}>
            <Typography variant="body2">{lineSeat(t, line)}</Typography>
            {note(line)}
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('thankYou.walletHint')}
      </Typography>
      <Button component={RouterLink} to="/wallet/" variant="contained" size="large" data-testid="wallet-link">
        {t('thankYou.toWallet')}
      </Button>
    </>
  );
}

/** The outcome's heading with its icon. */
export function OutcomeHeading({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box aria-hidden="true" sx={{ display: 'flex' }}>
        {icon}
      </Box>
      <Typography variant="h5" component="h2">
        {text}
      </Typography>
    </Box>
  );
}

/** Something is still happening: what, and a bar that moves (the page reads the order again). */
export function Waiting({ text, hint, children }: { text: string; hint?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <OutcomeHeading icon={<HourglassTopIcon color="primary" />} text={text} />
      <LinearProgress aria-label={text} />
      <Typography variant="body2" color="text.secondary" role="status">
        {hint ?? t('thankYou.issuingHint')}
      </Typography>
      {children}
    </>
  );
}
