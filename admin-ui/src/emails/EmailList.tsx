import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import {
  DataTable,
  Empty,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { EmailLanguageField } from './EmailLanguageField';
import { EmailStatusField } from './EmailStatusChip';
import { SendMailCheckButton } from './SendMailCheckButton';
import { EMAIL_STATUSES } from './types';
import type { OutboundEmailSummary } from '../../../api-types';

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

/** How often the list asks again while the page shows an e-mail still on its way. */
export const PENDING_REFRESH_MS = 2_000;

/**
 * Outbound e-mails, newest first; read-only but for the mail check. While a row on the page is
 * pending the list refreshes itself, so staff see it turn sent (or failed) without reloading.
 */
export function EmailList() {
  const filters = useEmailFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  return (
    <List<OutboundEmailSummary>
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<EmailListActions />}
      empty={<EmailEmpty />}
      queryOptions={{
        refetchInterval: (query) =>
          query.state.data?.data.some((email) => email.status === 'pending') ? PENDING_REFRESH_MS : false,
        // react-admin fills each row's show-page cache only the first time it sees the row: keep it
        // in step with the polls, or opening a just-delivered e-mail first flashes "pending".
        onSuccess: ({ data }) => {
          for (const email of data) {
            queryClient.setQueryData(['emails', 'getOne', { id: String(email.id), meta: undefined }], email);
          }
        },
      }}
    >
      {isSmall ? <EmailSimpleList /> : <EmailTable />}
    </List>
  );
}

function EmailListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <SendMailCheckButton />
    </TopToolbar>
  );
}

/** react-admin's empty page, plus the one thing staff can do here: send a mail check. */
function EmailEmpty() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Empty />
      <SendMailCheckButton variant="contained" />
    </Box>
  );
}

/** Sorted by time, recipient, status or attempts: the orders the API knows; the other headers do not sort. */
function EmailTable() {
  return (
    <DataTable<OutboundEmailSummary> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="created_at" field={RomeDateTimeField} />
      <DataTable.Col source="to_address" />
      <DataTable.Col source="subject" disableSort />
      <DataTable.Col source="template" disableSort>
        <TextField source="template" sx={{ fontFamily: 'monospace' }} />
      </DataTable.Col>
      <DataTable.Col source="language" disableSort>
        <EmailLanguageField source="language" />
      </DataTable.Col>
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
    <SimpleList<OutboundEmailSummary>
      linkType="show"
      primaryText={(record) => record.subject}
      secondaryText={(record) => `${record.to_address} · ${formatRomeDateTime(record.created_at, locale)}`}
      tertiaryText={(record) => translate(`resources.emails.status.${record.status}`)}
    />
  );
}
