import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError, getJson, postJson } from '../api/http';
import { Section } from '../layout/Section';
import { REASON_MAX, ReasonField } from './ReasonField';
import type { Fixture, FixtureRefundProgress, FixtureRefundRequest, FixtureRefundStarted } from '../../../api-types';

const PANEL = 'resources.refunds.fixture';

const fixtureRefundsPath = (id: number | string) => `/api/admin/fixtures/${id}/refunds`;

/** Whether a bulk refund was asked for and some of its tickets are not refunded yet. */
const underWay = (progress: FixtureRefundProgress | undefined) =>
  progress !== undefined && progress.requested > 0 && progress.refunded < progress.lines;

/**
 * "Rimborsi" on a match's page: whether the match is postponed (fans may then ask for a refund),
 * and "Rimborsa tutti i biglietti" to refund every issued ticket of a cancelled match, its progress
 * read again every 2 s until all are refunded.
 */
export function FixtureRefundPanel(props: { record?: Fixture }) {
  const fixture = useRecordContext<Fixture>(props);
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending: saving }] = useUpdate<Fixture>();
  const fixtureId = fixture?.id;
  const progress = useQuery({
    queryKey: ['fixture-refunds', fixtureId],
    queryFn: () => getJson<FixtureRefundProgress>(fixtureRefundsPath(fixtureId ?? '')),
    enabled: fixtureId !== undefined,
    refetchInterval: (query) => (underWay(query.state.data) ? 2_000 : false),
  });
  if (fixture === undefined) {
    return null;
  }

  const setPostponed = (postponed: boolean) =>
    void update(
      'fixtures',
      { id: fixture.id, data: { status: fixture.status, postponed }, previousData: fixture },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`${PANEL}.${postponed ? 'postponed_on' : 'postponed_off'}`, { type: 'success' }),
        onError: (failure) => notify(apiErrorMessageKey(failure, 'ra.notification.http_error'), { type: 'error' }),
      },
    );

  const data = progress.data;
  const started = data !== undefined && data.requested > 0;
  const percent = data === undefined || data.lines === 0 ? 0 : Math.round((data.refunded / data.lines) * 100);
  return (
    <Section title={`${PANEL}.title`}>
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <FormControlLabel
          control={
            <Switch checked={fixture.postponed} disabled={saving} onChange={(event) => setPostponed(event.target.checked)} />
          }
          label={translate(`${PANEL}.postponed`)}
        />
        <Typography variant="body2" color="text.secondary">
          {translate(`${PANEL}.postponed_help`)}
        </Typography>
        <Button label={`${PANEL}.refund_all`} variant="outlined" color="error" onClick={() => setConfirming(true)}>
          <CurrencyExchangeOutlinedIcon />
        </Button>
        {started && (
          <Box sx={{ width: '100%', maxWidth: 480 }} data-testid="fixture-refund-progress">
            <LinearProgress variant="determinate" value={percent} aria-label={translate(`${PANEL}.progress_label`)} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {translate(underWay(data) ? `${PANEL}.progress` : `${PANEL}.progress_done`, {
                refunded: data.refunded,
                lines: data.lines,
              })}
            </Typography>
          </Box>
        )}
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} fullWidth maxWidth="xs" aria-labelledby={`refund-all-${fixture.id}`}>
        {confirming && <RefundAllForm fixture={fixture} onClose={() => setConfirming(false)} />}
      </Dialog>
    </Section>
  );
}

/** `POST /api/admin/fixtures/{id}/refunds` `{reason}`; the answer's progress starts the bar. */
function RefundAllForm({ fixture, onClose }: { fixture: Fixture; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = reason.trim();
    if (trimmed === '' || trimmed.length > REASON_MAX) {
      setReasonError(translate('resources.refunds.reason_required'));
      return;
    }
    const body: FixtureRefundRequest = { reason: trimmed };
    setPending(true);
    try {
      const started = await postJson<FixtureRefundStarted>(fixtureRefundsPath(fixture.id), body);
      queryClient.setQueryData(['fixture-refunds', fixture.id], started.progress);
      notify(`${PANEL}.started`, { type: 'success' });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.reason !== undefined) {
        setReasonError(translate('resources.refunds.reason_required'));
      } else {
        setError(translate(apiErrorMessageKey(failure, 'resources.refunds.errors.generic')));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={`refund-all-${fixture.id}`}>{translate(`${PANEL}.confirm_title`, { title: fixture.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`${PANEL}.confirm_help`)}</DialogContentText>
        <ReasonField
          id={reasonId}
          label={translate('resources.refunds.reason')}
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
        <MuiButton type="submit" variant="contained" color="error" disabled={pending}>
          {translate(`${PANEL}.refund_all`)}
        </MuiButton>
      </DialogActions>
    </form>
  );
}
