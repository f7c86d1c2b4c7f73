import { BooleanField, ListButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { OrderLinkField } from '../orders/OrderLinkField';
import { PaymentMethodField } from '../orders/PaymentMethodField';
import { MatchField } from './MatchField';
import { TicketStateField } from './TicketStateChip';
import type { IssuedTicket } from '../../../api-types';

const mono = { fontFamily: 'monospace' };

/**
 * One issued ticket: the seat, its holder and buyer, the title's seal and barcode, its state, and
 * its order (a link to the order's page).
 */
export function IssuedTicketShow() {
  return (
    <Show<IssuedTicket>
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <MatchField source="fixture_title" />
        <TextField source="label" sx={mono} />
        <TextField source="sector_code" />
        <TextField source="row" />
        <NumberField source="number" />
        <TextField source="gate" emptyText="—" />
        <TextField source="holder_name" />
        <TextField source="buyer_email" />
        <PriceField source="price_cents" />
        <TicketStateField source="state" label="resources.issued-tickets.fields.state" />
        <TextField source="seal" sx={mono} />
        <TextField source="barcode" sx={mono} />
        <RomeDateTimeField source="issued_at" />
        <BooleanField source="is_order_by_admin" />
        <PaymentMethodField source="payment_method" />
        <OrderLinkField source="order_id" label="resources.issued-tickets.fields.order_id" />
      </SimpleShowLayout>
    </Show>
  );
}
