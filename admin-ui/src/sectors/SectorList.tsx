import Box from '@mui/material/Box';
import { BooleanField, DataTable, Empty, List, ResourceContextProvider, TopToolbar } from 'react-admin';
import { ImportVenueButton } from './ImportVenueButton';
import type { Sector } from '../../../api-types';

/** The stadium's sectors, at /admin/stadium/sectors; a sector's page lists its blocks. */
export function SectorList() {
  return (
    <ResourceContextProvider value="sectors">
      <List<Sector>
        sort={{ field: 'code', order: 'ASC' }}
        perPage={50}
        exporter={false}
        actions={
          <TopToolbar>
            <ImportVenueButton />
          </TopToolbar>
        }
        empty={<SectorsEmpty />}
      >
        <DataTable<Sector> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="code" disableSort />
          <DataTable.Col source="name" disableSort />
          <DataTable.NumberCol source="capacity" disableSort />
          <DataTable.NumberCol source="blocks" disableSort />
          <DataTable.Col source="away" disableSort field={BooleanField} />
          <DataTable.Col source="no_map" disableSort field={BooleanField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}

/** Before the first import there is nothing to list: the import is the one thing to do. */
function SectorsEmpty() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Empty />
      <ImportVenueButton variant="contained" />
    </Box>
  );
}
