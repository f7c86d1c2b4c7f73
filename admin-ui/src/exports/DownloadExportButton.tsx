import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { downloadExport } from '../api/exports';
import { canDownloadExport } from './types';
import type { Export } from '../../../api-types';

/**
 * Downloads a finished export's sheet, fetched with the session and saved under its name: a
 * refusal is said in our words (409 not ready, 410 expired, an ended session) rather than opening
 * the API's error as a page. A refused file means the list is out of date: it is read again.
 */
export function DownloadExportButton(props: { record?: Export }) {
  const exported = useRecordContext<Export>(props);
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: (record: Export) => downloadExport(record.id, record.file_name),
    onError: (error) => {
      notify(apiErrorMessageKey(error, 'resources.exports.errors.download_failed'), { type: 'error' });
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 410)) {
        refresh();
      }
    },
  });
  if (exported === undefined || !canDownloadExport(exported)) {
    return null;
  }
  return (
    <Button
      label="resources.exports.action.download"
      variant="outlined"
      disabled={mutation.isPending}
      title={exported.file_name}
      onClick={(event) => {
        event.stopPropagation();
        mutation.mutate(exported);
      }}
    >
      <FileDownloadOutlinedIcon />
    </Button>
  );
}
