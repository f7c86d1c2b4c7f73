import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { StackedCell } from '../fields/StackedCell';
import { IssueProgressField } from './IssueProgressField';
import type { OrderRow } from '../../../api-types';

/** The buyer's e-mail, and under it the record's `under` field (the match, the season ticket). */
export function BuyerField({ under, ...props }: FieldProps<RaRecord> & { under: string }) {
  const record = useRecordContext<RaRecord>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={String(record[under] ?? '')}>
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.buyer_email ?? '')}
      </Typography>
    </StackedCell>
  );
}

/** The buyer's e-mail, and under it the match. */
export function BuyerMatchField(props: FieldProps<OrderRow>) {
  return <BuyerField {...props} under="fixture_title" />;
}

/** The order's total, and under it how many of its tickets were issued ("1 / 2"). */
export function TotalIssuedField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell align="right" secondary={<IssueProgressField source="issued_lines" />}>
      <PriceField source="total_cents" />
    </StackedCell>
  );
}

/** When issuing gave up, and under it after how many attempts (a match's or a season's order). */
export function FailedAtField(props: FieldProps<RaRecord & { attempts: number }>) {
  const record = useRecordContext<RaRecord & { attempts: number }>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={translate('resources.failed-issues.attempts', { smart_count: record.attempts })}>
      <RomeDateTimeField source="failed_at" />
    </StackedCell>
  );
}
