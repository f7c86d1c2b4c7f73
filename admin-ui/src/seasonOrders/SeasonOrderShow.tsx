import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  Link,
  ListButton,
  Loading,
  Show,
  TopToolbar,
  useCreatePath,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../fields/money';
import { StackedCell } from '../fields/StackedCell';
import { DateTime, EmptyText, Fact, Facts, HeadCells, Mono } from '../layout/Facts';
import { Section } from '../layout/Section';
import { HolderCell, PriceCell, SeatCell, TitleState } from '../orders/LineCells';
import { OrderStateChip } from '../orders/OrderStateChip';
import { PaymentStatusChip } from '../orders/PaymentStatusChip';
import { isOrderState, isPaymentStatus } from '../orders/types';
import { ResendSeasonOrderButton, SeasonOrderButtons } from './SeasonOrderButtons';
import { TitlesProgress } from './SeasonOrderFields';
import { titlesOfOrder } from './types';
import type { CoveredMatch, MatchTitle, SeasonOrder, SeasonOrderLine, SeasonOrderRow } from '../../../api-types';

const SEASON_ORDERS = 'resources.season-orders';
const SHOW = `${SEASON_ORDERS}.show`;
const LINES = 'resources.orders.show.lines';

/** The page's title: the season ticket and the buyer. */
function SeasonOrderTitle() {
  const order = useRecordContext<SeasonOrder>();
  return <>{isWholeOrder(order) ? `${order.season.name} · ${order.buyer_email}` : ''}</>;
}

function SeasonOrderShowActions() {
  return (
    <TopToolbar>
      <ListButton />
    </TopToolbar>
  );
}

/**
 * The staff member who sold the order at the box office (their e-mail), undefined for a fan's own
 * or until known. The order's page does not say it (`GET /season-orders/{id}`): its row in the
 * list does, found among the buyer's orders of that season ticket.
 */
function useSoldBy(order: SeasonOrder): string | undefined {
  const { data: rows = [] } = useGetList<SeasonOrderRow>('season-orders', {
    filter: { q: order.buyer_email, season_ticket_id: order.season.id },
    sort: { field: 'paid_at', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  return rows.find((row) => String(row.id) === String(order.id))?.sold_by ?? undefined;
}

/**
 * Who bought which season ticket, its state, payment (and who sold it) and how far issuing got;
 * retry and refund while failed, the purchase e-mail sent again once issued.
 */
function SeasonOrderSummary({ order }: { order: SeasonOrder }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const soldBy = useSoldBy(order);
  const titles = titlesOfOrder(order);
  const collections = order.lines.filter((line) => line.collection).length;
  const facts = { ...order, season_name: order.season.name, ...titles };
  return (
    <Section title={`${SHOW}.sections.summary`}>
      <Facts>
        <Fact label={`${SEASON_ORDERS}.fields.id`}>
          <Mono>{order.id}</Mono>
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.state`}>
          {isOrderState(order.state) ? <OrderStateChip state={order.state} /> : order.state}
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.season_name`}>
          <Link to={createPath({ resource: 'season-tickets', id: order.season.id, type: 'show' })}>{order.season.name}</Link>
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.buyer_email`}>{order.buyer_email}</Fact>
        <Fact label={`${SEASON_ORDERS}.fields.total_cents`}>{formatEuros(order.total_cents, locale)}</Fact>
        <Fact label={`${SEASON_ORDERS}.fields.seats`}>
          {translate(`${SEASON_ORDERS}.seats`, { smart_count: order.lines.length })}
          {collections > 0 && ` · ${translate(`${SEASON_ORDERS}.collections`, { smart_count: collections })}`}
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.titles_issued`}>
          <TitlesProgress {...titles} />
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.payment_status`}>
          {isPaymentStatus(order.payment_status) ? <PaymentStatusChip status={order.payment_status} /> : order.payment_status}
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.payment_method`}>
          {translate(`resources.orders.payment_methods.${order.payment_method}`, { _: order.payment_method })}
          {soldBy && ` · ${translate('resources.orders.sold_by', { staff: soldBy })}`}
        </Fact>
        <Fact label={`${SEASON_ORDERS}.fields.created_at`}>
          <DateTime value={order.created_at} />
        </Fact>
      </Facts>
      {order.state === 'failed' && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Typography variant="body2" color="error">
            {translate(`${SHOW}.failed`)}
          </Typography>
          <SeasonOrderButtons order={facts} />
        </Box>
      )}
      {order.state === 'issued' && (
        <Box sx={{ mt: 2 }}>
          <ResendSeasonOrderButton order={facts} />
        </Box>
      )}
    </Section>
  );
}

