import { DataTable, List, ResourceContextProvider, SelectInput } from 'react-admin';
import { OrderStateField } from '../orders/OrderStateChip';
import { useOrderRowClick } from '../orders/useOrderPath';
import { FailedIssueButtons } from './FailedIssueButtons';
import { BuyerMatchField, FailedAtField, TotalIssuedField } from './FailedIssueFields';
import { IssueErrorField } from './IssueErrorField';
import { FAILED_ISSUE_STATES, FAILED_LIST_PROPS } from './types';
import type { OrderRow } from '../../../api-types';

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={FAILED_ISSUE_STATES.map((state) => ({ id: state, name: `resources.orders.states.${state}` }))}
  />,
];

/** A failed issue is an order: its row opens the order's page, where the same actions are. */
const orderOfIssue = (issue: OrderRow) => issue.id;

/**
 * Orders whose issuing gave up, at /admin/tickets/issuefailed: the ones still failed by
 * default (the state filter shows what became of the others). Staff retry or refund each one.
 */
export function FailedIssueList() {
  const openOrder = useOrderRowClick(orderOfIssue);
  return (
    <ResourceContextProvider value="failed-issues">
      <List<OrderRow> filters={filters} {...FAILED_LIST_PROPS}>
        {/*
          Sorted by failure time, buyer, total or state: the orders the API knows. Six columns, so
          the table fits a 1440 px desktop beside the menu: the attempts under the failure time,
          the match under the buyer, the tickets issued under the total.
        */}
        <DataTable<OrderRow> rowClick={openOrder} bulkActionButtons={false}>
          <DataTable.Col source="failed_at" field={FailedAtField} />
          <DataTable.Col source="buyer_email" label="resources.failed-issues.columns.buyer" field={BuyerMatchField} />
          <DataTable.Col source="total_cents" label="resources.failed-issues.columns.total" align="right" field={TotalIssuedField} />
          <DataTable.Col source="error" disableSort>
            <IssueErrorField source="error" clamp />
          </DataTable.Col>
          <DataTable.Col source="state">
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
