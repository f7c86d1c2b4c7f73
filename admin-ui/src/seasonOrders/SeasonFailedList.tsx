import { DataTable, List, ResourceContextProvider } from 'react-admin';
import { FailedAtField } from '../failedIssues/FailedIssueFields';
import { IssueErrorField } from '../failedIssues/IssueErrorField';
import { FAILED_ISSUE_STATES } from '../failedIssues/types';
import { OrderStateField } from '../orders/OrderStateChip';
import { SeasonOrderRowButtons } from './SeasonOrderButtons';
import { BuyerSeasonField, TotalTitlesField } from './SeasonOrderFields';
import { SEASON_ORDER_STORE } from './types';
import { useSeasonOrderFilters } from './useSeasonOrderFilters';
import type { SeasonOrderRow } from '../../../api-types';

/**
 * Season orders whose issuing gave up, at /admin/tickets/issuefailedseason, as the match orders'
 * failed issues: the ones still failed by default (the state filter shows what became of the
 * others), latest failure first, with the error in words, the attempts, and retry and refund.
 * A row opens the order's page.
 */
export function SeasonFailedList() {
  const filters = useSeasonOrderFilters(FAILED_ISSUE_STATES);
  return (
    <ResourceContextProvider value="season-orders">
      <List<SeasonOrderRow>
        title="resources.season-orders.failed_title"
        storeKey={SEASON_ORDER_STORE.failed}
        filters={filters}
        filterDefaultValues={{ state: 'failed' }}
        sort={{ field: 'failed_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
      >
        <DataTable<SeasonOrderRow> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="failed_at" field={FailedAtField} />
          <DataTable.Col source="buyer_email" label="resources.season-orders.columns.buyer" disableSort field={BuyerSeasonField} />
          <DataTable.Col source="total_cents" label="resources.season-orders.columns.total" align="right" disableSort field={TotalTitlesField} />
          <DataTable.Col source="error" disableSort>
            <IssueErrorField source="error" clamp />
          </DataTable.Col>
          <DataTable.Col source="state" disableSort>
            <OrderStateField source="state" />
          </DataTable.Col>
          <DataTable.Col label="resources.season-orders.fields.actions" disableSort>
            <SeasonOrderRowButtons />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
