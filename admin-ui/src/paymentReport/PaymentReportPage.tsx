import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  DataTable,
  HttpError,
  List,
  ResourceContextProvider,
  TextInput,
  Title,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DayField, DifferencesField, KindField, MatchedField, SideField } from './PaymentReportFields';
import { PaymentReportTotals } from './PaymentReportTotals';
import { defaultReportRange, REPORT_PAGE_SIZE } from './types';
import type { PaymentReportRow } from '../../../api-types';

const REPORT = 'resources.payment-report';
const PAGE = 'pages.payment_report';

/**
 * The range's first and last day, in Italy. Native date inputs, whose value is the API's
 * yyyy-mm-dd (react-admin's DateInput still hands MUI a label prop MUI no longer has).
 */
const filters = [
  <TextInput key="from" source="from" type="date" alwaysOn slotProps={{ inputLabel: { shrink: true } }} />,
  <TextInput key="to" source="to" type="date" alwaysOn slotProps={{ inputLabel: { shrink: true } }} />,
];

/**
 * Why the report could not be made, in our words, in place of the table: the dates (400
 * `invalid_query`: not a day, the first after the last, more than 93 days), Stripe not answering
 * (502 `provider_unavailable`), or anything else; with a button to ask again.
 */
function PaymentReportError() {
  const translate = useTranslate();
  const { error, refetch, isFetching } = useListContext<PaymentReportRow>();
  const status = error instanceof HttpError ? error.status : undefined;
  const code =
    error instanceof HttpError && error.body !== null && typeof error.body === 'object'
      ? (error.body as { code?: unknown }).code
      : undefined;
  const message =
    status === 400 || code === 'invalid_query'
      ? `${REPORT}.errors.invalid_range`
      : status === 502 || code === 'provider_unavailable'
        ? `${REPORT}.errors.provider_unavailable`
        : error instanceof HttpError && /^(app|resources)\./.test(error.message)
          ? error.message
          : `${REPORT}.errors.failed`;
  return (
    <Alert
      severity={status === 400 ? 'warning' : 'error'}
      sx={{ m: 2 }}
      action={
        status === 400 ? undefined : (
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} disabled={isFetching} onClick={() => void refetch()}>
            {translate(`${REPORT}.retry`)}
          </Button>
        )
      }
    >
      {translate(message)}
    </Alert>
  );
}

function NoPayments() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${REPORT}.empty`)}
    </Typography>
  );
}

/**
 * The payment report, at /admin/reports/stripe-report: card payments and refunds day by day in
 * Italy, ours against Stripe's, newest day first, for a range of days (the last 30 unless
 * chosen, at most 93). Each day says whether both agree; one that does not names the ids only
 * one side has. The range's totals sit above its days.
 */
export function PaymentReportPage() {
  const translate = useTranslate();
  // Fixed when the page opens, so the range does not move under the staff member at midnight.
  const [range] = useState(() => defaultReportRange());
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 1, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <ResourceContextProvider value="payment-report">
        <List<PaymentReportRow>
          title={false}
          filters={filters}
          filterDefaultValues={range}
          // Newest day first: the API's one order.
          sort={{ field: 'day', order: 'DESC' }}
          perPage={REPORT_PAGE_SIZE}
          pagination={false}
          exporter={false}
          actions={false}
          error={<PaymentReportError />}
          // The error is said in place of the table, not in a passing message too.
          queryOptions={{ onError: () => undefined }}
        >
          <PaymentReportTotals />
          {/*
            Six columns that fit a 1366 px desktop beside the menu: each side's count under its
            total, the ids only one side has behind a button.
          */}
          <DataTable<PaymentReportRow> rowClick={false} bulkActionButtons={false} empty={<NoPayments />}>
            <DataTable.Col source="day" disableSort field={DayField} />
            <DataTable.Col source="kind" disableSort field={KindField} />
            <DataTable.Col source="total_cents" align="right" disableSort>
              <SideField source="total_cents" side="here" />
            </DataTable.Col>
            <DataTable.Col source="provider_total_cents" align="right" disableSort>
              <SideField source="provider_total_cents" side="there" />
            </DataTable.Col>
            <DataTable.Col source="matched" disableSort field={MatchedField} />
            <DataTable.Col source="only_here" label={`${REPORT}.columns.differences`} disableSort field={DifferencesField} />
          </DataTable>
        </List>
      </ResourceContextProvider>
    </Box>
  );
}
