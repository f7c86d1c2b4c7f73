import Typography from '@mui/material/Typography';
import {
  DataTable,
  Link,
  Pagination,
  ReferenceManyField,
  TextField,
  useBasename,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EmailStatusField } from '../emails/EmailStatusChip';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { MatchField } from '../issuedTickets/MatchField';
import { SeatField, TitleField } from '../issuedTickets/TicketFields';
import { filteredListPath, PAGE_PATHS } from '../layout/paths';
import { Section } from '../layout/Section';
import { OrderStateField } from '../orders/OrderStateChip';
import { useOrderRowClick } from '../orders/useOrderPath';
import { CardStateField, HolderField as CardHolderField } from '../supporterCards/SupporterCardFields';
import { supporterCardsOfAccountPath } from '../supporterCards/types';
import type { IssuedTicket, OrderRow, OutboundEmailSummary, SupporterCard, UserView } from '../../../api-types';

const SHOW = 'resources.users.show';
/** Rows a section shows at a time: a page of the list, the whole list one click away. */
const PER_PAGE = 5;

function None({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
}

/** The section title's link to the whole list, narrowed to the account. */
function SeeAll({ path }: { path: string }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Typography component="span" variant="body2">
      <Link to={`${basename}${path}`}>{translate(`${SHOW}.see_all`)}</Link>
    </Typography>
  );
}

const pagination = <Pagination rowsPerPageOptions={[PER_PAGE]} />;

/** The account's orders, newest first (`filter={"user_id"}`); a row opens the order's page. */
function UserOrders({ user }: { user: UserView }) {
  return (
    <Section title={`${SHOW}.sections.orders`} action={<SeeAll path={filteredListPath('/orders', { user_id: user.id })} />}>
      <ReferenceManyField<UserView, OrderRow>
        reference="orders"
        target="user_id"
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={PER_PAGE}
        pagination={pagination}
        empty={<None text={`${SHOW}.none.orders`} />}
      >
        <DataTable<OrderRow> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="fixture_title" disableSort />
          <DataTable.Col source="state" disableSort>
            <OrderStateField source="state" />
          </DataTable.Col>
          <DataTable.Col source="total_cents" align="right" disableSort field={PriceField} />
        </DataTable>
      </ReferenceManyField>
    </Section>
  );
}

const orderOfTicket = (ticket: IssuedTicket) => ticket.order_id;

/** The titles issued on the account's orders, latest first; a row opens the ticket's order. */
function UserTickets({ user }: { user: UserView }) {
  const openOrder = useOrderRowClick(orderOfTicket);
  return (
    <Section
      title={`${SHOW}.sections.tickets`}
      action={<SeeAll path={filteredListPath(PAGE_PATHS.issuedTickets, { user_id: user.id })} />}
    >
      <ReferenceManyField<UserView, IssuedTicket>
        reference="issued-tickets"
        target="user_id"
        sort={{ field: 'issued_at', order: 'DESC' }}
        perPage={PER_PAGE}
        pagination={pagination}
        empty={<None text={`${SHOW}.none.tickets`} />}
      >
        <DataTable<IssuedTicket> rowClick={openOrder} bulkActionButtons={false}>
          <DataTable.Col source="issued_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="fixture_title" disableSort>
            <MatchField source="fixture_title" />
          </DataTable.Col>
          <DataTable.Col source="label" label="resources.issued-tickets.columns.seat" disableSort field={SeatField} />
          <DataTable.Col source="holder_name" disableSort />
          <DataTable.Col source="state" label="resources.issued-tickets.columns.title" disableSort field={TitleField} />
        </DataTable>
      </ReferenceManyField>
    </Section>
  );
}

/** The supporter cards the account holds (the cards list accepts `user_id`). */
function UserCards({ user }: { user: UserView }) {
  return (
    <Section title={`${SHOW}.sections.cards`} action={<SeeAll path={supporterCardsOfAccountPath(user.id)} />}>
      <ReferenceManyField<UserView, SupporterCard>
        reference="supporter-cards"
        target="user_id"
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={PER_PAGE}
        pagination={pagination}
        empty={<None text={`${SHOW}.none.cards`} />}
      >
        <DataTable<SupporterCard> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="card_number" disableSort>
            <TextField source="card_number" sx={{ fontFamily: 'monospace' }} />
          </DataTable.Col>
          <DataTable.Col source="holder_last_name" label="resources.supporter-cards.columns.holder" disableSort field={CardHolderField} />
          <DataTable.Col source="card_state" disableSort field={CardStateField} />
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
        </DataTable>
      </ReferenceManyField>
    </Section>
  );
}

/** The e-mails sent to the account's address (the e-mail log searched by it); a row opens the e-mail. */
function UserEmails({ user }: { user: UserView }) {
  return (
    <Section title={`${SHOW}.sections.emails`} action={<SeeAll path={filteredListPath('/emails', { q: user.email })} />}>
      <ReferenceManyField<UserView, OutboundEmailSummary>
        reference="emails"
        target="q"
        source="email"
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={PER_PAGE}
        pagination={pagination}
        empty={<None text={`${SHOW}.none.emails`} />}
      >
        <DataTable<OutboundEmailSummary> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="subject" disableSort />
          <DataTable.Col source="status" disableSort>
            <EmailStatusField source="status" />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Section>
  );
}

/**
 * What staff look at when helping a customer, below their profile: their orders, tickets,
 * supporter cards and e-mails, a page of each with the whole list one click away.
 */
export function UserRecords() {
  const user = useRecordContext<UserView>();
  if (user === undefined) {
    return null;
  }
  return (
    <>
      <UserOrders user={user} />
      <UserTickets user={user} />
      <UserCards user={user} />
      <UserEmails user={user} />
    </>
  );
}
