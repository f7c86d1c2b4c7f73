import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type FormEvent, type MouseEvent } from 'react';
import {
  DataTable,
  Link,
  List,
  RecordContextProvider,
  ResourceContextProvider,
  Title,
  useCreatePath,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  type FieldProps,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { centsToEuroText, formatEuros } from '../fields/money';
import { SHRINKABLE } from '../layout/grid';
import {
  MAX_TRANSFER_LIMIT,
  parseResaleFee,
  parseTransferLimit,
  settingRefusal,
  type SeasonSetting,
} from './transferLimit';
import type { SeasonTicket } from '../../../api-types';

const PAGE = 'pages.season_transfer_limit';
const FEE = `${PAGE}.fee`;

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

/** How each setting of a season ticket is typed, checked, sent and said. */
interface SettingSpec {
  /** Its words: the input's name, its label, why a typed value is refused, the save button... */
  keys: { input: string; label: string; invalid: string; refused: string; saved: string; failed: string; save: string };
  /** The saved value, as the input's text. */
  text: (season: SeasonTicket, locale: string) => string;
  /** The typed text as the value the API takes, or `undefined` (nothing is sent). */
  parse: (typed: string) => number | undefined;
  /** The arguments of the "saved" notification. */
  savedArgs: (saved: SeasonTicket, locale: string) => Record<string, unknown>;
  /** The input's width in a table's cell, without and with a message under it. */
  width: [number, number];
  type: 'number' | 'text';
  htmlInput: Record<string, unknown>;
  /** Before the typed value (the euro sign). */
  prefix?: string;
}

const SETTINGS: Record<SeasonSetting, SettingSpec> = {
  // A whole number of matches from 0 to 100 (0: none).
  transfer_limit: {
    keys: {
      input: `${PAGE}.input`,
      label: `${PAGE}.limit_label`,
      invalid: `${PAGE}.invalid`,
      refused: `${PAGE}.refused`,
      saved: `${PAGE}.saved`,
      failed: `${PAGE}.failed`,
      save: `${PAGE}.save_limit`,
    },
    text: (season) => String(season.transfer_limit),
    parse: parseTransferLimit,
    savedArgs: (saved) => ({ name: saved.name, smart_count: saved.transfer_limit }),
    width: [110, 260],
    type: 'number',
    htmlInput: { min: 0, max: MAX_TRANSFER_LIMIT, step: 1, inputMode: 'numeric' },
  },
  // Euros, typed as staff write them ("2,50"), sent as cents: from 0 to 1000 €.
  resale_fee_cents: {
    keys: {
      input: `${FEE}.input`,
      label: `${FEE}.label`,
      invalid: `${FEE}.invalid`,
      refused: `${FEE}.refused`,
      saved: `${FEE}.saved`,
      failed: `${FEE}.failed`,
      save: `${FEE}.save`,
    },
    text: (season, locale) => centsToEuroText(season.resale_fee_cents, locale),
    parse: parseResaleFee,
    savedArgs: (saved, locale) => ({ name: saved.name, amount: formatEuros(saved.resale_fee_cents, locale) }),
    width: [140, 300],
    type: 'text',
    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
    prefix: '€',
  },
};

interface SettingFormProps {
  season: SeasonTicket;
  setting: SeasonSetting;
  /** On a phone's card: the input's name shows above it, and it takes the card's width. */
  stacked?: boolean;
}

/**
 * One setting of a season ticket, edited in place: `PUT /api/admin/season-tickets/{id}` with that
 * field alone (`{transfer_limit}` or `{resale_fee_cents}`; its sale status and the other setting
 * left as they are), checked before sending; the API's refusal (422, `errors.{field}`) shows
 * under the input in its own words, any other failure as a notification. The API's answer
 * becomes the list's record.
 */
function SettingForm({ season, setting, stacked = false }: SettingFormProps) {
  const spec = SETTINGS[setting];
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [typed, setTyped] = useState(() => spec.text(season, locale));
  const [error, setError] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate<SeasonTicket>();
  const unchanged = spec.parse(typed) === season[setting];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = spec.parse(typed);
    if (value === undefined) {
      setError(translate(spec.keys.invalid));
      return;
    }
    setError(null);
    void update(
      'season-tickets',
      { id: season.id, data: { [setting]: value }, previousData: season },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          setTyped(spec.text(saved, locale));
          notify(spec.keys.saved, { type: 'success', messageArgs: spec.savedArgs(saved, locale) });
        },
        onError: (failure) => {
          const refusal = settingRefusal(failure, setting);
          if (refusal !== undefined) {
            setError(translate(spec.keys.refused, { message: refusal }));
            return;
          }
          const status = (failure as { status?: unknown } | null)?.status;
          notify(
            status === 404 ? 'resources.season-tickets.errors.not_found' : apiErrorMessageKey(failure, spec.keys.failed),
            { type: 'error' },
          );
        },
      },
    );
  };

  const [width, widthWithMessage] = spec.width;
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
      data-testid={setting === 'transfer_limit' ? 'transfer-limit-form' : 'resale-fee-form'}
    >
      <TextField
        type={spec.type}
        size="small"
        label={stacked ? translate(spec.keys.label) : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
        disabled={isPending}
        sx={stacked ? { flex: 1, minWidth: 0 } : { width: error === null ? width : widthWithMessage }}
        slotProps={{
          htmlInput: { ...spec.htmlInput, 'aria-label': translate(spec.keys.input, { name: season.name }) },
          input:
            spec.prefix === undefined
              ? undefined
              : { startAdornment: <InputAdornment position="start">{spec.prefix}</InputAdornment> },
        }}
      />
      <MuiButton
        type="submit"
        size="small"
        variant="outlined"
        startIcon={<SaveIcon />}
        disabled={unchanged || isPending}
        aria-label={translate(spec.keys.save, { name: season.name })}
        sx={{ mt: 0.5, flexShrink: 0 }}
      >
        {translate('ra.action.save')}
      </MuiButton>
    </Box>
  );
}

