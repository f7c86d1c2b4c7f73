import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ApiRequestError, getJson, postJson } from '../api/http';
import { formatEuros } from '../fields/money';
import { DateTime, EmptyText, HeadCells } from '../layout/Facts';
import { Section } from '../layout/Section';
import { REASON_MAX, ReasonField } from './ReasonField';
import type { LineDetail, OrderDetail, RefundRequest, TicketRefund } from '../../../api-types';

const REFUNDS = 'resources.refunds';
const KNOWN_ERRORS = ['not_issued', 'nothing_to_refund', 'lines_not_refundable', 'transfer_in_progress'];

const orderRefundsPath = (orderId: string) => `/api/admin/orders/${orderId}/refunds`;

/** The lines whose ticket is still valid and not already being refunded: those staff may refund. */
function liveLines(order: OrderDetail, refunds: readonly TicketRefund[]): LineDetail[] {
  const pending = new Set(refunds.filter((refund) => refund.state === 'requested').flatMap((refund) => refund.line_ids));
  return (order.details ?? []).filter((line) => line.title_state === 'valid' && !pending.has(line.id));
}

/** The translation key for a refused refund: our words for the API's 409 codes. */
function refusalKey(error: unknown): string {
  const code = error instanceof ApiRequestError ? error.code : null;
  return code !== null && KNOWN_ERRORS.includes(code) ? `${REFUNDS}.errors.${code}` : `${REFUNDS}.errors.generic`;
}

function RefundStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  const known = state === 'requested' || state === 'done';
  return (
    <Chip
      size="small"
      color={state === 'done' ? 'success' : 'warning'}
      label={known ? translate(`${REFUNDS}.states.${state}`) : state}
      data-testid="refund-state"
      data-state={state}
    />
  );
}

/**
 * "Rimborsi" on an issued order's page: staff's refunds of its tickets (when, how many, how much,
 * why, whether done), followed every 2 s while one is under way, and "Rimborsa biglietti" to
 * refund some or all of the tickets still valid.
 */
export function OrderRefunds(props: { record?: OrderDetail }) {
  const order = useRecordContext<OrderDetail>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const orderId = order === undefined ? '' : String(order.id);
  const refunds = useQuery({
    queryKey: ['order-refunds', orderId],
    queryFn: () => getJson<TicketRefund[]>(orderRefundsPath(orderId)),
    enabled: orderId !== '',
    refetchInterval: (query) => (query.state.data?.some((refund) => refund.state === 'requested') ? 2_000 : false),
  });
  if (order === undefined) {
    return null;
  }
  const rows = refunds.data ?? [];
  const live = liveLines(order, rows);
  return (
    <Section
      title={`${REFUNDS}.title`}
      action={
        order.state === 'issued' ? (
          <Button label={`${REFUNDS}.refund`} variant="outlined" onClick={() => setOpen(true)} disabled={live.length === 0}>
            <CurrencyExchangeOutlinedIcon />
          </Button>
        ) : undefined
      }
    >
      {refunds.isError ? (
        <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
      ) : rows.length === 0 ? (
        <EmptyText text={`${REFUNDS}.none`} />
      ) : (
        <TableContainer>
          <Table size="small">
            <HeadCells
              labels={[
                `${REFUNDS}.fields.created_at`,
                `${REFUNDS}.fields.tickets`,
                `${REFUNDS}.fields.amount`,
                `${REFUNDS}.fields.reason`,
                `${REFUNDS}.fields.state`,
              ]}
            />
            <TableBody>
              {rows.map((refund) => (
                <TableRow key={refund.id} data-testid="order-refund">
                  <TableCell>
                    <DateTime value={refund.created_at} />
                  </TableCell>
                  <TableCell>{refund.line_ids.length}</TableCell>
                  <TableCell>{formatEuros(refund.amount_cents, locale)}</TableCell>
                  <TableCell>{refund.reason}</TableCell>
                  <TableCell>
                    <RefundStateChip state={refund.state} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`refund-${orderId}`}>
        {open && <RefundForm orderId={orderId} lines={live} onClose={() => setOpen(false)} />}
      </Dialog>
    </Section>
  );
}

/**
 * `POST /api/admin/orders/{id}/refunds` `{line_ids, reason}`: every live ticket chosen at first;
 * all of them sent as they are (the API reads an absent list as all, but naming them says what
 * staff saw). The API's refusal shows in the dialog, which stays open.
 */
function RefundForm({ orderId, lines, onClose }: { orderId: string; lines: readonly LineDetail[]; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const titleId = `refund-${orderId}`;
  const reasonId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(lines.map((line) => line.id)));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) {
      next.add(id);
    } else {
      next.delete(id);
    }
    setChosen(next);
  };
  const total = lines.filter((line) => chosen.has(line.id)).reduce((sum, line) => sum + line.price_cents, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = reason.trim();
    if (trimmed === '' || trimmed.length > REASON_MAX) {
      setReasonError(translate(`${REFUNDS}.reason_required`));
      return;
    }
    if (chosen.size === 0) {
      setError(translate(`${REFUNDS}.choose_one`));
      return;
    }
    const body: RefundRequest = { line_ids: lines.map((line) => line.id).filter((id) => chosen.has(id)), reason: trimmed };
    setPending(true);
    try {
      await postJson<TicketRefund>(orderRefundsPath(orderId), body);
      notify(`${REFUNDS}.started`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['order-refunds', orderId] });
      refresh();
      onClose();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.reason !== undefined) {
        setReasonError(translate(`${REFUNDS}.reason_required`));
      } else {
        setError(translate(refusalKey(failure)));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{translate(`${REFUNDS}.dialog_title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`${REFUNDS}.help`)}</DialogContentText>
        {lines.length === 0 ? (
          <EmptyText text={`${REFUNDS}.no_live`} />
        ) : (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
            <FormLabel component="legend">{translate(`${REFUNDS}.tickets`)}</FormLabel>
            <FormGroup>
              {lines.map((line) => (
                <FormControlLabel
                  key={line.id}
                  control={<Checkbox checked={chosen.has(line.id)} onChange={(event) => toggle(line.id, event.target.checked)} />}
                  label={`${line.sector_name} · ${translate(`${REFUNDS}.seat`, { row: line.row, number: line.number })} · ${line.holder_name ?? '—'} · ${formatEuros(line.price_cents, locale)}`}
                />
              ))}
            </FormGroup>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="refund-total">
              {translate(`${REFUNDS}.total`, { amount: formatEuros(total, locale) })}
            </Typography>
          </Box>
        )}
        <ReasonField
          id={reasonId}
          label={translate(`${REFUNDS}.reason`)}
          value={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={pending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton type="submit" variant="contained" color="error" disabled={pending || lines.length === 0}>
          {translate(`${REFUNDS}.submit`)}
        </MuiButton>
      </DialogActions>
    </form>
  );
}
