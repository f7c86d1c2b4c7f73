import { ListButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { OrderLinkField } from '../orders/OrderLinkField';
import { OrderStateField } from '../orders/OrderStateChip';
import { FailedIssueButtons } from './FailedIssueButtons';
import { IssueErrorField } from './IssueErrorField';
import { IssueProgressField } from './IssueProgressField';
import type { OrderRow } from '../../../api-types';

function FailedIssueShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <FailedIssueButtons />
    </TopToolbar>
  );
}

/** One failed issue: the order, how far issuing got, the last error in full, and the two actions. */
export function FailedIssueShow() {
  return (
    <Show<OrderRow> actions={<FailedIssueShowActions />}>
      <SimpleShowLayout>
        <TextField source="fixture_title" />
        <TextField source="buyer_email" />
        <PriceField source="total_cents" />
        <IssueProgressField source="issued_lines" />
        <OrderStateField source="state" label="resources.failed-issues.fields.state" />
        <IssueErrorField source="error" />
        <NumberField source="attempts" />
        <RomeDateTimeField source="failed_at" />
        <OrderLinkField source="id" label="resources.failed-issues.fields.id" />
      </SimpleShowLayout>
    </Show>
  );
}
