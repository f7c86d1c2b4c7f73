import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { EmailStatusField } from './EmailStatusChip';
import { EMAIL_STATUSES, type Email } from './types';

function useEmailFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.emails.filters.search')}
      sx={{ minWidth: { md: 320 } }}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={EMAIL_STATUSES.map((status) => ({
        id: status,
        name: `resources.emails.status.${status}`,
      }))}
    />,
  ];
}

/** Outbound e-mails, newest first; read-only. */
export function EmailList() {
  const filters = useEmailFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<Email> filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false}>
      {isSmall ? <EmailSimpleList /> : <EmailTable />}
    </List>
  );
}

function EmailTable() {
  return (
    <DataTable<Email> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="created_at" field={RomeDateTimeField} />
      <DataTable.Col source="to_address" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="template">
        <TextField source="template" sx={{ fontFamily: 'monospace' }} />
      </DataTable.Col>
      <DataTable.Col source="language" />
      <DataTable.Col source="status">
        <EmailStatusField source="status" />
      </DataTable.Col>
      <DataTable.NumberCol source="attempts" />
    </DataTable>
  );
}

/** On a narrow screen a table does not fit: one line per e-mail, subject first. */
function EmailSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<Email>
      linkType="show"
      primaryText={(record) => record.subject}
      secondaryText={(record) => `${record.to_address} · ${formatRomeDateTime(record.created_at, locale)}`}
      tertiaryText={(record) => translate(`resources.emails.status.${record.status}`)}
    />
  );
}
