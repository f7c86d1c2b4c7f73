import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { EmailLanguageField } from './EmailLanguageField';
import { EmailStatusField } from './EmailStatusChip';
import type { OutboundEmailSummary } from '../../../api-types';

/** One outbound e-mail: who it went to, what happened, and the last error if it failed. */
export function EmailShow() {
  return (
    <Show<OutboundEmailSummary>>
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="to_address" />
        <EmailStatusField source="status" label="resources.emails.fields.status" />
        <NumberField source="attempts" />
        <TextField source="last_error" emptyText="—" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} />
        <TextField source="template" sx={{ fontFamily: 'monospace' }} />
        <EmailLanguageField source="language" label="resources.emails.fields.language" />
        <RomeDateTimeField source="created_at" />
        <RomeDateTimeField source="sent_at" emptyText="—" />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
      </SimpleShowLayout>
    </Show>
  );
}
