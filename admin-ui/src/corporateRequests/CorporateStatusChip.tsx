import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlinedIcon from '@mui/icons-material/HighlightOffOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { corporateStatusName, type CorporateStatusName } from './types';
import type { CorporateRequest } from '../../../api-types';

const statusLook: Record<CorporateStatusName, { color: 'warning' | 'success' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }> = {
  received: { color: 'warning', variant: 'filled', icon: <MarkEmailUnreadOutlinedIcon /> },
  approved: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  declined: { color: 'error', variant: 'outlined', icon: <HighlightOffOutlinedIcon /> },
};

/**
 * The request's status chip, never told by colour alone: amber received (waiting for staff),
 * green approved, red outline declined.
 */
export function CorporateStatusField(props: FieldProps<CorporateRequest>) {
  const record = useRecordContext<CorporateRequest>(props);
  const translate = useTranslate();
  const name = corporateStatusName(record?.status);
  if (name === undefined) {
    return null;
  }
  const look = statusLook[name];
  return (
    <Chip
      size="small"
      {...look}
      label={translate(`resources.corporate-requests.status.${name}`)}
      data-corporate-status={name}
    />
  );
}
