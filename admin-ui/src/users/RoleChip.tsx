import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isRole } from '../auth/types';
import type { Role, UserView } from '../../../api-types';

const chipLook = {
  admin: { color: 'primary', variant: 'filled' },
  staff: { color: 'primary', variant: 'outlined' },
  corporate: { color: 'warning', variant: 'outlined' },
  fan: { color: 'default', variant: 'outlined' },
} as const satisfies Record<Role, { color: 'primary' | 'warning' | 'default'; variant: 'filled' | 'outlined' }>;

/** A user's role as a chip: admins filled blue, staff outlined blue, corporate amber, fans grey. */
export function RoleChip({ role }: { role: Role }) {
  const translate = useTranslate();
  const { color, variant } = chipLook[role];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      label={translate(`resources.users.roles.${role}`)}
      data-role={role}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The role chip of the user in the current record context (list rows, show page). */
export function RoleField(props: FieldProps<UserView>) {
  const record = useRecordContext<UserView>(props);
  if (record === undefined || !isRole(record.role)) {
    return null;
  }
  return <RoleChip role={record.role} />;
}
