import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import {
  BooleanField,
  EditButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  type FieldProps,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { EmailLanguageField } from '../emails/EmailLanguageField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { AccountCardsButton } from '../supporterCards/AccountCardsButton';
import { RoleField } from './RoleChip';
import { fullName } from './types';
import { UserRecords } from './UserRecords';
import type { UserView } from '../../../api-types';

/** The user's supporter cards, for all staff; only admins may change a role: that button is theirs alone. */
function UserShowActions() {
  const { permissions } = usePermissions<string>();
  return (
    <TopToolbar>
      <AccountCardsButton />
      {permissions === 'admin' && <EditButton label="resources.users.actions.change_role" icon={<ManageAccountsOutlinedIcon />} />}
    </TopToolbar>
  );
}

function FullNameField(props: FieldProps<UserView>) {
  const record = useRecordContext<UserView>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2">
      {fullName(record) || '—'}
    </Typography>
  );
}

/**
 * One user: who they are, their role and level, consents, and when they were last seen; then
 * their orders, tickets, supporter cards and e-mails, so staff helping a customer find their case.
 */
export function UserShow() {
  return (
    <Show<UserView> actions={<UserShowActions />} component="div">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
        <Card variant="outlined">
          <SimpleShowLayout>
            <TextField source="email" />
            <TextField source="display_name" emptyText="—" />
            <FullNameField source="last_name" label="resources.users.fields.full_name" />
            <RoleField source="role" label="resources.users.fields.role" />
            <NumberField source="acc_level" />
            <EmailLanguageField source="language" label="resources.users.fields.language" />
            <BooleanField source="marketing_consent" />
            <BooleanField source="profiling_consent" />
            <BooleanField source="third_party_consent" />
            <BooleanField source="consent_13_years" />
            <RomeDateTimeField source="created_at" />
            <RomeDateTimeField source="last_login_at" emptyText="—" />
            <TextField source="id" sx={{ fontFamily: 'monospace' }} />
          </SimpleShowLayout>
        </Card>
        <UserRecords />
      </Box>
    </Show>
  );
}
