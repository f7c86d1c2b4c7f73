import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../fields/money';
import { OkChip } from '../fields/OkChip';
import { PAYMENT_KINDS, type PaymentKind } from './types';
import type { PaymentReportRow } from '../../../api-types';

const REPORT = 'resources.payment-report';

interface Sums {
  count: number;
  total: number;
  providerCount: number;
  providerTotal: number;
}

function sumsOf(rows: readonly PaymentReportRow[], kind: PaymentKind): Sums {
  return rows
    .filter((row) => row.kind === kind)
    .reduce<Sums>(
      (sums, row) => ({
        count: sums.count + row.count,
        total: sums.total + row.total_cents,
        providerCount: sums.providerCount + row.provider_count,
        providerTotal: sums.providerTotal + row.provider_total_cents,
      }),
      { count: 0, total: 0, providerCount: 0, providerTotal: 0 },
    );
}

/**
 * The range's totals above its days: for payments taken and for refunds, the sum of our totals
 * and of Stripe's (with how many), whether they agree, and how many days do not match.
 */
export function PaymentReportTotals() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useListContext<PaymentReportRow>();
  if (data === undefined || data.length === 0) {
    return null;
  }
  const unmatched = data.filter((row) => !row.matched).length;
  const amount = (cents: number, count: number) => (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatEuros(cents, locale)}
      </Typography>{' '}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        ({translate(`${REPORT}.count`, { smart_count: count })})
      </Typography>
    </>
  );
  return (
    <Box component="section" aria-labelledby="payment-report-totals" sx={{ px: 2, pt: 1.5, pb: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" id="payment-report-totals" sx={{ fontWeight: 600 }}>
          {translate(`${REPORT}.totals.title`)}
        </Typography>
        <OkChip
          ok={unmatched === 0}
          problem="warning"
          label={
            unmatched === 0
              ? translate(`${REPORT}.totals.all_matched`)
              : translate(`${REPORT}.totals.unmatched_rows`, { smart_count: unmatched })
          }
        />
      </Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ width: 'auto', minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${REPORT}.fields.kind`)}</TableCell>
              <TableCell align="right">{translate(`${REPORT}.fields.total_cents`)}</TableCell>
              <TableCell align="right">{translate(`${REPORT}.fields.provider_total_cents`)}</TableCell>
              <TableCell>{translate(`${REPORT}.fields.matched`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {PAYMENT_KINDS.map((kind) => {
              const sums = sumsOf(data, kind);
              const same = sums.count === sums.providerCount && sums.total === sums.providerTotal;
              return (
                <TableRow key={kind} data-testid={`totals-${kind}`}>
                  <TableCell>{translate(`${REPORT}.kinds.${kind}`)}</TableCell>
                  <TableCell align="right">{amount(sums.total, sums.count)}</TableCell>
                  <TableCell align="right">{amount(sums.providerTotal, sums.providerCount)}</TableCell>
                  <TableCell>
                    <OkChip
                      ok={same}
                      problem="warning"
                      label={translate(same ? `${REPORT}.totals.same` : `${REPORT}.totals.different`, {
                        difference: formatEuros(Math.abs(sums.total - sums.providerTotal), locale),
                      })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
