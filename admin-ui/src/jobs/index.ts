import WorkHistoryOutlinedIcon from '@mui/icons-material/WorkHistoryOutlined';
import { JobList } from './JobList';
import { JobShow } from './JobShow';

/**
 * Background jobs (the durable queues), read-only but for two actions: retry a job that gave up
 * or waits out its backoff, discard one that has yet to run.
 */
export default {
  list: JobList,
  show: JobShow,
  icon: WorkHistoryOutlinedIcon,
  recordRepresentation: (job: { id: string | number; queue: string }) => `${job.queue} · ${job.id}`,
};
