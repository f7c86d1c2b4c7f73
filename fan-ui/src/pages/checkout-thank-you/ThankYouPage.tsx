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
import { Link as RouterLink, useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { MatchTitle } from '../../components/MatchTitle';
import { formatCents } from '../../fixtures/format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { fareName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { ISSUING_POLL_MS, notificationsKey, walletKey } from '../../orders/api';
import { isSettled } from '../../orders/orderState';
import { parseOrderId } from '../../orders/params';
import { PricedLines } from '../../orders/PricedLines';
import { OrderGate } from '../checkout/OrderGate';
import { lineSeat } from '../checkout/lineSeat';
import NotFoundPage from '../not-found/NotFoundPage';
import type { Order } from '../../../../api-types';

/**
 * After paying (`/checkout/thankyou/{id}`): reads the order every 2 s while its tickets are
 * issued, then says they are ready and where they are; a failed or refunded issue says so.
 */
export default function ThankYouPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('thankYou.title'));
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <OrderGate key={id} id={id} poll={{ everyMs: ISSUING_POLL_MS, until: isSettled }}>
        {(order) => <OrderOutcome order={order} />}
      </OrderGate>
    </RequireSignIn>
  );
}

/**
 * The receipt: the order's number, each ticket with its holder, fare and price, and the total
 * paid (shown whatever became of the order, so the fan always knows what they paid for).
 */
function Receipt({ order }: { order: Order }) {
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
          caption={(line) =>
            line.holder
              ? t('thankYou.receipt.holderFare', {
                  holder: `${line.holder.first_name} ${line.holder.last_name}`,
                  fare: fareName(t, line.reduction_code, line.reduction_name),
                })
              : fareName(t, line.reduction_code, line.reduction_name)
          }
        />
        <Divider />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="receipt-total">
          {t('hold.total', { price: formatCents(order.total_cents, language) })}
        </Typography>
      </CardContent>
    </Card>
  );
}

function OrderOutcome({ order }: { order: Order }) {
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
      <MatchTitle fixture={order.fixture} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }} data-testid="order-outcome" data-state={order.state}>
          <Outcome order={order} />
        </CardContent>
      </Card>
      {order.state !== 'cancelled' && <Receipt order={order} />}
    </Container>
  );
}

function Outcome({ order }: { order: Order }) {
  const { t } = useTranslation();
  switch (order.state) {
    case 'issued':
      return (
        <>
          <Heading icon={<CheckCircleOutlineIcon color="success" />} text={t('thankYou.title')} />
          <Typography variant="body1">{t('thankYou.ready', { count: order.lines.length })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {order.lines.map((line) => (
              <li key={line.id}>
                <Typography variant="body2">{lineSeat(t, line)}</Typography>
                {line.title && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('thankYou.seal', { seal: line.title.seal })}
                  </Typography>
                )}
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
    case 'failed':
      return (
        <>
          <Heading icon={<ErrorOutlineIcon color="error" />} text={t('thankYou.failedTitle')} />
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
          <Heading icon={<ErrorOutlineIcon color="warning" />} text={t('thankYou.refundedTitle')} />
          <Typography variant="body1">{t(`thankYou.${order.state}`)}</Typography>
        </>
      );
    case 'cancelled':
      return (
        <>
          <Heading icon={<ErrorOutlineIcon color="warning" />} text={t('checkout.cancelledTitle')} />
          <Typography variant="body1">{t('checkout.cancelledBody')}</Typography>
        </>
      );
    case 'pending':
      // Paid a moment ago, and the provider's answer (or its webhook) is on its way.
      return (
        <Waiting text={t('thankYou.confirming')}>
          <Button component={RouterLink} to={`/checkout/${order.id}`} variant="text">
            {t('thankYou.backToCheckout')}
          </Button>
        </Waiting>
      );
    default:
      return <Waiting text={t('thankYou.issuing')} />;
  }
}

function Heading({ icon, text }: { icon: ReactNode; text: string }) {
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
function Waiting({ text, children }: { text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading icon={<HourglassTopIcon color="primary" />} text={text} />
      <LinearProgress aria-label={text} />
      <Typography variant="body2" color="text.secondary" role="status">
        {t('thankYou.issuingHint')}
      </Typography>
      {children}
    </>
  );
}
