import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  DataTable,
  Empty,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../fields/money';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { AccountFilterInput } from '../users/AccountFilterInput';
import { BuyerField, PaymentField, TotalField } from './OrderFields';
import { OrderStateField } from './OrderStateChip';
import { PAYMENT_STATUS_KEYS, PAYMENT_STATUSES } from './types';
import type { OrderRow } from '../../../api-types';

function useOrderFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.orders.filters.search')}
      sx={{ minWidth: { md: 300 } }}
    />,
    <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
    <AccountFilterInput key="user_id" source="user_id" />,
    <SelectInput
      key="payment_status"
      source="payment_status"
      alwaysOn
      choices={PAYMENT_STATUSES.map((status) => ({
        id: status,
        name: `resources.orders.payment_statuses.${PAYMENT_STATUS_KEYS[status]}`,
      }))}
    />,
  ];
}

/** The one action on orders: selling seats at the box office (the order's create page). */
function SellTicketsButton({ variant }: { variant?: 'text' | 'contained' }) {
  return <CreateButton label="resources.orders.sale.action" icon={<PointOfSaleOutlinedIcon />} variant={variant} />;
}

function OrderListActions() {
  return (
    <TopToolbar>
      <SellTicketsButton />
    </TopToolbar>
  );
}

/** react-admin's empty page, with the sale in our words rather than a bare "Create". */
function OrderEmpty() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Empty hasCreate={false} />
      <SellTicketsButton variant="contained" />
    </Box>
  );
}

/**
 * Orders, read-only, newest first: by match, by payment status, or by the buyer's e-mail; a
 * row opens the order's page. Orders change only through their own steps (payment, issuing, the
 * failed issues' actions); staff add one by selling seats at the box office.
 */
export function OrderList() {
  const filters = useOrderFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<OrderRow>
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<OrderListActions />}
      empty={<OrderEmpty />}
    >
      {isSmall ? <OrderSimpleList /> : <OrderTable />}
    </List>
  );
}

/**
 * Sorted by creation time, buyer, state or total, the orders the API knows (the match and the
 * payment do not sort). Six
 * columns, so the table fits a 1366 px desktop beside the menu: the order's id under the buyer,
 * how it was paid (and the staff mark) under the payment status, the seats under the total.
 */
function OrderTable() {
  return (
    <DataTable<OrderRow> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="created_at" field={RomeDateTimeField} />
      <DataTable.Col source="fixture_title" disableSort />
      <DataTable.Col source="buyer_email" label="resources.orders.columns.buyer" field={BuyerField} />
      <DataTable.Col source="payment_status" disableSort field={PaymentField} />
      <DataTable.Col source="state">
        <OrderStateField source="state" />
      </DataTable.Col>
      <DataTable.Col source="total_cents" align="right" field={TotalField} />
    </DataTable>
  );
}

/** On a narrow screen: one line per order, buyer first. */
function OrderSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<OrderRow>
      rowClick="show"
      primaryText={(order) => order.buyer_email}
      secondaryText={(order) =>
        `${order.fixture_title} · ${formatEuros(order.total_cents, locale)} · ${formatRomeDateTime(order.created_at, locale)}`
      }
      tertiaryText={(order) => translate(`resources.orders.states.${order.state}`, { _: order.state })}
    />
  );
}
