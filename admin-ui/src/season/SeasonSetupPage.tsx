import Typography from '@mui/material/Typography';
import {
  BooleanField,
  DataTable,
  List,
  Pagination,
  ReferenceField,
  ResourceContextProvider,
  useTranslate,
} from 'react-admin';
import { SectorFilterInput } from '../sectors/SectorFilterInput';
import { SeasonSellableSwitch } from './SeasonSellableSwitch';
import type { Block } from '../../../api-types';

const filters = [<SectorFilterInput key="sector_code" source="sector_code" alwaysOn />];

/** The whole stadium on one page (about 40 blocks), so every switch is in reach. */
const pagination = <Pagination rowsPerPageOptions={[50, 100, 200]} />;

/**
 * Season setup, at /admin/stadium/season: which blocks sell season tickets, one switch per
 * block. Its own list state (filter, page), apart from the blocks page.
 */
export function SeasonSetupPage() {
  return (
    <ResourceContextProvider value="blocks">
      <List<Block>
        title="pages.season.title"
        storeKey="blocks.season"
        filters={filters}
        sort={{ field: 'sector_code', order: 'ASC' }}
        perPage={100}
        pagination={pagination}
        exporter={false}
        actions={false}
      >
        <SeasonHint />
        <DataTable<Block> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="sector_code">
            <ReferenceField source="sector_code" reference="sectors" link={false} />
          </DataTable.Col>
          <DataTable.Col source="code" />
          <DataTable.Col source="gate" />
          <DataTable.NumberCol source="capacity" />
          <DataTable.Col source="no_map" field={BooleanField} />
          <DataTable.Col source="season_sellable" disableSort>
            <SeasonSellableSwitch source="season_sellable" />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}

function SeasonHint() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
      {translate('pages.season.hint')}
    </Typography>
  );
}
