import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatEuros } from '../fields/money';
import { OkChip } from '../fields/OkChip';
import { formatCalendarDate } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { isPaymentKind } from './types';
import type { PaymentReportRow } from '../../../api-types';

const REPORT = 'resources.payment-report';

/** The day in Italy, day first with the year in full: 24/11/2026. */
export function DayField(props: FieldProps<PaymentReportRow>) {
  const record = useRecordContext<PaymentReportRow>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      <time dateTime={record.day}>{formatCalendarDate(record.day, locale)}</time>
    </Typography>
  );
}

/** Payments taken or refunds made, in our words. */
export function KindField(props: FieldProps<PaymentReportRow>) {
  const record = useRecordContext<PaymentReportRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" data-kind={record.kind}>
      {isPaymentKind(record.kind) ? translate(`${REPORT}.kinds.${record.kind}`) : record.kind}
    </Typography>
  );
}

/**
 * One side's total in euros and, under it, how many payments or refunds make it; in amber and
 * bold where the two sides disagree on it.
 */
export function SideField({ side, ...props }: FieldProps<PaymentReportRow> & { side: 'here' | 'there' }) {
  const record = useRecordContext<PaymentReportRow>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const [count, total] =
    side === 'here' ? [record.count, record.total_cents] : [record.provider_count, record.provider_total_cents];
  const differs = (same: boolean) => (same ? undefined : { color: 'warning.dark', fontWeight: 700 });
  return (
    <StackedCell
      align="right"
      secondary={
        <Box component="span" sx={differs(record.count === record.provider_count)}>
          {translate(`${REPORT}.count`, { smart_count: count })}
        </Box>
      }
    >
      <Typography
        component="span"
        variant="body2"
        data-testid={`${side}-total`}
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...differs(record.total_cents === record.provider_total_cents) }}
      >
        {formatEuros(total, locale)}
      </Typography>
    </StackedCell>
  );
}

/** Whether both sides agree on the day, with its icon: green "Coincide", amber "Non coincide". */
export function MatchedField(props: FieldProps<PaymentReportRow>) {
  const record = useRecordContext<PaymentReportRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <OkChip ok={record.matched} problem="warning" label={translate(record.matched ? `${REPORT}.matched` : `${REPORT}.unmatched`)} />
  );
}

function IdList({ title, ids }: { title: string; ids: readonly string[] }) {
  if (ids.length === 0) {
    return null;
  }
  return (
    <Box>
      <Typography component="p" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {ids.map((id) => (
          <Typography component="li" variant="body2" key={id} sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
            {id}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * What one side has and the other lacks: for a day that does not match, how many ids on each
 * side, and a button that lists them (payment intents, refunds) to look up in Stripe.
 */
export function DifferencesField(props: FieldProps<PaymentReportRow>) {
  const record = useRecordContext<PaymentReportRow>(props);
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (record === undefined) {
    return null;
  }
  const here = record.only_here;
  const there = record.only_there;
  if (here.length === 0 && there.length === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {record.matched ? '—' : translate(`${REPORT}.amounts_differ`)}
      </Typography>
    );
  }
  const summary = [
    here.length > 0 ? translate(`${REPORT}.only_here_count`, { smart_count: here.length }) : null,
    there.length > 0 ? translate(`${REPORT}.only_there_count`, { smart_count: there.length }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 300 }}>
      <Typography component="span" variant="body2">
        {summary}
      </Typography>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
        sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
      >
        {translate(open ? `${REPORT}.hide_ids` : `${REPORT}.show_ids`)}
      </Button>
      {open && (
        <Box id={listId} sx={{ display: 'grid', gap: 0.75 }}>
          <IdList title={translate(`${REPORT}.only_here`)} ids={here} />
          <IdList title={translate(`${REPORT}.only_there`)} ids={there} />
        </Box>
      )}
    </Box>
  );
}
