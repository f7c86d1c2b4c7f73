import { ListButton, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { MailingErrorField, MailingProgressField, MailingStateField, SkippedCountField } from './MailingFields';
import { isMailingInProgress, RENEWAL_MAILING_REFRESH_MS } from './types';
import type { RenewalMailing } from '../../../api-types';

const MAILINGS = 'resources.renewal-mailings';

/** The page's title: the season mailed. */
function RenewalMailingTitle() {
  const record = useRecordContext<RenewalMailing>();
  const translate = useTranslate();
  return <>{record === undefined ? '' : translate(`${MAILINGS}.show_title`, { label: record.label })}</>;
}

/**
 * One mailing of renewal codes, at /admin/renewal-mailings/{id}/show: its season ticket, a
 * progress bar of the e-mails sent that moves every two seconds until it is done or failed, the
 * holders left out, and why it failed.
 */
export function RenewalMailingShow() {
  return (
    <Show<RenewalMailing>
      title={<RenewalMailingTitle />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      queryOptions={{
        refetchInterval: (query) =>
          query.state.data !== undefined && isMailingInProgress(query.state.data) ? RENEWAL_MAILING_REFRESH_MS : false,
      }}
    >
      <SimpleShowLayout>
        <TextField source="label" />
        <ReferenceField source="season_ticket_id" reference="season-tickets" link="show" emptyText="—" />
        <MailingStateField source="state" label={`${MAILINGS}.fields.state`} />
        <MailingProgressField source="sent" label={`${MAILINGS}.fields.progress`} detailed />
        <SkippedCountField source="skipped" label={`${MAILINGS}.fields.skipped`} />
        <RomeDateTimeField source="created_at" />
        <RomeDateTimeField source="finished_at" emptyText="—" />
        <MailingErrorField source="error" label={`${MAILINGS}.fields.error`} emptyText="—" />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
      </SimpleShowLayout>
    </Show>
  );
}
