import { DataTable, List, ResourceContextProvider, SelectInput, TextField } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { OrderStateField } from '../orders/OrderStateChip';
import { useOrderRowClick } from '../orders/useOrderPath';
import { FailedIssueButtons } from './FailedIssueButtons';
import { IssueProgressField } from './IssueProgressField';
import { FAILED_ISSUE_STATES, type FailedIssue } from './types';

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={FAILED_ISSUE_STATES.map((state) => ({ id: state, name: `resources.orders.states.${state}` }))}
  />,
];

/** A failed issue is an order: its row opens the order's page, where the same actions are. */
const orderOfIssue = (issue: FailedIssue) => issue.id;

/**
 * Orders whose issuing gave up, at /admin/tickets/issuefailed: the ones still failed by
 * default (the state filter shows what became of the others). Staff retry or refund each one.
 */
export function FailedIssueList() {
  const openOrder = useOrderRowClick(orderOfIssue);
  return (
    <ResourceContextProvider value="failed-issues">
      <List<FailedIssue>
        filters={filters}
        filterDefaultValues={{ state: 'failed' }}
        sort={{ field: 'failed_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
      >
        {/* Sorted by failure time only: the contract promises no other order for this list. */}
        <DataTable<FailedIssue> rowClick={openOrder} bulkActionButtons={false}>
          <DataTable.Col source="fixture_title" disableSort />
          <DataTable.Col source="buyer_email" disableSort />
          <DataTable.Col source="total_cents" align="right" disableSort field={PriceField} />
          <DataTable.Col source="issued_lines" disableSort field={IssueProgressField} />
          <DataTable.Col source="error" disableSort>
            <TextField
              source="error"
              sx={{
                fontFamily: 'monospace',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                maxWidth: 360,
              }}
            />
          </DataTable.Col>
          <DataTable.NumberCol source="attempts" disableSort />
          <DataTable.Col source="failed_at" field={RomeDateTimeField} />
          <DataTable.Col source="state" disableSort>
            <OrderStateField source="state" />
          </DataTable.Col>
          <DataTable.Col label="resources.failed-issues.fields.actions" disableSort>
            <FailedIssueButtons />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
