import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
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
  TopToolbar,
  useBasename,
  useTranslate,
} from 'react-admin';
import { PAGE_PATHS } from '../layout/paths';
import type { RenewalCode } from '../../../api-types';

const CODES = 'resources.renewal-codes';

function useCodeFilters() {
  const translate = useTranslate();
  return [<SearchInput key="q" source="q" alwaysOn placeholder={translate(`${CODES}.filters.search`)} sx={{ minWidth: { md: 320 } }} />];
}

/** "Importa la tabella dei codici": the import page. */
function ImportCodesButton({ variant }: { variant?: 'text' | 'contained' }) {
  const basename = useBasename();
  return (
    <Button
      component={LinkBase}
      to={`${basename}${PAGE_PATHS.renewalCodesImport}`}
      label={`${CODES}.action.import`}
      variant={variant}
    >
      <UploadFileOutlinedIcon />
    </Button>
  );
}

function NoCodes() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${CODES}.empty`)}
      </Typography>
      <ImportCodesButton variant="contained" />
    </Box>
  );
}

/**
 * The code table, at /admin/preemption/renewal_codes: each renewal code (P1-...) and the seat it
 * keeps for its holder, by code (the API's one order). The search takes the start of a code or
 * of a seat (CC-CC1-3).
 */
export function RenewalCodeList() {
  return (
    <ResourceContextProvider value="renewal-codes">
      <List<RenewalCode>
        title={`${CODES}.list_title`}
        filters={useCodeFilters()}
        perPage={25}
        exporter={false}
        empty={<NoCodes />}
        actions={
          <TopToolbar>
            <ImportCodesButton />
          </TopToolbar>
        }
      >
        <DataTable<RenewalCode> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="id" disableSort>
            <TextField source="id" sx={{ fontFamily: 'monospace' }} />
          </DataTable.Col>
          <DataTable.Col source="seat_label" disableSort>
            <TextField source="seat_label" sx={{ fontFamily: 'monospace' }} />
          </DataTable.Col>
          <DataTable.Col source="seat_id" align="right" disableSort />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
