import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isTaskState } from './types';
import type { MassIssueTask } from '../../../api-types';

/**
 * A task's state: blue while lines are queued or issuing; once done, green when every line was
 * issued and amber, said in words, when some were not (staff retry them).
 */
export function TaskStateChip({ task }: { task: Pick<MassIssueTask, 'state' | 'unfinalized'> }) {
  const translate = useTranslate();
  if (task.state === 'running') {
    return (
      <Chip
        size="small"
        color="info"
        icon={<HourglassEmptyOutlinedIcon />}
        label={translate('resources.mass-issues.states.running')}
        data-state="running"
      />
    );
  }
  const partial = task.unfinalized > 0;
  return (
    <Chip
      size="small"
      color={partial ? 'warning' : 'success'}
      icon={partial ? <WarningAmberOutlinedIcon /> : <CheckCircleOutlinedIcon />}
      label={translate(partial ? 'resources.mass-issues.states.done_partial' : 'resources.mass-issues.states.done')}
      data-state="done"
    />
  );
}

/** The state chip of the task in the current record context. */
export function TaskStateField(props: FieldProps<MassIssueTask>) {
  const record = useRecordContext<MassIssueTask>(props);
  if (record === undefined || !isTaskState(record.state)) {
    return null;
  }
  return <TaskStateChip task={record} />;
}
