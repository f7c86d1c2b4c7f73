import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../fields/money';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { ByStaffField } from '../orders/ByStaffField';
import { PaymentMethodField } from '../orders/PaymentMethodField';
import { MatchField } from './MatchField';
import { TicketStateField } from './TicketStateChip';
import { TICKET_STATES, type IssuedTicket } from './types';

function useIssuedTicketFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.issued-tickets.filters.search')}
      sx={{ minWidth: { md: 340 } }}
    />,
    <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={TICKET_STATES.map((state) => ({ id: state, name: `resources.issued-tickets.states.${state}` }))}
    />,
  ];
}

/**
 * Issued tickets, at /admin/tickets/issuedtickets, latest first: who holds which seat of which
 * match, the fiscal seal, and whether the title is valid, used or cancelled. The search takes a
 * holder's name, a buyer's e-mail, a seal or a seat label.
 */
export function IssuedTicketList() {
  const filters = useIssuedTicketFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceContextProvider value="issued-tickets">
      <List<IssuedTicket>
        filters={filters}
        sort={{ field: 'issued_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
      >
        {isSmall ? <IssuedTicketSimpleList /> : <IssuedTicketTable />}
      </List>
    </ResourceContextProvider>
  );
}

/** Sorted by issue time only: it is the one order the API's contract names. */
function IssuedTicketTable() {
  return (
    <DataTable<IssuedTicket> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="issued_at" field={RomeDateTimeField} />
      <DataTable.Col source="fixture_title" disableSort>
        <MatchField source="fixture_title" />
      </DataTable.Col>
      <DataTable.Col source="label" disableSort>
        <TextField source="label" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} />
      </DataTable.Col>
      <DataTable.Col source="sector_code" disableSort />
      <DataTable.Col source="row" disableSort />
      <DataTable.Col source="number" disableSort />
      <DataTable.Col source="gate" disableSort>
        <TextField source="gate" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="holder_name" disableSort />
      <DataTable.Col source="buyer_email" disableSort />
      <DataTable.Col source="price_cents" align="right" disableSort field={PriceField} />
      <DataTable.Col source="seal" disableSort>
        <TextField source="seal" sx={{ fontFamily: 'monospace' }} />
      </DataTable.Col>
      <DataTable.Col source="state" disableSort>
        <TicketStateField source="state" />
      </DataTable.Col>
      <DataTable.Col source="is_order_by_admin" disableSort field={ByStaffField} />
      <DataTable.Col source="payment_method" disableSort field={PaymentMethodField} />
    </DataTable>
  );
}

/** On a narrow screen: one line per ticket, seat and holder first. */
function IssuedTicketSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<IssuedTicket>
      linkType="show"
      primaryText={(ticket) => `${ticket.label} · ${ticket.holder_name}`}
      secondaryText={(ticket) =>
        `${ticket.fixture_title} · ${formatEuros(ticket.price_cents, locale)} · ${formatRomeDateTime(ticket.issued_at, locale)}`
      }
      tertiaryText={(ticket) => translate(`resources.issued-tickets.states.${ticket.state}`, { _: ticket.state })}
    />
  );
}