/** A collection's matches, each with its kick-off in Como time and its title once issued. */
function CollectionMatches({ matches, titles }: { matches: readonly CoveredMatch[]; titles: readonly MatchTitle[] }) {
  const byFixture = new Map(titles.map((title) => [title.fixture_id, title]));
  return (
    <Table size="small">
      <HeadCells labels={[`${SHOW}.matches.match`, `${SHOW}.matches.starts_at`, `${SHOW}.matches.title`]} />
      <TableBody>
        {matches.map((match) => (
          <TableRow key={match.fixture_id} data-testid="match-title">
            <TableCell>{match.title}</TableCell>
            <TableCell>
              <DateTime value={match.starts_at} />
            </TableCell>
            <TableCell>
              <TitleState state={byFixture.get(match.fixture_id)?.state} seal={byFixture.get(match.fixture_id)?.seal} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One season seat: where, who holds it, season title or collection, its price, its title(s). */
function SeasonLineRows({ line, matches }: { line: SeasonOrderLine; matches: readonly CoveredMatch[] }) {
  const translate = useTranslate();
  const kind = line.collection ? 'collection' : 'season';
  return (
    <>
      <TableRow data-testid="season-line">
        <SeatCell seat={line} />
        <HolderCell name={line.holder ? `${line.holder.first_name} ${line.holder.last_name}` : null} birthDate={line.holder?.birth_date} />
        <TableCell>
          <StackedCell secondary={translate(`${SHOW}.queue.${line.issue_queue_status}`, { _: line.issue_queue_status })}>
            <Chip size="small" variant="outlined" label={translate(`${SHOW}.kinds.${kind}`)} data-kind={kind} />
          </StackedCell>
        </TableCell>
        <PriceCell cents={line.price_cents} reduction={line.reduction_name || line.reduction_code} />
        <TableCell>
          {line.collection ? (
            <TitlesProgress titles_issued={line.match_titles.length} titles_expected={matches.length} />
          ) : (
            <TitleState state={line.title?.state} seal={line.title?.seal} />
          )}
        </TableCell>
      </TableRow>
      {line.collection && (
        <TableRow>
          <TableCell colSpan={5} sx={{ pl: 4, bgcolor: 'action.hover' }}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate(`${SHOW}.matches.heading`, { seat: line.label })}
            </Typography>
            <CollectionMatches matches={matches} titles={line.match_titles} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** Each seat of the order, a collection with its matches' titles under it. */
function SeasonOrderLines({ order }: { order: SeasonOrder }) {
  return (
    <Section title={`${SHOW}.sections.lines`}>
      {order.lines.length === 0 ? (
        <EmptyText text={`${LINES}.none`} />
      ) : (
        <TableContainer>
          <Table size="small">
            <HeadCells
              labels={[`${LINES}.seat`, `${LINES}.holder`, `${SHOW}.lines.kind`, `${LINES}.price`, `${SHOW}.lines.title`]}
            />
            <TableBody>
              {order.lines.map((line) => (
                <SeasonLineRows key={line.id} line={line} matches={order.season.matches} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/**
 * The whole order, not a list's row: react-admin shows the row it has from a list while the
 * order is read, and a row has no season nor lines.
 */
function isWholeOrder(record: unknown): record is SeasonOrder {
  const order = record as Partial<SeasonOrder> | undefined;
  return order?.season !== undefined && Array.isArray(order.lines);
}

function SeasonOrderLayout() {
  const order = useRecordContext<SeasonOrder>();
  if (!isWholeOrder(order)) {
    return <Loading />;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
      <SeasonOrderSummary order={order} />
      <SeasonOrderLines order={order} />
    </Box>
  );
}

/**
 * One season order, at /admin/season-orders/{id}/show: who bought which season ticket, its state
 * and payment, how far issuing got (retry and refund while it is failed; once issued, its e-mail
 * sent again to the buyer), and each seat with its holder, its kind (a season title, or a
 * collection of match tickets), its season seal, or for a collection every covered match with its
 * kick-off in Como time and its title's seal and state.
 */
export function SeasonOrderShow() {
  return (
    <Show<SeasonOrder> title={<SeasonOrderTitle />} actions={<SeasonOrderShowActions />} component="div">
      <SeasonOrderLayout />
    </Show>
  );
}
