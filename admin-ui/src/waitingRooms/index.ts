import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { LazyWaitingRoomCreate, LazyWaitingRoomEdit, LazyWaitingRoomShow } from '../lazyPages';
import type { WaitingRoomView } from './types';

/**
 * The waiting rooms of the busiest on-sales (issue 19): listed at /admin/queue, each watched live
 * on its own page, created from the list or from its match's or season ticket's page, its
 * settings changed in its form; paused, resumed and closed by action buttons, never by an edit of
 * its state. Every page loads on demand.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.waitingRooms }),
  create: LazyWaitingRoomCreate,
  edit: LazyWaitingRoomEdit,
  show: LazyWaitingRoomShow,
  icon: HourglassEmptyOutlinedIcon,
  recordRepresentation: (record: Pick<WaitingRoomView, 'target_title'>) => record.target_title,
};
