import Typography from '@mui/material/Typography';
import { DataTable, List, ResourceContextProvider, useRecordContext, type FieldProps } from 'react-admin';
import { ExportListActions } from '../exports/ExportListActions';
import { HolderField } from '../issuedTickets/TicketFields';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { StackedCell } from '../fields/StackedCell';
import { OrderStateField } from '../orders/OrderStateChip';
import { BacklogRetryField } from './BacklogFields';
import { useSeasonOrderRowClick } from './useSeasonOrderRowClick';
import { SeasonFilterInput } from './SeasonFilterInput';
import { TitlesProgressField } from './SeasonOrderFields';
import { BACKLOG_REFRESH_MS } from './types';
import type { BacklogLine } from '../../../api-types';

const filters = [<SeasonFilterInput key="season_ticket_id" source="season_ticket_id" alwaysOn />];

/** The seat's label, and under it its sector. */
function BacklogSeatField(props: FieldProps<BacklogLine>) {
  const line = useRecordContext<BacklogLine>(props);
  if (line === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={line.sector_name}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {line.seat_label}
      </Typography>
    </StackedCell>
  );
}

/**
 * The season backlog by seat, at /admin/tickets/seat_season_backlog: each collection of a paid
 * order still waiting for match titles, oldest payment first (the API's order), with its
 * progress; read again every 5 s while shown. A failed order's retry is in its rows; a row opens
 * the order's page. The whole backlog (whatever the filter) is exported to Excel from here.
 */
export function SeatBacklogList() {
  const openOrder = useSeasonOrderRowClick();
  return (
    <ResourceContextProvider value="season-backlog">
      <List<BacklogLine>
        title="resources.season-backlog.by_seat_title"
        storeKey="season-backlog.by_seat"
        filters={filters}
        perPage={25}
        exporter={false}
        actions={<ExportListActions kind="season_backlog" />}
        queryOptions={{ refetchInterval: BACKLOG_REFRESH_MS }}
      >
        <DataTable<BacklogLine> rowClick={openOrder} bulkActionButtons={false}>
          <DataTable.Col source="paid_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="season_name" disableSort />
          <DataTable.Col source="seat_label" disableSort field={BacklogSeatField} />
          <DataTable.Col source="holder_name" label="resources.season-backlog.columns.holder" disableSort field={HolderField} />
          <DataTable.Col source="titles_issued" disableSort field={TitlesProgressField} />
          <DataTable.Col source="order_state" disableSort>
            <OrderStateField source="order_state" />
          </DataTable.Col>
          <DataTable.Col label="resources.season-backlog.fields.actions" disableSort field={BacklogRetryField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
