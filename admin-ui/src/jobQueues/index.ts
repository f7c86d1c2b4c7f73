import QueueOutlinedIcon from '@mui/icons-material/QueueOutlined';
import { JobQueueList } from './JobQueueList';

/** The job queues and their jobs by status, read-only; each count leads to the jobs list. */
export default {
  list: JobQueueList,
  icon: QueueOutlinedIcon,
  recordRepresentation: 'id',
};
