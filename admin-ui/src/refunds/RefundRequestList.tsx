import CheckOutlinedIcon from '@mui/icons-material/CheckOutlined';
import CloseOutlinedIcon from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  DataTable,
  List,
  ResourceContextProvider,
  SelectInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ApiRequestError, postJson } from '../api/http';
import { formatEuros } from '../fields/money';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { useOrderRowClick } from '../orders/useOrderPath';
import type { DeclineRefundRequest, RefundRequestView } from '../../../api-types';

const REQUESTS = 'resources.refund-requests';
const STATES = ['pending', 'approved', 'declined'] as const;

function useFilters() {
  return [
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={STATES.map((state) => ({ id: state, name: `${REQUESTS}.states.${state}` }))}
    />,
    <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
  ];
}

function MatchCell() {
  const request = useRecordContext<RefundRequestView>();
  const [locale] = useLocaleState();
  if (request === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{request.fixture.title}</span>
      <Typography component="time" variant="caption" color="text.secondary" dateTime={request.fixture.starts_at}>
        {formatRomeDateTime(request.fixture.starts_at, locale)}
      </Typography>
    </Typography>
  );
}

function AmountCell() {
  const request = useRecordContext<RefundRequestView>();
  const [locale] = useLocaleState();
  return request === undefined ? null : <>{formatEuros(request.amount_cents, locale)}</>;
}

function StateCell() {
  const request = useRecordContext<RefundRequestView>();
  const translate = useTranslate();
  if (request === undefined) {
    return null;
  }
  const known = (STATES as readonly string[]).includes(request.state);
  const color = request.state === 'approved' ? 'success' : request.state === 'declined' ? 'default' : 'warning';
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Chip
        size="small"
        color={color}
        label={known ? translate(`${REQUESTS}.states.${request.state}`) : request.state}
        data-testid="refund-request-state"
        data-state={request.state}
      />
      {request.staff_note !== null && request.staff_note !== undefined && request.staff_note !== '' && (
        <Typography variant="caption" color="text.secondary">
          {request.staff_note}
        </Typography>
      )}
    </Box>
  );
}

/** Our words for a refused decision, else a generic error. */
function failureKey(error: unknown): string {
  return error instanceof ApiRequestError && error.code === 'request_not_pending'
    ? `${REQUESTS}.errors.request_not_pending`
    : 'ra.notification.http_error';
}

const decisionPath = (id: string, decision: 'approve' | 'decline') => `/api/admin/refund-requests/${id}/${decision}`;

/**
 * Approva (after a confirmation: the tickets are cancelled and paid back) and Rifiuta (with an
 * optional note for the fan) on a pending request; the list is read again after either. Clicks
 * here, and in the dialogs, do not open the row's order.
 */
function DecisionButtons() {
  const request = useRecordContext<RefundRequestView>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const noteId = useId();
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (request === undefined || request.state !== 'pending') {
    return null;
  }
  const close = () => {
    setDialog(null);
    setError(null);
    setNote('');
  };
  const decide = async (event: FormEvent) => {
    event.preventDefault();
    if (dialog === null) {
      return;
    }
    setError(null);
    setPending(true);
    try {
      if (dialog === 'approve') {
        await postJson<RefundRequestView>(decisionPath(request.id, 'approve'));
      } else {
        const body: DeclineRefundRequest = { note: note.trim() };
        await postJson<RefundRequestView>(decisionPath(request.id, 'decline'), body);
      }
      notify(`${REQUESTS}.${dialog === 'approve' ? 'approved' : 'declined'}`, { type: 'success' });
      close();
      refresh();
    } catch (failure) {
      setError(translate(failureKey(failure)));
      if (failure instanceof ApiRequestError && failure.code === 'request_not_pending') {
        // Someone decided it first: the list shows what they decided.
        refresh();
      }
    } finally {
      setPending(false);
    }
  };
  return (
    <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex', gap: 1 }}>
      <Button label={`${REQUESTS}.approve`} onClick={() => setDialog('approve')}>
        <CheckOutlinedIcon />
      </Button>
      <Button label={`${REQUESTS}.decline`} color="error" onClick={() => setDialog('decline')}>
        <CloseOutlinedIcon />
      </Button>
      <Dialog open={dialog !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`decide-${request.id}`}>
        <form onSubmit={(event) => void decide(event)} noValidate>
          <DialogTitle id={`decide-${request.id}`}>
            {translate(`${REQUESTS}.${dialog === 'decline' ? 'decline_title' : 'approve_title'}`)}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate(`${REQUESTS}.${dialog === 'decline' ? 'decline_help' : 'approve_help'}`, {
                email: request.buyer_email,
                smart_count: request.tickets,
                title: request.fixture.title,
              })}
            </DialogContentText>
            {dialog === 'decline' && (
              <TextField
                id={noteId}
                label={translate(`${REQUESTS}.note`)}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
            {error !== null && (
              <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
                {error}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close} disabled={pending}>
              {translate('ra.action.cancel')}
            </MuiButton>
            <MuiButton type="submit" variant="contained" color={dialog === 'decline' ? 'error' : 'primary'} disabled={pending}>
              {translate(`${REQUESTS}.${dialog === 'decline' ? 'decline' : 'approve'}`)}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}

function NoRequest() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${REQUESTS}.empty`)}
    </Typography>
  );
}

const orderOfRequest = (request: RefundRequestView) => request.order_id;

/**
 * Fans' refund requests for cancelled or postponed matches (the pending ones first shown), newest
 * first: when, which match, the buyer, how many tickets still live and their price, the fan's
 * reason and where it stands; staff approve (the tickets are refunded) or decline (with a note)
 * a pending one. A row opens the order.
 */
export function RefundRequestList() {
  const filters = useFilters();
  const openOrder = useOrderRowClick(orderOfRequest);
  return (
    <ResourceContextProvider value="refund-requests">
      <List<RefundRequestView>
        filters={filters}
        filterDefaultValues={{ state: 'pending' }}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable<RefundRequestView> rowClick={openOrder} bulkActionButtons={false} empty={<NoRequest />}>
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="fixture.title" label={`${REQUESTS}.fields.fixture`} disableSort>
            <MatchCell />
          </DataTable.Col>
          <DataTable.Col source="buyer_email" disableSort />
          <DataTable.Col source="tickets" disableSort />
          <DataTable.Col source="amount_cents" disableSort>
            <AmountCell />
          </DataTable.Col>
          <DataTable.Col source="reason" disableSort />
          <DataTable.Col source="state" disableSort>
            <StateCell />
          </DataTable.Col>
          <DataTable.Col label={`${REQUESTS}.fields.actions`} disableSort>
            <DecisionButtons />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
