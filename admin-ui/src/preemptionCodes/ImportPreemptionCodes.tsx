import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { importPreemptionCodes } from '../api/preemption';
import { formatCount } from '../fields/numbers';
import { SheetPicker, type ChosenSheet } from '../fields/SheetPicker';
import { HeadCells } from '../layout/Facts';
import type { PhaseTarget } from '../phases/types';
import { CODES, codeTarget, importFailureKey, isCodeRefusal } from './types';
import type { PreemptionCodesReport } from '../../../api-types';

const REPORT = `${CODES}.report`;

/** What a sheet's import did: how many rights were added, and each row refused with its reason in our words. */
export function PreemptionCodesReportView({ report }: { report: PreemptionCodesReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const clean = report.rejected.length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="preemption-codes-report">
      <Alert severity={clean ? 'success' : 'warning'} data-testid="preemption-codes-added" data-added={report.added}>
        {translate(`${REPORT}.added`, { smart_count: report.added, count: formatCount(report.added, locale) })}
        {clean ? '' : ` ${translate(`${REPORT}.not_all`)}`}
      </Alert>
      {!clean && (
        <Box component="section" aria-labelledby="preemption-codes-rejected-title" sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h4" id="preemption-codes-rejected-title" sx={{ mb: 0.5 }}>
            {translate(`${REPORT}.rejected_title`, { smart_count: report.rejected.length })}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="preemption-codes-rejected-title">
              <HeadCells labels={[`${REPORT}.columns.row`, `${REPORT}.columns.reason`]} />
              <TableBody>
                {report.rejected.map((rejection) => (
                  <TableRow key={rejection.row} data-testid="preemption-codes-rejected-row">
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums', width: 80 }}>{rejection.row}</TableCell>
                    <TableCell data-reason={rejection.reason}>
                      {isCodeRefusal(rejection.reason) ? translate(`${REPORT}.reasons.${rejection.reason}`) : rejection.reason}
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

/**
 * "Importa il foglio": a sheet of rights (two columns, the card or seal and its sectors) added to
 * the target's list (`POST /api/admin/preemption-codes/import`), then its report.
 */
export function ImportPreemptionCodes({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState<ChosenSheet | null>(null);
  const [report, setReport] = useState<PreemptionCodesReport | null>(null);

  const importing = useMutation({
    mutationFn: (chosen: ChosenSheet) =>
      importPreemptionCodes({ ...codeTarget(target), file_name: chosen.name, file_base64: chosen.base64 }),
    onSuccess: (result) => {
      setReport(result);
      void queryClient.invalidateQueries({ queryKey: ['preemption-codes'] });
    },
    onError: (error) => notify(importFailureKey(error), { type: 'error' }),
  });

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
        {translate(`${CODES}.import.help`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SheetPicker
          sheet={sheet}
          onChange={(chosen) => {
            setSheet(chosen);
            setReport(null);
          }}
          disabled={importing.isPending}
          testId="preemption-codes-sheet-input"
        />
        <Button
          variant="contained"
          startIcon={<CloudUploadOutlinedIcon />}
          disabled={sheet === null || importing.isPending}
          onClick={() => {
            if (sheet !== null) {
              importing.mutate(sheet);
            }
          }}
        >
          {translate(`${CODES}.import.submit`)}
        </Button>
      </Box>
      {report !== null && (
        <Box component="section" aria-labelledby="preemption-codes-report-title" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h4" id="preemption-codes-report-title" sx={{ fontWeight: 600 }}>
            {translate(`${CODES}.import.report_title`, { file: sheet?.name ?? '' })}
          </Typography>
          <PreemptionCodesReportView report={report} />
        </Box>
      )}
    </Box>
  );
}
