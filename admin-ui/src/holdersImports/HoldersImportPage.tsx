import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useNotify, useRedirect, useTranslate } from 'react-admin';
import { createHoldersImport } from '../api/preemption';
import { SheetPicker, type ChosenSheet } from '../fields/SheetPicker';
import { SHRINKABLE } from '../layout/grid';
import { HoldersImportList } from './HoldersImportList';
import { holdersImportFailureKey } from './importErrors';
import { DEFAULT_HOLDERS_LABEL, isSeasonLabel } from './types';
import type { HoldersImport } from '../../../api-types';

const PAGE = 'pages.holders_import';
const IMPORTS = 'resources.holders-imports';

/**
 * The import of last season's holders, at /admin/preemption/holders_import: staff give the season
 * they renew into (2025-2026 unless said otherwise) and the club's sheet (Nome, Cognome, Data
 * Nascita, ..., Codice Rinnovo); a job writes it in batches, followed on the import's page, which
 * opens at once. The latest imports are listed underneath.
 */
export function HoldersImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(DEFAULT_HOLDERS_LABEL);
  const [sheet, setSheet] = useState<ChosenSheet | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);

  const uploading = useMutation({
    mutationFn: (chosen: ChosenSheet) =>
      createHoldersImport({ label: label.trim(), file_name: chosen.name, file_base64: chosen.base64 }),
    onSuccess: (started: HoldersImport) => {
      notify(`${IMPORTS}.notifications.started`, { type: 'success', messageArgs: { file: started.file_name } });
      queryClient.setQueryData(['holders-imports', 'getOne', { id: String(started.id), meta: undefined }], started);
      void queryClient.invalidateQueries({ queryKey: ['holders-imports', 'getList'] });
      redirect('show', 'holders-imports', started.id);
    },
    onError: (error) => {
      const key = holdersImportFailureKey(error);
      if (key === `${IMPORTS}.errors.bad_label`) {
        setLabelError(translate(key));
      }
      notify(key, { type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSeasonLabel(label)) {
      setLabelError(translate(`${IMPORTS}.errors.bad_label`));
      return;
    }
    if (sheet !== null) {
      uploading.mutate(sheet);
    }
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
        <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={translate(`${IMPORTS}.fields.label`)}
            value={label}
            onChange={(event) => {
              setLabel(event.target.value);
              setLabelError(null);
            }}
            error={labelError !== null}
            helperText={labelError ?? translate(`${PAGE}.label_help`)}
            size="small"
            sx={{ width: 260 }}
            slotProps={{ htmlInput: { 'data-testid': 'holders-label-input', spellCheck: false, autoComplete: 'off' } }}
          />
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${PAGE}.sheet_help`)}
            </Typography>
            <SheetPicker sheet={sheet} onChange={setSheet} disabled={uploading.isPending} testId="holders-sheet-input" />
          </Box>
          <Box>
            <Button
              type="submit"
              variant="contained"
              startIcon={<CloudUploadOutlinedIcon />}
              disabled={sheet === null || uploading.isPending}
            >
              {translate(`${PAGE}.upload`)}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${PAGE}.imports`)}
        </Typography>
        <HoldersImportList />
      </Box>
    </Box>
  );
}
