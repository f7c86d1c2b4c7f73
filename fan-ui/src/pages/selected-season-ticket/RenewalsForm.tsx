import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApiError } from '../../api/client';
import type { FieldCodes } from '../../api/fieldCodes';
import { useForgetEndedSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { formatCents } from '../../fixtures/format';
import type { BoundField } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { localToday } from '../../orders/holderRules';
import { isAdmissionRequired } from '../../queue/useAdmissionRequired';
import { seasonCheckPath, useRenewSeasons } from '../../seasons/orders';
import {
  RENEWAL_FIELDS,
  RENEWALS_MAX,
  duplicateRights,
  normalisedRenewal,
  outcomeError,
  renewalErrorText,
  renewalFieldCodes,
  renewalFieldText,
  renewalOutcomeText,
  renewalProblems,
  type RenewalField,
} from '../../seasons/renewal';
import { RenewalFields } from './RenewalFields';
import { isBlank, newRow, pendingCount, rowInputId, type RenewalRow } from './renewalRows';
import type { SeasonOrder } from '../../../../api-types';

interface RenewalsFormProps {
  seasonId: number;
  /** The list's rows, kept by the page while the fan switches to the single form and back. */
  rows: RenewalRow[];
  setRows: Dispatch<SetStateAction<RenewalRow[]>>;
  /** Back to renewing one season ticket. */
  onOne: () => void;
}

/**
 * "Rinnova più abbonamenti insieme": up to ten renewals (a family's), each a right and its holder,
 * sent at once (`POST /api/season-tickets/{id}/renewals`). Each is made or refused on its own:
 * a row renewed shows it (and is not sent again), a row refused says why under its fields (a
 * detail that does not match the record marked on its field), and the orders made are listed to
 * check and pay, one by one.
 */
export function RenewalsForm({ seasonId, rows, setRows, onOne }: RenewalsFormProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const renew = useRenewSeasons(seasonId);
  const [summary, setSummary] = useState<{ made: number; sent: number } | null>(null);
  const [nothingToSend, setNothingToSend] = useState(false);
  const pending = pendingCount(rows);

  const focus = (index: number, codes: FieldCodes<RenewalField>) => {
    const field = RENEWAL_FIELDS.find((name) => codes[name] !== undefined);
    if (index >= 0 && field !== undefined) {
      document.getElementById(rowInputId(index, field))?.focus();
    }
  };

  /** A field changed: its value, and its problem gone. */
  const change = (key: number, field: RenewalField, value: string) =>
    setRows((current) =>
      current.map((row) => {
        if (row.key !== key) {
          return row;
        }
        const codes = { ...row.codes };
        delete codes[field];
        return { ...row, values: { ...row.values, [field]: value }, codes };
      }),
    );

  const add = () => {
    flushSync(() => setRows((current) => [...current, newRow()]));
    document.getElementById(rowInputId(rows.length, 'right'))?.focus();
  };

  const remove = (key: number) =>
    setRows((current) => {
      const left = current.filter((row) => row.key !== key);
      return pendingCount(left) === 0 ? [...left, newRow()] : left;
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNothingToSend(false);
    const open = rows.filter((row) => row.order === null);
    // Rows left blank are not sent; with every row blank, the first says what it needs.
    const typed = open.filter((row) => !isBlank(row.values));
    const sending = typed.length > 0 ? typed : open.slice(0, 1);
    if (sending.length === 0) {
      setNothingToSend(true);
      return;
    }
    const requests = sending.map((row) => normalisedRenewal(row.values));
    const renewed = rows.filter((row) => row.order !== null).map((row) => normalisedRenewal(row.values));
    const repeated = duplicateRights([...renewed, ...requests]).slice(renewed.length);
    const today = localToday();
    const problems = new Map(
      sending.map((row, index): [number, FieldCodes<RenewalField>] => {
        const codes = renewalProblems(requests[index] ?? row.values, today);
        if (repeated[index] === true && codes.right === undefined) {
          codes.right = 'duplicate';
        }
        return [row.key, codes];
      }),
    );
    const first = rows.findIndex((row) => Object.keys(problems.get(row.key) ?? {}).length > 0);
    if (first >= 0) {
      setRows((current) => current.map((row) => ({ ...row, codes: problems.get(row.key) ?? row.codes })));
      focus(first, problems.get(rows[first]?.key ?? -1) ?? {});
      return;
    }
    renew.mutate(requests, {
      onSuccess: (result) => {
        const outcomes = new Map(sending.map((row, index) => [row.key, result.items[index]]));
        const apply = (row: RenewalRow): RenewalRow => {
          const outcome = outcomes.get(row.key);
          if (outcome === undefined) {
            return row;
          }
          const error = outcomeError(outcome);
          if (error === null && outcome.order !== null && outcome.order !== undefined) {
            return { ...row, order: outcome.order, refusal: null, codes: {} };
          }
          return { ...row, refusal: error, codes: renewalFieldCodes(error) };
        };
        // Whatever was typed meanwhile is kept (rows are neither added nor removed while sending).
        flushSync(() => setRows((current) => current.map(apply)));
        const made = result.items.filter((item) => item.order !== null && item.order !== undefined).length;
        setSummary({ made, sent: requests.length });
        // The first detail to correct, when a refusal names one.
        const applied = rows.map(apply);
        const index = applied.findIndex((row) => row.order === null && Object.keys(row.codes).length > 0);
        focus(index, applied[index]?.codes ?? {});
      },
      onError: (error) => {
        setSummary(null);
        forgetEndedSession(error);
      },
    });
  };

  const bindRow =
    (row: RenewalRow) =>
    (field: RenewalField, hint?: string): BoundField => {
      const code = row.codes[field];
      const message = code === undefined ? undefined : renewalFieldText(ts, field, code);
      return {
        name: field,
        value: row.values[field],
        onChange: (event) => change(row.key, field, event.target.value),
        error: message !== undefined,
        helperText: message ?? hint,
      };
    };

  const failure = renew.isError
    ? // Refused for want of the waiting room's admission: the fan is on the way to the queue.
      isAdmissionRequired(renew.error)
      ? null
      : renewalErrorText(t, ts, renew.error)
    : nothingToSend
      ? ts('renewals.nothingToSend')
      : null;

  return (
    <>
      <FormCard
        title={ts('renewals.title')}
        onSubmit={onSubmit}
        submitLabel={ts('renewals.submit')}
        pending={renew.isPending}
        failure={failure}
        testId="renewals-form"
        submitTestId="renewals-submit"
      >
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {ts('renewals.intro')}
        </Typography>
        <Button variant="outlined" onClick={onOne} data-testid="renewal-mode-one" sx={{ justifySelf: 'start' }}>
          {ts('renewal.modeOne')}
        </Button>
        {rows.map((row, index) => (
          <Box
            component="fieldset"
            key={row.key}
            data-testid="renewals-row"
            sx={{ m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 2 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {ts('renewals.row', { number: index + 1 })}
            </Typography>
            {row.order !== null ? (
              <>
                <Typography variant="body1">
                  {`${row.values.first_name.trim()} ${row.values.last_name.trim()} · ${row.values.right.trim()}`}
                </Typography>
                <Alert severity="success" data-testid="renewals-outcome">
                  {ts('renewals.renewed')}
                </Alert>
              </>
            ) : (
              <>
                <RenewalFields bind={bindRow(row)} idOf={(field) => rowInputId(index, field)} />
                {row.refusal !== null && saidApart(row.refusal) && (
                  <Alert severity="error" data-testid="renewals-outcome">
                    {renewalOutcomeText(t, ts, row.refusal)}
                  </Alert>
                )}
                {pending > 1 && (
                  <Button
                    color="inherit"
                    onClick={() => remove(row.key)}
                    disabled={renew.isPending}
                    aria-label={ts('renewals.removeLabel', { number: index + 1 })}
                    data-testid="renewals-remove"
                    sx={{ justifySelf: 'end' }}
                  >
                    {ts('renewals.remove')}
                  </Button>
                )}
              </>
            )}
          </Box>
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button
            variant="outlined"
            onClick={add}
            disabled={pending >= RENEWALS_MAX || renew.isPending}
            data-testid="renewals-add"
          >
            {ts('renewals.add')}
          </Button>
          {pending >= RENEWALS_MAX && (
            <Typography variant="body2" color="text.secondary">
              {ts('renewals.max')}
            </Typography>
          )}
        </Box>
        <Typography
          role="status"
          variant="body1"
          data-testid="renewals-summary"
          // Empty, out of the grid (no gap), yet there for the screen reader to hear it change.
          sx={{ fontWeight: 600, '&:empty': { position: 'absolute' } }}
        >
          {summary === null ? '' : ts('renewals.summary', summary)}
        </Typography>
      </FormCard>
      <RenewalOrders orders={rows.filter((row) => row.order !== null)} />
    </>
  );
}

/** The renewals made: each a pending order, to check and pay on its own page. */
function RenewalOrders({ orders }: { orders: RenewalRow[] }) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const language = useUiLanguage();
  const titleId = useId();
  if (orders.length === 0) {
    return null;
  }
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="renewals-orders">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {ts('renewals.ordersTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {ts('renewals.ordersIntro')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {orders.map(({ key, values, order }) => {
            if (order === null) {
              return null;
            }
            const name = holderName(order, `${values.first_name.trim()} ${values.last_name.trim()}`);
            const seats = order.lines.map((line) =>
              ts('wallet.seat', { sector: line.sector_name, block: line.block_code, row: line.row, number: line.number }),
            );
            return (
              <Box
                component="li"
                key={key}
                data-testid="renewals-order"
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[...seats, formatCents(order.total_cents, language)].join(' · ')}
                  </Typography>
                </Box>
                <Button
                  component={RouterLink}
                  to={seasonCheckPath(order.id)}
                  variant="contained"
                  aria-label={ts('renewals.payLabel', { name })}
                  data-testid="renewals-order-link"
                >
                  {ts('renewals.pay')}
                </Button>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Whether a row's refusal is said under its fields: an unknown right or a 422's field errors are
 * said on their fields only; a holder mismatch is said on its field and, naming it, under them.
 */
function saidApart(refusal: ApiError): boolean {
  return refusal.code === 'holder_mismatch' || Object.keys(renewalFieldCodes(refusal)).length === 0;
}

/** The holder the renewal named (the club's record), or the names the fan typed. */
function holderName(order: SeasonOrder, typed: string): string {
  const holder = order.lines[0]?.holder;
  return holder === null || holder === undefined ? typed : `${holder.first_name} ${holder.last_name}`;
}
