import { DataTable, NumberField } from 'react-admin';
import { TaskTitleField } from '../massIssues/TaskKindChip';
import { LineHolderField, LineOutcomeField, LinePriceField, LineReasonField, LineSeatField } from './LineFields';
import type { MassIssueLine } from '../../../api-types';

/**
 * A task's lines in a table, by row: the seat (sector under the label), the holder (e-mail under
 * the name), the price (reduction under it), the state (seal under it) and the reason a line was
 * not issued. Seven columns at most, so it fits a 1366 px desktop beside the menu; the lines'
 * page adds the match or season ticket.
 */
export function MassIssueLineTable({ withTitle = false }: { withTitle?: boolean }) {
  return (
    <DataTable<MassIssueLine> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="row" align="right">
        <NumberField source="row" sx={{ fontVariantNumeric: 'tabular-nums' }} />
      </DataTable.Col>
      {withTitle ? <DataTable.Col source="title" disableSort field={TaskTitleField} /> : null}
      <DataTable.Col source="label" label="resources.mass-issue-lines.columns.seat" disableSort field={LineSeatField} />
      <DataTable.Col
        source="holder_name"
        label="resources.mass-issue-lines.columns.holder"
        disableSort
        field={LineHolderField}
      />
      <DataTable.Col
        source="price_cents"
        label="resources.mass-issue-lines.columns.price"
        align="right"
        disableSort
        field={LinePriceField}
      />
      <DataTable.Col source="state" label="resources.mass-issue-lines.columns.outcome" field={LineOutcomeField} />
      <DataTable.Col source="reason" disableSort>
        <LineReasonField source="reason" clamp />
      </DataTable.Col>
    </DataTable>
  );
}
