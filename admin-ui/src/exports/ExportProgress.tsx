import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useGetOne, useTranslate } from 'react-admin';
import { ExportProgressField } from './ExportFields';
import { EXPORT_REFRESH_MS, isExportInProgress } from './types';
import type { Export } from '../../../api-types';

const EXPORTS = 'resources.exports';

interface ExportProgressProps {
  /** The export as the API answered its creation. */
  started: Export;
  /** Hides the panel (the export goes on, and stays in the exports list). */
  onClose: () => void;
  /** Under the button rather than beside it (in a table's narrow cell). */
  stacked?: boolean;
}

/**
 * Beside the "Export to Excel" button that started it: the export's progress, read again every
 * second while its job works, then its download button (or why it failed), so the sheet is had
 * without leaving the list.
 */
export function ExportProgress({ started, onClose, stacked = false }: ExportProgressProps) {
  const translate = useTranslate();
  const { data } = useGetOne<Export>(
    'exports',
    { id: started.id },
    {
      placeholderData: started,
      refetchInterval: (query) => {
        const current = query.state.data ?? started;
        return isExportInProgress(current) ? EXPORT_REFRESH_MS : false;
      },
    },
  );
  const exported = data ?? started;
  const kind = translate(`${EXPORTS}.kinds.${exported.kind}`, { _: exported.kind });
  return (
    <Box
      role="status"
      aria-label={translate(`${EXPORTS}.progress.panel`, { kind })}
      data-state={exported.state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mt: stacked ? 0.5 : 0,
      }}
      onClick={(event) => event.stopPropagation()}
    >
      <RecordContextProvider value={exported}>
        {exported.state === 'failed' ? (
          <Typography
            component="span"
            variant="body2"
            color="error"
            title={exported.error ?? undefined}
            sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {translate(`${EXPORTS}.progress.failed`)}
          </Typography>
        ) : (
          <ExportProgressField source="progress" />
        )}
      </RecordContextProvider>
      <IconButton size="small" aria-label={translate(`${EXPORTS}.progress.close`)} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
