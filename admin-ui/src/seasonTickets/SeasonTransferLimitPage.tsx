import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type MouseEvent } from 'react';
import {
  DataTable,
  Link,
  List,
  ResourceContextProvider,
  Title,
  useCreatePath,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  type FieldProps,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { SHRINKABLE } from '../layout/grid';
import { MAX_TRANSFER_LIMIT, parseTransferLimit, transferLimitRefusal } from './transferLimit';
import type { SeasonTicket } from '../../../api-types';

const PAGE = 'pages.season_transfer_limit';

function NoSeasonTicket() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${PAGE}.empty`)}
    </Typography>
  );
}

/** The season ticket's name, as a link to its page (the row itself does not open it: it edits). */
function SeasonNameField(props: FieldProps<SeasonTicket>) {
  const season = useRecordContext<SeasonTicket>(props);
  const createPath = useCreatePath();
  if (season === undefined) {
    return null;
  }
  return (
    <Link
      to={createPath({ resource: 'season-tickets', type: 'show', id: season.id })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {season.name}
    </Link>
  );
}

/**
 * The transfer limit of the season ticket in the record context, editable in place. A fresh form
 * whenever the saved limit changes (the API's answer becomes the list's record).
 */
function TransferLimitField(props: FieldProps<SeasonTicket>) {
  const season = useRecordContext<SeasonTicket>(props);
  if (season === undefined) {
    return null;
  }
  return <TransferLimitForm key={`${season.id}:${season.transfer_limit}`} season={season} />;
}

/**
 * `PUT /api/admin/season-tickets/{id}` `{transfer_limit}` (its sale status left as it is): a
 * whole number from 0 to 100, checked before sending; the API's refusal (422, `errors.transfer_limit`)
 * shows under the field in its own words, any other failure as a notification.
 */
function TransferLimitForm({ season }: { season: SeasonTicket }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [typed, setTyped] = useState(String(season.transfer_limit));
  const [error, setError] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate<SeasonTicket>();
  const unchanged = typed.trim() === String(season.transfer_limit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limit = parseTransferLimit(typed);
    if (limit === undefined) {
      setError(translate(`${PAGE}.invalid`));
      return;
    }
    setError(null);
    void update(
      'season-tickets',
      { id: season.id, data: { transfer_limit: limit }, previousData: season },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          setTyped(String(saved.transfer_limit));
          notify(`${PAGE}.saved`, {
            type: 'success',
            messageArgs: { name: saved.name, smart_count: saved.transfer_limit },
          });
        },
        onError: (failure) => {
          const refusal = transferLimitRefusal(failure);
          if (refusal !== undefined) {
            setError(translate(`${PAGE}.refused`, { message: refusal }));
            return;
          }
          const status = (failure as { status?: unknown } | null)?.status;
          notify(
            status === 404 ? 'resources.season-tickets.errors.not_found' : apiErrorMessageKey(failure, `${PAGE}.failed`),
            { type: 'error' },
          );
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
      data-testid="transfer-limit-form"
    >
      <TextField
        type="number"
        size="small"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
        disabled={isPending}
        sx={{ width: error === null ? 110 : 260 }}
        slotProps={{
          htmlInput: {
            min: 0,
            max: MAX_TRANSFER_LIMIT,
            step: 1,
            inputMode: 'numeric',
            'aria-label': translate(`${PAGE}.input`, { name: season.name }),
          },
        }}
      />
      <MuiButton type="submit" size="small" variant="outlined" startIcon={<SaveIcon />} disabled={unchanged || isPending} sx={{ mt: 0.5 }}>
        {translate('ra.action.save')}
      </MuiButton>
    </Box>
  );
}

/**
 * The season transfer limit, at /admin/tickets/season_transfer_limit (the spec's page): for each
 * season ticket, with its name, label and matches, how many of its matches a holder may pass on
 * to someone else (a change of holder for one match; 0: none), edited in place, one row at a
 * time. The soonest season ticket first (the API's one order: no column sorts).
 */
export function SeasonTransferLimitPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <ResourceContextProvider value="season-tickets">
          <List<SeasonTicket>
            title={false}
            perPage={25}
            exporter={false}
            actions={false}
            empty={false}
            sx={{ '& .RaList-main': { minWidth: 0 } }}
          >
            <DataTable<SeasonTicket> rowClick={false} bulkActionButtons={false} empty={<NoSeasonTicket />}>
              <DataTable.Col source="name" disableSort field={SeasonNameField} />
              <DataTable.Col source="label" disableSort />
              <DataTable.Col source="matches" align="right" disableSort />
              <DataTable.Col source="transfer_limit" disableSort field={TransferLimitField} />
            </DataTable>
          </List>
        </ResourceContextProvider>
      </Box>
    </Box>
  );
}
