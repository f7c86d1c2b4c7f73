import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { importRenewalCodes } from '../api/preemption';
import { SheetPicker, type ChosenSheet } from '../fields/SheetPicker';
import { SHRINKABLE } from '../layout/grid';
import { PAGE_PATHS } from '../layout/paths';
import { CodeTableReport } from './CodeTableReport';
import { codesImportFailureKey } from './types';
import type { RenewalCodesReport } from '../../../api-types';

const PAGE = 'pages.renewal_codes_import';
const CODES = 'resources.renewal-codes';

/**
 * The code table's import, at /admin/preemption/renewal_codes/import: staff upload the sheet of
 * renewal codes and seats (two columns: the code, the seat written area-block-row-number); the
 * report says what was written, each code listed with two seats (not written) and each row
 * refused. Importing again replaces a code's seat.
 */
export function RenewalCodesImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState<ChosenSheet | null>(null);
  const [report, setReport] = useState<RenewalCodesReport | null>(null);

  const importing = useMutation({
    mutationFn: (chosen: ChosenSheet) => importRenewalCodes({ file_name: chosen.name, file_base64: chosen.base64 }),
    onSuccess: (result) => {
      setReport(result);
      notify(`${CODES}.notifications.imported`, { type: 'success', messageArgs: { smart_count: result.written } });
      void queryClient.invalidateQueries({ queryKey: ['renewal-codes'] });
    },
    onError: (error) => notify(codesImportFailureKey(error), { type: 'error' }),
  });

  const choose = (chosen: ChosenSheet) => {
    setSheet(chosen);
    setReport(null);
  };

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
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <SheetPicker sheet={sheet} onChange={choose} disabled={importing.isPending} testId="codes-sheet-input" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
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
              {translate(`${PAGE}.import`)}
            </Button>
            <Link to={`${basename}${PAGE_PATHS.renewalCodes}`}>{translate(`${PAGE}.see_table`)}</Link>
          </Box>
        </CardContent>
      </Card>
      {report !== null && (
        <Card component="section" aria-labelledby="codes-report-title">
          <CardContent sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" id="codes-report-title">
              {translate(`${PAGE}.report_title`, { file: sheet?.name ?? '' })}
            </Typography>
            <CodeTableReport report={report} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
