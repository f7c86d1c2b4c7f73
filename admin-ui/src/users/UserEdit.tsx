import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Edit,
  Labeled,
  required,
  NumberField,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { RoleField } from './RoleChip';
import { ROLE_CHOICES, type User } from './types';


/**
 * Changing a user's role (their acc_level). Only admins see the choice; staff who open this page
 * see the role read-only. An admin cannot take their own admin role away (the API refuses it too).
 */
export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<User>
      mutationMode="pessimistic"
      // The API reads acc_level only: send nothing else.
      transform={(user) => ({ acc_level: user.acc_level })}
      mutationOptions={{
        onSuccess: (user) => {
          notify('resources.users.notifications.role_saved', { type: 'success' });
          redirect('show', 'users', user.id);
        },
      }}
    >
      <RoleForm />
    </Edit>
  );
}

function RoleForm() {
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) {
    return null;
  }
  return permissions === 'admin' ? <AdminRoleForm /> : <ReadOnlyRole />;
}

function UserSummary() {
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Labeled source="email">
        <TextField source="email" />
      </Labeled>
      <Labeled source="display_name">
        <TextField source="display_name" emptyText="—" />
      </Labeled>
    </Box>
  );
}

function AdminRoleForm() {
  const translate = useTranslate();
  const record = useRecordContext<User>();
  const { identity } = useGetIdentity();
  const isSelf = record !== undefined && identity !== undefined && String(identity.id) === String(record.id);
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton label="resources.users.actions.save_role" disabled={isSelf} />
        </Toolbar>
      }
    >
      <UserSummary />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('resources.users.edit.title')}
      </Typography>
      <SelectInput
        source="acc_level"
        choices={ROLE_CHOICES}
        // Required: no empty choice; the choices themselves are the only levels there are.
        validate={required()}
        disabled={isSelf}
        helperText={isSelf ? 'resources.users.errors.own_admin_role' : 'resources.users.edit.hint'}
        fullWidth={false}
        sx={{ minWidth: 320 }}
      />
    </SimpleForm>
  );
}

function ReadOnlyRole() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
      <UserSummary />
      <Labeled source="role" label="resources.users.fields.role">
        <RoleField source="role" />
      </Labeled>
      <Labeled source="acc_level">
        <NumberField source="acc_level" />
      </Labeled>
      <Alert severity="info" sx={{ mt: 1 }}>
        {translate('resources.users.edit.admins_only')}
      </Alert>
    </Box>
  );
}
