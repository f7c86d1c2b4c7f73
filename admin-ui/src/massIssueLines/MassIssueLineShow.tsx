import { ListButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { TaskTitleField } from '../massIssues/TaskKindChip';
import { isSeasonTask } from '../massIssues/types';
import { OrderLinkField } from '../orders/OrderLinkField';
import { LineReasonField, LineSeasonOrderField, LineTaskField } from './LineFields';
import { LineStateField } from './LineStateChip';
import type { MassIssueLine } from '../../../api-types';

const mono = { fontFamily: 'monospace' };

/**
 * One line of a mass issuing task: the seat, the holder, what became of it and why, and the
 * order it was sold in (a link to the order's page), or for a season ticket's line the season
 * order (a link to the season order's page).
 */
export function MassIssueLineShow() {
  return (
    <Show<MassIssueLine>
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <LineLayout />
    </Show>
  );
}

function LineLayout() {
  const record = useRecordContext<MassIssueLine>();
  const season = record !== undefined && isSeasonTask(record);
  return (
    <SimpleShowLayout>
      <LineTaskField source="task_id" />
      <NumberField source="row" />
      <TaskTitleField source="title" label="resources.mass-issue-lines.fields.title" />
      <TextField source="label" sx={mono} />
      <TextField source="sector_name" emptyText="—" />
      <TextField source="holder_name" />
      <TextField source="email" />
      <TextField source="reduction" />
      <PriceField source="price_cents" />
      <LineStateField source="state" label="resources.mass-issue-lines.fields.state" />
      <LineReasonField source="reason" />
      <TextField source="seal" emptyText="—" sx={mono} />
      {season ? (
        <LineSeasonOrderField source="season_order_id" label="resources.mass-issue-lines.fields.season_order_id" />
      ) : (
        <OrderLinkField source="order_id" label="resources.mass-issue-lines.fields.order_id" />
      )}
      <RomeDateTimeField source="updated_at" />
      <TextField source="id" sx={mono} />
    </SimpleShowLayout>
  );
}
