import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { MassIssueLineShow } from './MassIssueLineShow';

/**
 * The lines of the mass issuing tasks, read-only: listed at /admin/mass/tickets_issued, each on
 * its own page.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.massIssueLines }),
  show: MassIssueLineShow,
  icon: ConfirmationNumberOutlinedIcon,
  recordRepresentation: (line: { label: string; holder_name: string }) => `${line.label} · ${line.holder_name}`,
};
