import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { CorporateStatusField } from './CorporateStatusChip';
import type { CorporateRequest } from '../../../api-types';

function Text({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2">
      {children}
    </Typography>
  );
}

/** The company, and under it its VAT number. */
export function CompanyField(props: FieldProps<CorporateRequest>) {
  const record = useRecordContext<CorporateRequest>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.vat_number} monospace>
      <Text>{record.company_name}</Text>
    </StackedCell>
  );
}

/** Whom to talk to, and under it their phone. */
export function ContactField(props: FieldProps<CorporateRequest>) {
  const record = useRecordContext<CorporateRequest>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.phone}>
      <Text>{record.contact_name}</Text>
    </StackedCell>
  );
}

/**
 * The status chip, and under it, once decided, by whom (a staff member's e-mail) and when, in
 * Italian time.
 */
export function StatusDecisionField(props: FieldProps<CorporateRequest>) {
  const record = useRecordContext<CorporateRequest>(props);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const decided =
    !record.decided_by || !record.decided_at
      ? undefined
      : translate('resources.corporate-requests.decided', {
          by: record.decided_by,
          at: formatRomeDateTime(record.decided_at, locale),
        });
  return (
    <StackedCell secondary={decided}>
      <CorporateStatusField source="status" record={record} />
    </StackedCell>
  );
}
