import Typography from '@mui/material/Typography';
import { DataTable, List, ResourceContextProvider, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { MatchField } from '../issuedTickets/MatchField';
import {
  NewSealField,
  TransferFromField,
  TransferOrderField,
  TransferSeatField,
  TransferStateField,
  TransferToField,
} from './TransferFields';
import { TRANSFER_STATES } from './types';
import { useTransferRowClick } from './useTransferOrderPath';
import type { StaffTransferView } from '../../../api-types';

const TRANSFERS = 'resources.transfers';

function useTransferFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${TRANSFERS}.filters.search`)} sx={{ minWidth: { md: 320 } }} />,
    <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={TRANSFER_STATES.map((state) => ({ id: state, name: `${TRANSFERS}.states.${state}` }))}
    />,
  ];
}

function NoTransfer() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${TRANSFERS}.empty`)}
    </Typography>
  );
}

/**
 * The changes of holder (cessioni), newest first (the API's one order, so no column sorts), to
 * answer fans at the ticket office: when, which match and seat, who passed it on (their account,
 * the holder then and the old seal), to whom (and whether they have an account, so the ticket is
 * in their wallet), the new seal, and where it stands, with the ticketing system's reason when it
 * refused. A season seat passed on for one match is marked "Abbonamento". Searched by a seal (old
 * or new), an e-mail or a name; narrowed to a match or a state. Read-only: a row, and its order's
 * link, open the order the ticket was bought with (the season order for a season seat).
 */
export function TransferList() {
  const filters = useTransferFilters();
  const openOrder = useTransferRowClick();
  return (
    <ResourceContextProvider value="transfers">
      <List<StaffTransferView>
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable<StaffTransferView> rowClick={openOrder} bulkActionButtons={false} empty={<NoTransfer />}>
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="fixture_title" disableSort>
            <MatchField source="fixture_title" />
          </DataTable.Col>
          <DataTable.Col source="sector_name" label={`${TRANSFERS}.fields.seat`} disableSort field={TransferSeatField} />
          <DataTable.Col source="from_email" label={`${TRANSFERS}.fields.from`} disableSort field={TransferFromField} />
          <DataTable.Col source="to_email" label={`${TRANSFERS}.fields.to`} disableSort field={TransferToField} />
          <DataTable.Col source="seal" disableSort field={NewSealField} />
          <DataTable.Col source="state" disableSort field={TransferStateField} />
          <DataTable.Col source="order_id" disableSort field={TransferOrderField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
