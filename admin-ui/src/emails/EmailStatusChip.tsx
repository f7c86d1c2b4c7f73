import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isEmailStatus } from './types';
import type { EmailStatus, OutboundEmailSummary } from '../../../api-types';

const chipLook = {
  pending: { color: 'warning', icon: <ScheduleIcon /> },
  sent: { color: 'success', icon: <CheckCircleOutlinedIcon /> },
  failed: { color: 'error', icon: <ErrorOutlinedIcon /> },
} as const satisfies Record<EmailStatus, { color: 'warning' | 'success' | 'error'; icon: React.ReactElement }>;

/** An e-mail's delivery status as a coloured chip: amber pending, green sent, red failed. */
export function EmailStatusChip({ status }: { status: EmailStatus }) {
  const translate = useTranslate();
  const { color, icon } = chipLook[status];
  return (
    <Chip
      size="small"
      color={color}
      icon={icon}
      label={translate(`resources.emails.status.${status}`)}
      data-status={status}
    />
  );
}

/** The status chip of the e-mail in the current record context (list rows, show page). */
export function EmailStatusField(props: FieldProps<OutboundEmailSummary>) {
  const record = useRecordContext<OutboundEmailSummary>(props);
  if (record === undefined || !isEmailStatus(record.status)) {
    return null;
  }
  return <EmailStatusChip status={record.status} />;
}
