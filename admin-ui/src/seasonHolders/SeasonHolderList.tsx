import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Button,
  DataTable,
  LinkBase,
  List,
  ResourceContextProvider,
  SearchInput,
  TextField,
  TextInput,
  TopToolbar,
  useBasename,
  useTranslate,
} from 'react-admin';
import { PAGE_PATHS } from '../layout/paths';
import { HolderBirthField, HolderNameField, HolderSeatField, HolderUsedForField } from './SeasonHolderFields';
import type { SeasonHolder } from '../../../api-types';

const HOLDERS = 'resources.season-holders';

function useHolderFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${HOLDERS}.filters.search`)} sx={{ minWidth: { md: 480 } }} />,
    <TextInput key="label" source="label" alwaysOn label={`${HOLDERS}.filters.label`} sx={{ width: 180 }} />,
  ];
}

/** A link to the import of a new sheet. */
function ImportSheetButton() {
  const basename = useBasename();
  return (
    <Button component={LinkBase} to={`${basename}${PAGE_PATHS.holdersImport}`} label={`${HOLDERS}.action.import`}>
      <GroupAddOutlinedIcon />
    </Button>
  );
}

function NoHolders() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${HOLDERS}.empty`)}
      </Typography>
      <ImportSheetButton />
    </Box>
  );
}

/**
 * Last season's holders imported from the club's sheets, at /admin/preemption/season_holders:
 * the newest season first, then by surname (the API's one order). The search takes a fiscal
 * seal, a renewal code (whole) or the start of a surname; the season filter narrows to one label
 * (2025-2026).
 */
export function SeasonHolderList() {
  return (
    <ResourceContextProvider value="season-holders">
      <List<SeasonHolder>
        title={`${HOLDERS}.list_title`}
        filters={useHolderFilters()}
        perPage={25}
        exporter={false}
        empty={<NoHolders />}
        actions={
          <TopToolbar>
            <ImportSheetButton />
          </TopToolbar>
        }
      >
        <DataTable<SeasonHolder> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="last_name" label={`${HOLDERS}.fields.name`} disableSort field={HolderNameField} />
          <DataTable.Col source="birth_date" disableSort field={HolderBirthField} />
          <DataTable.Col source="fiscal_seal" disableSort>
            <TextField source="fiscal_seal" sx={{ fontFamily: 'monospace' }} />
          </DataTable.Col>
          <DataTable.Col source="label" disableSort />
          <DataTable.Col source="kind" disableSort />
          <DataTable.Col source="renewal_code" disableSort field={HolderSeatField} />
          <DataTable.Col source="used_for" disableSort field={HolderUsedForField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
