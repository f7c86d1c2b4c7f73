import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { PhaseCreate } from './PhaseCreate';
import { PhaseEdit } from './PhaseEdit';

/**
 * The phases of a season ticket's or a match's sale (renewal, change of seat, card holders,
 * pre-emption codes, a group, the free sale): listed on the target's page ("Fasi di vendita") and
 * at /admin/preemption/phases, each created and changed in its own form, ended or removed from the
 * list.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.phases }),
  create: PhaseCreate,
  edit: PhaseEdit,
  icon: EventNoteOutlinedIcon,
  recordRepresentation: 'name',
};
