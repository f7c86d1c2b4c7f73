import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { CreatedByField, ReasonField } from '../bans/BanFields';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatCalendarDate } from '../fields/romeDateTime';
import { SwitchFilterInput } from '../fields/SwitchFilterInput';
import { BirthDateField, EntryMirrorField, EntryStateField, FiscalCodeField } from './BlacklistFields';
import { entryState, type BlacklistEntry } from './types';

const BLACKLIST = 'resources.blacklist';

/** A part of the name or of the fiscal code ("Cerca"), and only those in force. */
function useBlacklistFilters() {
  const translate = useTranslate();
  const search = translate('ra.action.search');
  return [
    <SearchInput key="q" source="q" alwaysOn slotProps={{ htmlInput: { 'aria-label': search } }} sx={{ minWidth: { md: 320 } }} />,
    <SwitchFilterInput key="current" source="current" alwaysOn label={`${BLACKLIST}.current_only`} />,
  ];
}

function NoEntry() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${BLACKLIST}.empty`)}
    </Typography>
  );
}

/** A person added to the list. */
function BlacklistListActions() {
  return (
    <TopToolbar>
      <CreateButton label={`${BLACKLIST}.create`} />
    </TopToolbar>
  );
}

/**
 * The person (surname first, as staff search), born when, their fiscal code, why, when and by
 * whom they were added, whether they are on the list now, and whether the ticketing system has
 * it. A row opens the entry.
 */
function BlacklistTable() {
  return (
    <DataTable<BlacklistEntry> rowClick="show" bulkActionButtons={false} empty={<NoEntry />}>
      <DataTable.Col source="last_name" disableSort />
      <DataTable.Col source="first_name" disableSort />
      <DataTable.Col source="birth_date" disableSort field={BirthDateField} />
      <DataTable.Col source="fiscal_code" disableSort field={FiscalCodeField} />
      <DataTable.Col source="reason" disableSort field={ReasonField} />
      <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col source="created_by" disableSort>
        <CreatedByField source="created_by" emptyText={`${BLACKLIST}.deleted_account`} />
      </DataTable.Col>
      <DataTable.Col source="state" disableSort field={EntryStateField} />
      <DataTable.Col source="mirror" disableSort field={EntryMirrorField} />
    </DataTable>
  );
}

/** On a phone: one line per person, their name first; the entry's page has the button. */
function BlacklistSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<BlacklistEntry>
      linkType="show"
      primaryText={(entry) => `${entry.last_name} ${entry.first_name}`}
      secondaryText={(entry) =>
        [formatCalendarDate(entry.birth_date, locale), entry.fiscal_code, translate(`${BLACKLIST}.states.${entryState(entry)}`)]
          .filter((part) => part !== '')
          .join(' · ')
      }
      tertiaryText={(entry) => entry.reason}
      empty={<NoEntry />}
    />
  );
}

/**
 * The club's blacklist, at /admin/ban/blacklist: the people it will not sell to, newest first
 * (the API's one order, so no column sorts), searched by a part of the name or fiscal code and
 * narrowed to those in force; a person added one click away. A table on a desktop, a list of
 * lines on a phone.
 */
export function BlacklistList() {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceContextProvider value="blacklist">
      <List<BlacklistEntry>
        title={`${BLACKLIST}.list_title`}
        filters={useBlacklistFilters()}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        actions={<BlacklistListActions />}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {isSmall ? <BlacklistSimpleList /> : <BlacklistTable />}
      </List>
    </ResourceContextProvider>
  );
}
