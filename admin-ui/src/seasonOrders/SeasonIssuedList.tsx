import { DataTable, ShowButton } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { PriceField } from '../fields/PriceField';
import { OrderStateField } from '../orders/OrderStateChip';
import { ORDER_STATES } from '../orders/types';
import { SeasonOrderList } from './SeasonOrderList';
import { SeasonPaymentField, SeatsField, TitlesProgressField } from './SeasonOrderFields';
import { SEASON_ORDER_STORE } from './types';

/**
 * The season orders issued, at /admin/tickets/seasonissued, latest payment first: the season
 * ticket, the buyer, the seats (and of them collections), the titles issued of those expected,
 * the total and when it was paid (Como time). The state filter shows the orders in any other
 * state; each row opens the order's page. The API sorts by time alone, either way. Every season
 * seat sold (whatever the filters) is exported to Excel from here.
 */
export function SeasonIssuedList() {
  return (
    <SeasonOrderList
      title="resources.season-orders.issued_title"
      storeKey={SEASON_ORDER_STORE.issued}
      exportKind="season_tickets"
      states={ORDER_STATES}
      filterDefaultValues={{ state: 'issued' }}
      sort={{ field: 'paid_at', order: 'DESC' }}
    >
      <DataTable.Col source="season_name" disableSort />
      <DataTable.Col source="buyer_email" disableSort />
      <DataTable.Col source="seats" align="right" disableSort field={SeatsField} />
      <DataTable.Col source="titles_issued" disableSort field={TitlesProgressField} />
      <DataTable.Col source="total_cents" align="right" disableSort field={PriceField} />
      <DataTable.Col source="payment_method" label="resources.season-orders.columns.payment" disableSort field={SeasonPaymentField} />
      <DataTable.Col source="paid_at" field={RomeDateTimeField} />
      <DataTable.Col source="state" disableSort>
        <OrderStateField source="state" />
      </DataTable.Col>
      <DataTable.Col label="resources.season-orders.fields.open" disableSort>
        <ShowButton />
      </DataTable.Col>
    </SeasonOrderList>
  );
}
