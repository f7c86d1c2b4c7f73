import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import {
  DataTable,
  List,
  ListContextProvider,
  ResourceContextProvider,
  useList,
  useListContext,
  useRecordContext,
  useTranslate,
  type FieldProps,
} from 'react-admin';
import { ExportListActions } from '../exports/ExportListActions';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { StackedCell } from '../fields/StackedCell';
import { OrderStateField } from '../orders/OrderStateChip';
import { BacklogRetryField } from './BacklogFields';
import { useSeasonOrderRowClick } from './useSeasonOrderRowClick';
import { SeasonFilterInput } from './SeasonFilterInput';
import { BuyerSeasonField, TitlesProgressField } from './SeasonOrderFields';
import { BACKLOG_PAGE, BACKLOG_REFRESH_MS, backlogByOrder, type BacklogOrder } from './types';
import type { BacklogLine } from '../../../api-types';

const BACKLOG = 'resources.season-backlog';

const filters = [<SeasonFilterInput key="season_ticket_id" source="season_ticket_id" alwaysOn />];

/** How many seats still wait, and under them their labels. */
function PendingSeatsField(props: FieldProps<BacklogOrder>) {
  const order = useRecordContext<BacklogOrder>(props);
  const translate = useTranslate();
  if (order === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={order.seats.join(', ')} monospace>
      <Typography component="span" variant="body2">
        {translate('resources.season-orders.seats', { smart_count: order.seats.length })}
      </Typography>
    </StackedCell>
  );
}

/**
 * The backlog's lines read (up to the API's largest page), grouped by their order, in a table of
 * its own; says so when there are more lines than one read shows.
 */
function BacklogByOrderTable() {
  const translate = useTranslate();
  const { data, total } = useListContext<BacklogLine>();
  const orders = useMemo(() => backlogByOrder(data ?? []), [data]);
  const grouped = useList<BacklogOrder>({ data: orders, perPage: BACKLOG_PAGE, resource: 'season-backlog' });
  const openOrder = useSeasonOrderRowClick();
  return (
    <ListContextProvider value={grouped}>
      {total !== undefined && total > BACKLOG_PAGE && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate(`${BACKLOG}.truncated`, { shown: BACKLOG_PAGE, smart_count: total })}
        </Typography>
      )}
      <DataTable<BacklogOrder> rowClick={openOrder} bulkActionButtons={false}>
        <DataTable.Col source="paid_at" disableSort field={RomeDateTimeField} />
        <DataTable.Col source="buyer_email" label={`${BACKLOG}.columns.buyer`} disableSort field={BuyerSeasonField} />
        <DataTable.Col source="seats" label={`${BACKLOG}.columns.seats`} disableSort field={PendingSeatsField} />
        <DataTable.Col source="titles_issued" disableSort field={TitlesProgressField} />
        <DataTable.Col source="order_state" disableSort>
          <OrderStateField source="order_state" />
        </DataTable.Col>
        <DataTable.Col label={`${BACKLOG}.fields.actions`} disableSort field={BacklogRetryField} />
      </DataTable>
    </ListContextProvider>
  );
}

/**
 * The season backlog by reservation, at /admin/tickets/season_backlog: the collections still
 * waiting for match titles, one row per order (oldest payment first), with its seats waiting and
 * the titles issued of those expected summed over them; read again every 5 s while shown. A
 * failed order's retry is in its row; a row opens the order's page. The whole backlog (whatever
 * the filter) is exported to Excel from here.
 */
export function SeasonBacklogPage() {
  return (
    <ResourceContextProvider value="season-backlog">
      <List<BacklogLine>
        title={`${BACKLOG}.by_order_title`}
        storeKey="season-backlog.by_order"
        filters={filters}
        perPage={BACKLOG_PAGE}
        pagination={false}
        exporter={false}
        actions={<ExportListActions kind="season_backlog" />}
        queryOptions={{ refetchInterval: BACKLOG_REFRESH_MS }}
      >
        <BacklogByOrderTable />
      </List>
    </ResourceContextProvider>
  );
}
