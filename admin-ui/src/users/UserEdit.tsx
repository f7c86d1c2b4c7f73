import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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
  type HttpError,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { isReauthenticationRequired } from '../auth/reauth';
import { ReauthDialog } from '../auth/ReauthDialog';
import { RoleField } from './RoleChip';
import { ROLE_CHOICES } from './types';
import type { UserView } from '../../../api-types';

/**
 * Changing a user's role (their acc_level). Only admins see the choice; staff who open this page
 * see the role read-only. An admin cannot take their own admin role away (the API refuses it too).
 *
 * The API asks the admin to prove who they are (password and authenticator code) when they
 * have not signed in within ten minutes: the save is refused with `reauthentication_required`,
 * the confirmation dialog opens, and once confirmed the same change is saved again.
 */
export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  // The change the API refused until the admin confirms who they are; null when none.
  const [awaiting, setAwaiting] = useState<Partial<UserView> | null>(null);
  return (
    <Edit<UserView>
      mutationMode="pessimistic"
      // The API reads acc_level only: send nothing else.
      transform={(user) => ({ acc_level: user.acc_level })}
      mutationOptions={{
        onSuccess: (user) => {
          notify('resources.users.notifications.role_saved', { type: 'success' });
          redirect('show', 'users', user.id);
        },
        onError: (error, variables) => {
          if (isReauthenticationRequired(error)) {
            setAwaiting(variables.data ?? {});
            return;
          }
          notifySaveFailure(notify, error);
        },
      }}
    >
      <RoleForm />
      <ConfirmIdentityThenSave change={awaiting} onDone={() => setAwaiting(null)} />
    </Edit>
  );
}

/** The dialog that confirms the admin's identity, then saves `change` again through the form's save. */
function ConfirmIdentityThenSave({ change, onDone }: { change: Partial<UserView> | null; onDone: () => void }) {
  const { save } = useSaveContext();
  return (
    <ReauthDialog
      open={change !== null}
      onClose={onDone}
      onConfirmed={() => {
        onDone();
        if (change !== null) {
          void save?.(change);
        }
      }}
    />
  );
}

/**
 * What react-admin does with a failed save when no onError is given: a notification, except
 * for field errors, which the form shows by the field.
 */
function notifySaveFailure(notify: ReturnType<typeof useNotify>, error: unknown) {
  const fieldErrors = (error as HttpError | undefined)?.body?.errors as unknown;
  if (fieldErrors !== null && typeof fieldErrors === 'object' && Object.keys(fieldErrors).length > 0) {
    return;
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message || undefined } });
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
  const record = useRecordContext<UserView>();
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
