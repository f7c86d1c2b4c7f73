import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { FailedIssueShow } from './FailedIssueShow';

/**
 * Orders whose issuing gave up: listed at /admin/tickets/issuefailed, where staff retry or
 * refund them (action endpoints, never an edit of the state).
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.failedIssues }),
  show: FailedIssueShow,
  icon: SyncProblemOutlinedIcon,
  recordRepresentation: (issue: { fixture_title: string; buyer_email: string }) =>
    `${issue.fixture_title} · ${issue.buyer_email}`,
};
