import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import { ExportList } from './ExportList';

/**
 * Excel exports, at /admin/exports: asked for from the issued tickets, the matches, the
 * customers' consents, the corporate requests, the supporter cards, the season tickets issued
 * and the season backlog, written by a job, downloaded here while kept. Never edited.
 */
export default {
  list: ExportList,
  icon: GridOnOutlinedIcon,
  recordRepresentation: (exported: { file_name: string }) => exported.file_name,
};
