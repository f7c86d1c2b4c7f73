import { ListButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { EmailLanguageField } from '../emails/EmailLanguageField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { CorporateStatusField } from './CorporateStatusChip';
import { DecisionButtons } from './DecisionButtons';
import type { CorporateRequest } from '../../../api-types';

function CorporateRequestShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <DecisionButtons />
    </TopToolbar>
  );
}

/**
 * One corporate request: the company, the user who asked and whom to call, their message in
 * full, the status and who decided; approve and decline while it is received.
 */
export function CorporateRequestShow() {
  return (
    <Show<CorporateRequest> actions={<CorporateRequestShowActions />}>
      <SimpleShowLayout>
        <TextField source="company_name" />
        <TextField source="vat_number" sx={{ fontFamily: 'monospace' }} />
        <TextField source="company_email" />
        <TextField source="corporate_user_email" />
        <TextField source="contact_name" />
        <TextField source="phone" />
        <TextField source="message" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <EmailLanguageField source="language" label="resources.corporate-requests.fields.language" />
        <CorporateStatusField source="status" label="resources.corporate-requests.fields.status" />
        <RomeDateTimeField source="created_at" />
        <TextField source="decided_by" emptyText="—" />
        <RomeDateTimeField source="decided_at" emptyText="—" />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
      </SimpleShowLayout>
    </Show>
  );
}
