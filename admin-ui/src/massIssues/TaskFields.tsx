import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import type { MassIssueTask } from '../../../api-types';

/** The sheet's file name, or that the lines were typed in the admin app. */
export function TaskFileField(props: FieldProps<MassIssueTask>) {
  const record = useRecordContext<MassIssueTask>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  if (!record.file_name) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate('resources.mass-issues.sources.manual')}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {record.file_name}
    </Typography>
  );
}
