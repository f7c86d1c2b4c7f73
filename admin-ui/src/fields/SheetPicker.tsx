import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { readFileAsBase64 } from '../massIssues/massIssueRequest';

/** What the file inputs of Excel sheets accept. */
export const SHEET_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet chosen to send: its name and its bytes as base64 (the API's `file_base64`). */
export interface ChosenSheet {
  name: string;
  base64: string;
}

interface SheetPickerProps {
  sheet: ChosenSheet | null;
  onChange: (sheet: ChosenSheet) => void;
  disabled?: boolean;
  /** The file input's test id, for the end-to-end journeys (`setInputFiles`). */
  testId: string;
}

/**
 * "Scegli il file Excel" and the name of the file chosen: the file is read as base64 at once (the
 * same file chosen again, corrected on disk, is read again). The input stays in the page (its
 * label, focus, tests) but only its button shows.
 */
export function SheetPicker({ sheet, onChange, disabled = false, testId }: SheetPickerProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const reading = useMutation({
    mutationFn: async (file: File): Promise<ChosenSheet> => ({ name: file.name, base64: await readFileAsBase64(file) }),
    onSuccess: onChange,
    onError: () => notify('app.sheet.not_read', { type: 'error' }),
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file !== undefined) {
      reading.mutate(file);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={disabled || reading.isPending}>
        {translate('app.sheet.choose')}
        <Box component="input" type="file" accept={SHEET_TYPES} onChange={choose} data-testid={testId} sx={visuallyHidden} />
      </Button>
      <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
        {sheet === null ? translate('app.sheet.none') : translate('app.sheet.chosen', { name: sheet.name })}
      </Typography>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  bottom: 0,
  left: 0,
} as const;
