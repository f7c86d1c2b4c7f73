import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ExportButton } from '../exports/ExportButton';
import { fixtureIdOf } from '../exports/types';
import { formatEuros } from '../fields/money';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { AccountFilterInput } from '../users/AccountFilterInput';
import { SaleChannelField } from '../orders/SaleChannelField';
import { useOrderRowClick } from '../orders/useOrderPath';
import { MatchField } from './MatchField';
import { HolderField, SeatField, TitleField } from './TicketFields';
import { TICKET_STATES } from './types';
import type { IssuedTicket } from '../../../api-types';

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
    <AccountFilterInput key="user_id" source="user_id" />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={TICKET_STATES.map((state) => ({ id: state, name: `resources.issued-tickets.states.${state}` }))}
    />,
  ];
}

/**
 * Export to Excel: the issued tickets of the match chosen in the filter, or of every match. The
 * export takes only the fixture (the search and the state are the list's own), which its hint
 * says.
 */
function IssuedTicketListActions() {
  const translate = useTranslate();
  const { filterValues } = useListContext<IssuedTicket>();
  const fixtureId = fixtureIdOf((filterValues as Record<string, unknown>).fixture_id);
  return (
    <TopToolbar>
      <ExportButton
        kind="tickets"
        fixtureId={fixtureId}
        hint={translate(
          fixtureId === undefined ? 'resources.exports.hints.tickets_all' : 'resources.exports.hints.tickets_fixture',
        )}
      />
    </TopToolbar>
  );
}

/**
 * Issued tickets, at /admin/tickets/issuedtickets, latest first: who holds which seat of which
 * match, the fiscal seal, and whether the title is valid, used or cancelled. The search takes a
 * holder's name, a buyer's e-mail, a seal or a seat label. The tickets of the chosen match (or of
 * all) are exported to Excel from here.
 */
export function IssuedTicketList() {
  const filters = useIssuedTicketFilters();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  return (
    <ResourceContextProvider value="issued-tickets">
      <List<IssuedTicket>
        filters={filters}
        sort={{ field: 'issued_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={<IssuedTicketListActions />}
      >
        {isSmall ? <IssuedTicketSimpleList /> : <IssuedTicketTable withPayment={!isNarrow} />}
      </List>
    </ResourceContextProvider>
  );
}

/** A ticket's row opens its order's page (the ticket's own page is linked from there). */
const orderOfTicket = (ticket: IssuedTicket) => ticket.order_id;

/**
 * Sorted by issue time, match, seat or holder, the orders the API knows (price, state and payment
 * do not sort). Seven columns, so
 * the table fits a 1366 px desktop beside the menu: the seat's row, number and gate under its
 * label, the buyer under the holder, the seal under the state, the staff mark beside the payment.
 * Below 1200 px the payment goes too (it is on the ticket's page, as every field).
 */
function IssuedTicketTable({ withPayment }: { withPayment: boolean }) {
  const openOrder = useOrderRowClick(orderOfTicket);
  return (
    <DataTable<IssuedTicket> rowClick={openOrder} bulkActionButtons={false}>
      <DataTable.Col source="issued_at" field={RomeDateTimeField} />
      <DataTable.Col source="fixture_title">
        <MatchField source="fixture_title" />
      </DataTable.Col>
      <DataTable.Col source="label" label="resources.issued-tickets.columns.seat" field={SeatField} />
      <DataTable.Col source="holder_name" label="resources.issued-tickets.columns.holder" field={HolderField} />
      <DataTable.Col source="price_cents" align="right" disableSort field={PriceField} />
      <DataTable.Col source="state" label="resources.issued-tickets.columns.title" disableSort field={TitleField} />
      {withPayment ? <DataTable.Col source="payment_method" disableSort field={SaleChannelField} /> : null}
    </DataTable>
  );
}

/** On a narrow screen: one line per ticket, seat and holder first. */
function IssuedTicketSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const openOrder = useOrderRowClick(orderOfTicket);
  return (
    <SimpleList<IssuedTicket>
      rowClick={openOrder}
      primaryText={(ticket) => `${ticket.label} · ${ticket.holder_name}`}
      secondaryText={(ticket) =>
        [
          ticket.fixture_title,
          formatEuros(ticket.price_cents, locale),
          ticket.issued_at ? formatRomeDateTime(ticket.issued_at, locale) : null,
        ]
          .filter((part) => part !== null)
          .join(' · ')
      }
      tertiaryText={(ticket) => translate(`resources.issued-tickets.states.${ticket.state}`, { _: ticket.state })}
    />
  );
}
