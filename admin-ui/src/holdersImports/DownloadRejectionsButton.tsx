import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { Button, useNotify, useRecordContext, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { downloadHoldersRejections } from '../api/preemption';
import type { HoldersImport } from '../../../api-types';

/**
 * "Scarica le righe scartate": the import's rejected rows (row, reason code, fiscal seal) as an
 * Excel sheet, fetched with the session (a failure said in our words rather than opening the
 * API's error as a page). Only when some row was rejected.
 */
export function DownloadRejectionsButton(props: { record?: HoldersImport }) {
  const record = useRecordContext<HoldersImport>(props);
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: (id: Identifier) => downloadHoldersRejections(id),
    onError: (error) =>
      notify(apiErrorMessageKey(error, 'resources.holders-imports.errors.download_failed'), { type: 'error' }),
  });
  if (record === undefined) {
    return null;
  }
  return (
    <Button
      label="resources.holders-imports.action.download_rejections"
      disabled={record.rejected <= 0 || mutation.isPending}
      onClick={(event) => {
        event.stopPropagation();
        mutation.mutate(record.id);
      }}
      data-testid="download-rejections"
    >
      <FileDownloadOutlinedIcon />
    </Button>
  );
}
