import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { HeadCells, Mono } from '../layout/Facts';
import { isCodeRejectionReason } from './types';
import type { RenewalCodesReport } from '../../../api-types';

const REPORT = 'resources.renewal-codes.report';

/** Row numbers as staff read them in the sheet: "3, 9". */
const rowList = (rows: readonly number[]) => rows.join(', ');

/**
 * What a code table's import did: how many codes were written; each code listed with two (or
 * more) seats, which was not written, with its seats and the sheet's rows; each row refused, with
 * its code, seat and reason in our words.
 */
export function CodeTableReport({ report }: { report: RenewalCodesReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const clean = report.duplicates.length === 0 && report.rejected.length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="codes-report">
      <Alert severity={clean ? 'success' : 'warning'} data-testid="codes-written" data-written={report.written}>
        {translate(`${REPORT}.written`, { smart_count: report.written, count: formatCount(report.written, locale) })}
        {clean ? '' : ` ${translate(`${REPORT}.not_all`)}`}
      </Alert>
      {report.duplicates.length > 0 && (
        <Box component="section" aria-labelledby="codes-duplicates-title" sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" id="codes-duplicates-title" sx={{ fontWeight: 600 }}>
            {translate(`${REPORT}.duplicates_title`, { smart_count: report.duplicates.length })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${REPORT}.duplicates_help`)}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="codes-duplicates-title">
              <HeadCells labels={[`${REPORT}.columns.code`, `${REPORT}.columns.seats`, `${REPORT}.columns.rows`]} />
              <TableBody>
                {report.duplicates.map((duplicate) => (
                  <TableRow key={duplicate.code} data-testid="codes-duplicate">
                    <TableCell>
                      <Mono>{duplicate.code}</Mono>
                    </TableCell>
                    <TableCell>
                      <Mono>{duplicate.seats.join(', ')}</Mono>
                    </TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{rowList(duplicate.rows)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
      {report.rejected.length > 0 && (
        <Box component="section" aria-labelledby="codes-rejected-title" sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" id="codes-rejected-title" sx={{ fontWeight: 600, mb: 1 }}>
            {translate(`${REPORT}.rejected_title`, { smart_count: report.rejected.length })}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="codes-rejected-title">
              <HeadCells
                labels={[`${REPORT}.columns.row`, `${REPORT}.columns.code`, `${REPORT}.columns.seat`, `${REPORT}.columns.reason`]}
              />
              <TableBody>
                {report.rejected.map((rejection) => (
                  <TableRow key={`${rejection.row_number}-${rejection.code}`} data-testid="codes-rejected-row">
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{rejection.row_number}</TableCell>
                    <TableCell>
                      <Mono>{rejection.code === '' ? '—' : rejection.code}</Mono>
                    </TableCell>
                    <TableCell>
                      <Mono>{rejection.seat === '' ? '—' : rejection.seat}</Mono>
                    </TableCell>
                    <TableCell data-reason={rejection.reason}>
                      {isCodeRejectionReason(rejection.reason)
                        ? translate(`${REPORT}.reasons.${rejection.reason}`)
                        : rejection.reason}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
}
