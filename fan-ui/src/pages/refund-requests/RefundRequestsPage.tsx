import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { WalletSubpage } from '../../components/WalletSubpage';
import { formatCents, formatDateTime, formatKickOff } from '../../fixtures/format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { REFUND_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { REASON_MAX, refundRequestsKey, refundRequestsQuery, requestRefund } from '../../refunds/api';
import { refundErrorText, requestState } from '../../refunds/words';
import type { MyRefundRequests, RefundRequestView, RefundableOrder } from '../../../../api-types';

const STATE_COLOUR = { pending: 'info', approved: 'success', declined: 'error' } as const;

/**
 * A refund of the tickets of a cancelled or postponed match (`/rimborso-biglietti-tickets-refund`):
 * the fan's orders that may be refunded, each with a request to send (staff decide, an e-mail
 * follows), then the requests sent and what staff decided. Signed-in fans only.
 */
export default function RefundRequestsPage() {
  const { t } = useTranslation(REFUND_NS);
  useDocumentTitle(t('page.title'));
  return (
    <RequireSignIn>
      <RefundRequests />
    </RequireSignIn>
  );
}

function RefundRequests() {
  const { t } = useTranslation(REFUND_NS);
  const query = useQuery(refundRequestsQuery());

  let body;
  if (query.data !== undefined) {
    body = (
      <>
        <RefundableSection orders={query.data.refundable} />
        <RequestsSection items={query.data.items} />
      </>
    );
  } else if (query.isError) {
    body = <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <Loading />;
  }

  return (
    <WalletSubpage back={t('page.back')} title={t('page.title')} intro={t('page.intro')}>
      {body}
    </WalletSubpage>
  );
}

/** The orders the fan may ask a refund for; a word when there is none. */
function RefundableSection({ orders }: { orders: RefundableOrder[] }) {
  const { t } = useTranslation(REFUND_NS);
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={titleId} variant="h5" component="h2">
        {t('refundable.title')}
      </Typography>
      {orders.length === 0 ? (
        <Typography variant="body1" data-testid="refundable-empty">
          {t('refundable.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {orders.map((order) => (
            <li key={order.order_id}>
              <RefundableCard order={order} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One order: the match, why it may be refunded, its tickets and amount; the request, or that it was sent. */
function RefundableCard({ order }: { order: RefundableOrder }) {
  const { t } = useTranslation(REFUND_NS);
  const language = useUiLanguage();
  const [asking, setAsking] = useState(false);
  const why = order.why === 'postponed' ? 'postponed' : 'cancelled';
  return (
    <Card variant="outlined" data-testid={`refundable-${order.order_id}`}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3">
            {order.fixture.title}
          </Typography>
          <Chip size="small" color={why === 'cancelled' ? 'error' : 'warning'} label={t(`refundable.why.${why}`)} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {order.fixture.competition} · {formatKickOff(order.fixture.starts_at, language)}
        </Typography>
        <Typography variant="body2">
          {t('refundable.tickets', { count: order.tickets })} · {t('refundable.amount', { amount: formatCents(order.amount_cents, language) })}
        </Typography>
        {order.pending ? (
          <Chip label={t('refundable.sent')} color="info" variant="outlined" sx={{ justifySelf: 'start' }} data-testid="refund-sent" />
        ) : asking ? (
          <RefundForm order={order} onCancel={() => setAsking(false)} />
        ) : (
          <Button variant="contained" sx={{ justifySelf: 'start' }} onClick={() => setAsking(true)}>
            {t('refundable.ask')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The request for one order: an optional reason, sent; then the order shows it as sent. */
function RefundForm({ order, onCancel }: { order: RefundableOrder; onCancel: () => void }) {
  const { t } = useTranslation(REFUND_NS);
  const { t: app } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > REASON_MAX;
  const send = useMutation({
    mutationFn: () => {
      const trimmed = reason.trim();
      return requestRefund(trimmed === '' ? { order_id: order.order_id } : { order_id: order.order_id, reason: trimmed });
    },
    onSuccess: (created: RefundRequestView) => {
      // Shown at once as sent and listed; then read again for staff's view of it.
      queryClient.setQueryData<MyRefundRequests>(refundRequestsKey, (data) =>
        data === undefined
          ? data
          : {
              refundable: data.refundable.map((item) => (item.order_id === order.order_id ? { ...item, pending: true } : item)),
              items: [created, ...data.items.filter((item) => item.id !== created.id)],
            },
      );
      void queryClient.invalidateQueries({ queryKey: refundRequestsKey });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong && !send.isPending) {
      send.mutate();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} data-testid="refund-form">
      <TextField
        label={t('form.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={3}
        error={tooLong}
        helperText={tooLong ? t('form.reasonTooLong', { max: REASON_MAX }) : t('form.reasonHint')}
      />
      {send.isError && (
        <Alert severity="error" data-testid="refund-failure">
          {refundErrorText(t, app, send.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={send.isPending || tooLong} data-testid="refund-submit">
          {t('form.submit')}
        </Button>
        <Button onClick={onCancel} disabled={send.isPending}>
          {t('form.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/** The requests sent, newest first: state, reason, and staff's note when declined. */
function RequestsSection({ items }: { items: RefundRequestView[] }) {
  const { t } = useTranslation(REFUND_NS);
  const language = useUiLanguage();
  const titleId = useId();
  if (items.length === 0) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }} data-testid="refund-requests">
      <Typography id={titleId} variant="h5" component="h2">
        {t('requests.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {items.map((item) => {
          const state = requestState(item.state);
          return (
            <li key={item.id}>
              <Card variant="outlined" data-testid={`refund-request-${item.id}`}>
                <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                    <Typography variant="h6" component="h3">
                      {item.fixture.title}
                    </Typography>
                    <Chip size="small" color={STATE_COLOUR[state]} label={t(`requests.state.${state}`)} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {formatKickOff(item.fixture.starts_at, language)}
                  </Typography>
                  <Typography variant="body2">
                    {t('refundable.tickets', { count: item.tickets })} ·{' '}
                    {t('refundable.amount', { amount: formatCents(item.amount_cents, language) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('requests.sentOn', { date: formatDateTime(item.created_at, language) })}
                    {item.decided_at ? ` · ${t('requests.decidedOn', { date: formatDateTime(item.decided_at, language) })}` : ''}
                  </Typography>
                  {item.reason.trim() !== '' && <Typography variant="body2">{t('requests.reason', { reason: item.reason })}</Typography>}
                  {state === 'declined' && item.staff_note && (
                    <Typography variant="body2" data-testid="refund-staff-note">
                      {t('requests.staffNote', { note: item.staff_note })}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
