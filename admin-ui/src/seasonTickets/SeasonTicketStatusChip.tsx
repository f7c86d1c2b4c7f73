import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isSeasonTicketStatus, type SeasonTicketStatus } from './types';
import type { SeasonTicket } from '../../../api-types';

const chipLook = {
  0: { key: 'scheduled', color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  1: { key: 'on_sale', color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  2: { key: 'off_sale', color: 'warning', variant: 'outlined', icon: <PauseCircleOutlinedIcon /> },
} as const satisfies Record<
  SeasonTicketStatus,
  { key: string; color: 'default' | 'success' | 'warning'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * The sale status chip of the season ticket in the record context, looking as a match's does:
 * grey scheduled, green on sale, amber off sale.
 */
export function SeasonTicketStatusField(props: FieldProps<SeasonTicket>) {
  const record = useRecordContext<SeasonTicket>(props);
  const translate = useTranslate();
  if (record === undefined || !isSeasonTicketStatus(record.status)) {
    return null;
  }
  const { key, color, variant, icon } = chipLook[record.status];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.season-tickets.status.${key}`)}
      data-status={record.status}
    />
  );
}
