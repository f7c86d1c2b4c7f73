import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, ResourceContextProvider, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { MailingErrorField, MailingProgressField, MailingStateField, SkippedCountField } from './MailingFields';
import { isMailingInProgress, mailingQueryKey, RENEWAL_MAILING_REFRESH_MS } from './types';
import type { RenewalMailing } from '../../../api-types';

const MAILINGS = 'resources.renewal-mailings';

function NoMailingYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${MAILINGS}.empty`)}
    </Typography>
  );
}

/**
 * The renewal code mailings, newest first (the API's one order): which season, how far it got
 * (the e-mails sent of those to send), the holders left out, when it started and ended, and why
 * it failed. While one on the page is queued or running the list reads itself again every two
 * seconds.
 */
export function RenewalMailingList() {
  const queryClient = useQueryClient();
  return (
    <ResourceContextProvider value="renewal-mailings">
      <List<RenewalMailing>
        title={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        empty={<NoMailingYet />}
        queryOptions={{
          refetchInterval: (query) =>
            query.state.data?.data.some(isMailingInProgress) ? RENEWAL_MAILING_REFRESH_MS : false,
          // react-admin fills each row's page cache only the first time it sees the row: keep it in
          // step with the polls, or opening a just-finished mailing first shows it running.
          onSuccess: ({ data }) => {
            for (const record of data) {
              queryClient.setQueryData(mailingQueryKey(record.id), record);
            }
          },
        }}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable<RenewalMailing> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="label" disableSort />
          <DataTable.Col source="state" disableSort field={MailingStateField} />
          <DataTable.Col source="sent" label={`${MAILINGS}.fields.progress`} disableSort field={MailingProgressField} />
          <DataTable.Col source="skipped" align="right" disableSort field={SkippedCountField} />
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="finished_at" disableSort>
            <RomeDateTimeField source="finished_at" emptyText="—" />
          </DataTable.Col>
          <DataTable.Col source="error" disableSort field={MailingErrorField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
