import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { MassIssueShow } from './MassIssueShow';
import type { MassIssueTask } from '../../../api-types';

/**
 * Mass issuing tasks (a fixture's tickets, or a season ticket's seats): created and listed at
 * /admin/tickets/massissue, each followed on its own page (progress, retry, results). Never
 * edited: the task moves on by itself.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.massIssue }),
  show: MassIssueShow,
  icon: PlaylistAddCheckOutlinedIcon,
  recordRepresentation: (task: Pick<MassIssueTask, 'title' | 'file_name'>) =>
    task.file_name ? `${task.title} · ${task.file_name}` : task.title,
};
