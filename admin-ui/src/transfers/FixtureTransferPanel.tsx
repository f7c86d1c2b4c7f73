import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  HttpError,
  LinkBase,
  useBasename,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { Section } from '../layout/Section';
import { closesAt, parseClosesHours, transfersOfFixturePath } from './types';
import type { Fixture } from '../../../api-types';

const RULES = 'resources.transfers.rules';

/**
 * "Cambio nominativo" on a match's page: whether fans may pass their tickets on to someone else,
 * until when (kick-off, or some hours before it, in Italian time), a dialog to change that, and
 * the match's changes of holder one click away.
 */
export function FixtureTransferPanel(props: { record?: Fixture }) {
  const fixture = useRecordContext<Fixture>(props);
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const [editing, setEditing] = useState(false);
  if (fixture === undefined) {
    return null;
  }
  const hours = fixture.transfer_closes_hours ?? 0;
  return (
    <Section
      title={`${RULES}.title`}
      action={
        <Chip
          size="small"
          color={fixture.transfers_open ? 'success' : 'default'}
          label={translate(`${RULES}.${fixture.transfers_open ? 'open' : 'closed'}`)}
          data-testid="transfers-open"
          data-open={fixture.transfers_open}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        {fixture.transfers_open ? (
          <Typography variant="body2">
            {hours === 0 ? translate(`${RULES}.until_kickoff`) : translate(`${RULES}.until_hours`, { smart_count: hours })}{' '}
            {translate(`${RULES}.closes_at`, { time: formatRomeDateTime(closesAt(fixture), locale) })}
          </Typography>
        ) : (
          <Typography variant="body2">{translate(`${RULES}.none`)}</Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button label={`${RULES}.edit`} variant="outlined" onClick={() => setEditing(true)}>
            <EditOutlinedIcon />
          </Button>
          <Button component={LinkBase} to={`${basename}${transfersOfFixturePath(fixture.id)}`} label={`${RULES}.list`}>
            <SwapHorizOutlinedIcon />
          </Button>
        </Box>
      </Box>
      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="xs" aria-labelledby={`transfers-${fixture.id}`}>
        {editing && <TransferRulesForm fixture={fixture} onClose={() => setEditing(false)} />}
      </Dialog>
    </Section>
  );
}

/**
 * `PUT /api/admin/fixtures/{id}` `{status, transfers_open, transfer_closes_hours}` (the status as
 * it is; the hours only while open, an empty field meaning until kick-off). The API's answer
 * becomes the page's record.
 */
function TransferRulesForm({ fixture, onClose }: { fixture: Fixture; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const inputId = useId();
  const [open, setOpen] = useState(fixture.transfers_open);
  const [typed, setTyped] = useState(fixture.transfer_closes_hours === null ? '' : String(fixture.transfer_closes_hours));
  const [hoursError, setHoursError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate<Fixture>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const hours = parseClosesHours(typed);
    if (open && hours === undefined) {
      setHoursError(translate(`${RULES}.closes_hours_invalid`));
      return;
    }
    const data = open
      ? { status: fixture.status, transfers_open: true, transfer_closes_hours: hours }
      : { status: fixture.status, transfers_open: false };
    void update(
      'fixtures',
      { id: fixture.id, data, previousData: fixture },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${RULES}.saved`, { type: 'success' });
          onClose();
        },
        onError: (failure) => {
          const body: unknown = failure instanceof HttpError ? failure.body : undefined;
          const answer = body as { errors?: Record<string, unknown> } | undefined;
          if (answer?.errors?.transfer_closes_hours !== undefined) {
            setHoursError(translate(`${RULES}.closes_hours_invalid`));
          } else {
            // fixture_started and our other known codes in our words, else a generic error.
            setError(translate(apiErrorMessageKey(failure, 'ra.notification.http_error')));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={`transfers-${fixture.id}`}>{translate(`${RULES}.dialog_title`, { title: fixture.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`${RULES}.help`)}</DialogContentText>
        <FormControlLabel
          control={<Switch checked={open} onChange={(event) => setOpen(event.target.checked)} />}
          label={translate(`${RULES}.transfers_open`)}
          sx={{ mb: 2 }}
        />
        <TextField
          id={inputId}
          type="number"
          label={translate(`${RULES}.closes_hours`)}
          value={typed}
          disabled={!open}
          onChange={(event) => {
            setTyped(event.target.value);
            setHoursError(null);
          }}
          error={hoursError !== null}
          helperText={hoursError ?? translate(`${RULES}.closes_hours_help`)}
          fullWidth
          slotProps={{ htmlInput: { min: 0, max: 720, step: 1, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={isPending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton type="submit" variant="contained" disabled={isPending}>
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </form>
  );
}
