import { DataTable, List, Pagination, ResourceContextProvider } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { SectorFilterInput } from '../sectors/SectorFilterInput';
import type { Price } from '../../../api-types';

const filters = [<SectorFilterInput key="sector_code" source="sector_code" alwaysOn />];

/** A stadium's prices fit on one page: every sector times every reduction sold online. */
const pagination = <Pagination rowsPerPageOptions={[50, 100, 200]} />;

/**
 * Default prices, at /admin/stadium/ticketprice: one per sector and reduction, in euros. A row
 * opens its price for editing.
 */
export function PriceList() {
  return (
    <ResourceContextProvider value="prices">
      <List<Price>
        title="resources.prices.title"
        filters={filters}
        sort={{ field: 'sector_code', order: 'ASC' }}
        perPage={100}
        pagination={pagination}
        exporter={false}
        actions={false}
      >
        <DataTable<Price> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col<Price> source="sector_name" disableSort render={(price) => `${price.sector_code} · ${price.sector_name}`} />
          <DataTable.Col<Price>
            source="reduction_name"
            disableSort
            render={(price) => `${price.reduction_name} (${price.reduction_code})`}
          />
          <DataTable.Col source="price_cents" disableSort align="right" field={PriceField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
