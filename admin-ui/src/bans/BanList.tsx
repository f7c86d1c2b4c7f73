import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { BanExportButton } from './BanExportButton';
import { BanStateField, CreatedByField, MirrorField, ReasonField } from './BanFields';
import { BAN_STATES, banResource, banSubject, type Ban, type BanType, type EmailBan, type TitleBan } from './types';

const BANS = 'resources.bans';

function useBanFilters(type: BanType) {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(`resources.${banResource(type)}.search`)}
      sx={{ minWidth: { md: 320 } }}
    />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={BAN_STATES.map((state) => ({ id: state, name: `${BANS}.states.${state}` }))}
    />,
  ];
}

function NoBan() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${BANS}.empty`)}
    </Typography>
  );
}

/** A new ban, and the list (as filtered) as an Excel sheet. */
function BanListActions({ type }: { type: BanType }) {
  return (
    <TopToolbar>
      <CreateButton label={`${BANS}.create`} />
      <BanExportButton type={type} />
    </TopToolbar>
  );
}

/** The dates and who made it: the columns both kinds end with. */
const tailColumns = [
  <DataTable.Col key="state" source="state" disableSort field={BanStateField} />,
  <DataTable.Col key="start_at" source="start_at" disableSort field={RomeDateTimeField} />,
  <DataTable.Col key="end_at" source="end_at" disableSort>
    <RomeDateTimeField source="end_at" emptyText="—" />
  </DataTable.Col>,
  <DataTable.Col key="reason" source="reason" disableSort field={ReasonField} />,
  <DataTable.Col key="created_by" source="created_by" disableSort field={CreatedByField} />,
];

/** The e-mail, its state, start and end, the reason and who made it. A row opens the ban. */
function EmailBanTable() {
  return (
    <DataTable<EmailBan> rowClick="show" bulkActionButtons={false} empty={<NoBan />}>
      <DataTable.Col source="email" disableSort />
      {tailColumns}
    </DataTable>
  );
}

/**
 * The seal, its holder and match or season, its state, start and end, the reason, who made it,
 * and whether the ticketing system has it. A row opens the ban.
 */
function TitleBanTable() {
  return (
    <DataTable<TitleBan> rowClick="show" bulkActionButtons={false} empty={<NoBan />}>
      <DataTable.Col source="seal" disableSort>
        <TextField source="seal" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} />
      </DataTable.Col>
      <DataTable.Col source="holder_name" disableSort>
        <TextField source="holder_name" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="event" disableSort>
        <TextField source="event" emptyText="—" />
      </DataTable.Col>
      {tailColumns}
      <DataTable.Col source="mirror" disableSort field={MirrorField} />
    </DataTable>
  );
}

/** On a phone: one line per ban, what it bars first; its page has the buttons. */
function BanSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<Ban>
      linkType="show"
      primaryText={(ban) => banSubject(ban)}
      secondaryText={(ban) =>
        [
          translate(`${BANS}.states.${ban.state}`, { _: ban.state }),
          formatRomeDateTime(ban.start_at, locale),
          ban.end_at ? formatRomeDateTime(ban.end_at, locale) : translate(`${BANS}.no_end`),
        ].join(' · ')
      }
      tertiaryText={(ban) => ban.reason}
      empty={<NoBan />}
    />
  );
}

/**
 * The bans of one kind, newest first (the API's one order, so no column sorts): searched by a
 * part of the e-mail or seal and narrowed to a state; a new ban, and the list as an Excel sheet,
 * one click away. A table on a desktop, a list of lines on a phone.
 */
function BanList({ type }: { type: BanType }) {
  const resource = banResource(type);
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceContextProvider value={resource}>
      <List<Ban>
        title={`resources.${resource}.list_title`}
        filters={useBanFilters(type)}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        actions={<BanListActions type={type} />}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {isSmall ? <BanSimpleList /> : type === 'titles' ? <TitleBanTable /> : <EmailBanTable />}
      </List>
    </ResourceContextProvider>
  );
}

/** The bans of titles, at /admin/ban/titles (and /admin/ban). */
export function TitleBanList() {
  return <BanList type="titles" />;
}

/** The bans of e-mails, at /admin/ban/emails. */
export function EmailBanList() {
  return <BanList type="emails" />;
}
