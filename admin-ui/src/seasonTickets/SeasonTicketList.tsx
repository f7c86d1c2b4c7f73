import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, Empty, List, ResourceContextProvider, TopToolbar, useTranslate } from 'react-admin';
import { ImportFixturesButton } from '../fixtures/ImportFixturesButton';
import { InventoryField } from '../fixtures/InventoryField';
import { SeasonFromPriceField, SeasonPeriodField } from './SeasonFields';
import { SeasonSaleButtons } from './SeasonSaleButtons';
import { SeasonTicketStatusField } from './SeasonTicketStatusChip';
import { isSeasonCopying, SEASON_INVENTORY_REFRESH_MS } from './types';
import type { SeasonTicket } from '../../../api-types';

/**
 * The season tickets, at /admin/seasontickets, the soonest first (the API's order: no column
 * sorts). Staff put one on sale or take it off from here; while its matches' seats are being
 * copied the list refreshes itself until they are ready. Season tickets come with the matches'
 * import from the ticketing system.
 */
export function SeasonTicketList() {
  return (
    <ResourceContextProvider value="season-tickets">
      <List<SeasonTicket>
        title="resources.season-tickets.list_title"
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <ImportFixturesButton />
          </TopToolbar>
        }
        empty={<SeasonTicketsEmpty />}
        queryOptions={{
          refetchInterval: (query) =>
            query.state.data?.data.some(isSeasonCopying) ? SEASON_INVENTORY_REFRESH_MS : false,
        }}
      >
        <DataTable<SeasonTicket> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="label" disableSort />
          <DataTable.Col source="matches" align="right" disableSort />
          <DataTable.Col label="resources.season-tickets.fields.period" disableSort>
            <SeasonPeriodField source="first_match_at" />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort>
            <SeasonTicketStatusField source="status" />
          </DataTable.Col>
          <DataTable.Col source="inventory_ready" disableSort>
            <InventoryField source="inventory_ready" />
          </DataTable.Col>
          <DataTable.Col source="from_price_cents" align="right" disableSort>
            <SeasonFromPriceField source="from_price_cents" />
          </DataTable.Col>
          <DataTable.Col label="resources.season-tickets.fields.actions" disableSort>
            <SeasonSaleButtons />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}

/** No season tickets yet: they come in with the matches' import. */
function SeasonTicketsEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Empty />
      <Typography variant="body2" color="text.secondary">
        {translate('resources.season-tickets.empty.hint')}
      </Typography>
      <ImportFixturesButton variant="contained" />
    </Box>
  );
}
