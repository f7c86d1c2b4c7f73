import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ROLES } from '../auth/types';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { RoleField } from './RoleChip';
import { fullName } from './types';
import type { UserView } from '../../../api-types';

function useUserFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.users.filters.search')}
      sx={{ minWidth: { md: 360 } }}
    />,
    <SelectInput
      key="role"
      source="role"
      alwaysOn
      choices={ROLES.map((role) => ({ id: role, name: `resources.users.roles.${role}` }))}
    />,
  ];
}

/**
 * Users, newest first. The search takes an e-mail (exact, any case) or a name as typed; the role
 * filter narrows to admins, staff, corporate users or fans.
 */
export function UserList() {
  const filters = useUserFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<UserView> filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false}>
      {isSmall ? <UserSimpleList /> : <UserTable />}
    </List>
  );
}

function UserTable() {
  return (
    <DataTable<UserView> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="email" />
      <DataTable.Col source="display_name" disableSort />
      <DataTable.Col<UserView> source="last_name" label="resources.users.fields.full_name" render={(user) => fullName(user)} />
      <DataTable.Col source="role" disableSort>
        <RoleField source="role" />
      </DataTable.Col>
      <DataTable.NumberCol source="acc_level" />
      <DataTable.Col source="created_at" field={RomeDateTimeField} />
      <DataTable.Col source="last_login_at" disableSort>
        <RomeDateTimeField source="last_login_at" emptyText="—" />
      </DataTable.Col>
    </DataTable>
  );
}

/** On a narrow screen: one line per user, e-mail first. */
function UserSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<UserView>
      linkType="show"
      primaryText={(user) => user.email}
      secondaryText={(user) => [user.display_name, fullName(user)].filter((part) => part !== '').join(' · ')}
      tertiaryText={(user) =>
        `${translate(`resources.users.roles.${user.role}`)} · ${formatRomeDateTime(user.created_at, locale)}`
      }
    />
  );
}
