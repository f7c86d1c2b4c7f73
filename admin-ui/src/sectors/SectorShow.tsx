import {
  BooleanField,
  DataTable,
  ListButton,
  NumberField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import type { Block, Sector } from '../../../api-types';

/** One sector and its blocks; a block opens for its gate and season sale. */
export function SectorShow() {
  return (
    <Show<Sector>
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="code" />
        <TextField source="name" />
        <NumberField source="capacity" />
        <BooleanField source="away" />
        <BooleanField source="no_map" />
        <ReferenceManyField
          reference="blocks"
          target="sector_code"
          label="resources.sectors.fields.blocks"
          sort={{ field: 'code', order: 'ASC' }}
          perPage={100}
        >
          <DataTable<Block> rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="code" />
            <DataTable.Col source="gate" />
            <DataTable.NumberCol source="capacity" />
            <DataTable.NumberCol source="rows" />
            <DataTable.NumberCol source="seats_per_row" />
            <DataTable.Col source="season_sellable" field={BooleanField} />
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