/**
 * A setting of the season ticket in the record context, editable in place. A fresh form whenever
 * the saved value (or the language, for an amount's decimal separator) changes.
 */
function SettingField({ setting, ...props }: FieldProps<SeasonTicket> & { setting: SeasonSetting }) {
  const season = useRecordContext<SeasonTicket>(props);
  const [locale] = useLocaleState();
  if (season === undefined) {
    return null;
  }
  return <SettingForm key={`${season.id}:${season[setting]}:${locale}`} season={season} setting={setting} />;
}

function TransferLimitField(props: FieldProps<SeasonTicket>) {
  return <SettingField {...props} setting="transfer_limit" />;
}

function ResaleFeeField(props: FieldProps<SeasonTicket>) {
  return <SettingField {...props} setting="resale_fee_cents" />;
}

/** On a desktop: one row per season ticket, its settings in their columns. */
function SeasonTable() {
  return (
    <DataTable<SeasonTicket> rowClick={false} bulkActionButtons={false} empty={<NoSeasonTicket />}>
      <DataTable.Col source="name" disableSort field={SeasonNameField} />
      <DataTable.Col source="label" disableSort />
      <DataTable.Col source="matches" align="right" disableSort />
      <DataTable.Col source="transfer_limit" disableSort field={TransferLimitField} />
      <DataTable.Col source="resale_fee_cents" label={`${FEE}.column`} disableSort field={ResaleFeeField} />
    </DataTable>
  );
}

/**
 * On a phone: one card per season ticket, its name, label and matches over its two settings, each
 * as wide as the card, with its name above and its save button beside it: nothing to scroll
 * sideways to.
 */
function SeasonCards() {
  const { data, isPending } = useListContext<SeasonTicket>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (isPending) {
    return null;
  }
  if (data === undefined || data.length === 0) {
    return <NoSeasonTicket />;
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((season) => (
        <RecordContextProvider key={season.id} value={season}>
          <Card component="li" variant="outlined" data-testid="season-setting-card">
            <CardContent sx={{ display: 'grid', gap: 2, '&:last-child': { pb: 2 } }}>
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <SeasonNameField source="name" />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`${PAGE}.card_facts`, { label: season.label, smart_count: season.matches })}
                </Typography>
              </Box>
              <SettingForm
                key={`limit:${season.id}:${season.transfer_limit}`}
                season={season}
                setting="transfer_limit"
                stacked
              />
              <SettingForm
                key={`fee:${season.id}:${season.resale_fee_cents}:${locale}`}
                season={season}
                setting="resale_fee_cents"
                stacked
              />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

/**
 * The season transfer limit, at /admin/tickets/season_transfer_limit (the spec's page): for each
 * season ticket, with its name, label and matches, how many of its matches a holder may pass on
 * to someone else (a change of holder for one match; 0: none), and the fee the club keeps from
 * each match seat its holders resell at face value (in euros), each edited in place, one at a
 * time. The soonest season ticket first (the API's one order: no column sorts). A table on a
 * desktop; on a phone, a card per season ticket.
 */
export function SeasonTransferLimitPage() {
  const translate = useTranslate();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
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
            component={isSmall ? 'div' : undefined}
            sx={{ '& .RaList-main': { minWidth: 0 } }}
          >
            {isSmall ? <SeasonCards /> : <SeasonTable />}
          </List>
        </ResourceContextProvider>
      </Box>
    </Box>
  );
}
