import CompareArrowsOutlinedIcon from '@mui/icons-material/CompareArrowsOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { MismatchReportShow } from './MismatchReportShow';

/**
 * Tickets mismatch reports: started and listed at /admin/reports/tickets_mismatch_report, each
 * read on its own page, where its divergences are reconciled. Never edited.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.ticketsMismatchReport }),
  show: MismatchReportShow,
  icon: CompareArrowsOutlinedIcon,
  recordRepresentation: 'fixture_title',
};
