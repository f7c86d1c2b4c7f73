import { BooleanField, DataTable, List, ReferenceField, ResourceContextProvider } from 'react-admin';
import { SectorFilterInput } from '../sectors/SectorFilterInput';
import type { Block } from '../../../api-types';

const filters = [<SectorFilterInput key="sector_code" source="sector_code" alwaysOn />];

/** Every block of the stadium, at /admin/stadium/blocks, by sector; a block opens for editing. */
export function BlockList() {
  return (
    <ResourceContextProvider value="blocks">
      <List<Block>
        filters={filters}
        sort={{ field: 'sector_code', order: 'ASC' }}
        perPage={50}
        exporter={false}
        actions={false}
      >
        <DataTable<Block> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="sector_code" disableSort>
            <ReferenceField source="sector_code" reference="sectors" link={false} />
          </DataTable.Col>
          <DataTable.Col source="code" disableSort />
          <DataTable.Col source="gate" disableSort />
          <DataTable.NumberCol source="capacity" disableSort />
          <DataTable.NumberCol source="rows" disableSort />
          <DataTable.NumberCol source="seats_per_row" disableSort />
          <DataTable.Col source="no_map" disableSort field={BooleanField} />
          <DataTable.Col source="away" disableSort field={BooleanField} />
          <DataTable.Col source="season_sellable" disableSort field={BooleanField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
