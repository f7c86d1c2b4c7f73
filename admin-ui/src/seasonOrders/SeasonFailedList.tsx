import { DataTable } from 'react-admin';
import { FailedAtField } from '../failedIssues/FailedIssueFields';
import { IssueErrorField } from '../failedIssues/IssueErrorField';
import { FAILED_ISSUE_STATES, FAILED_LIST_PROPS } from '../failedIssues/types';
import { OrderStateField } from '../orders/OrderStateChip';
import { SeasonOrderRowButtons } from './SeasonOrderButtons';
import { SeasonOrderList } from './SeasonOrderList';
import { BuyerSeasonField, SeasonPaymentField, TotalTitlesField } from './SeasonOrderFields';
import { SEASON_ORDER_STORE } from './types';

/**
 * Season orders whose issuing gave up, at /admin/tickets/issuefailedseason, as the match orders'
 * failed issues: the ones still failed by default (the state filter shows what became of the
 * others), latest failure first, with the error in words, the attempts, and retry and refund.
 * A row opens the order's page.
 */
export function SeasonFailedList() {
  return (
    <SeasonOrderList
      title="resources.season-orders.failed_title"
      storeKey={SEASON_ORDER_STORE.failed}
      states={FAILED_ISSUE_STATES}
      {...FAILED_LIST_PROPS}
    >
      <DataTable.Col source="failed_at" field={FailedAtField} />
      <DataTable.Col source="buyer_email" label="resources.season-orders.columns.buyer" disableSort field={BuyerSeasonField} />
      <DataTable.Col source="total_cents" label="resources.season-orders.columns.total" align="right" disableSort field={TotalTitlesField} />
      <DataTable.Col source="payment_method" label="resources.season-orders.columns.payment" disableSort field={SeasonPaymentField} />
      <DataTable.Col source="error" disableSort>
        <IssueErrorField source="error" clamp />
      </DataTable.Col>
      <DataTable.Col source="state" disableSort>
        <OrderStateField source="state" />
      </DataTable.Col>
      <DataTable.Col label="resources.season-orders.fields.actions" disableSort>
        <SeasonOrderRowButtons />
      </DataTable.Col>
    </SeasonOrderList>
  );
}
