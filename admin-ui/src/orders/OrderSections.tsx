import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, useCreatePath, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { EmailStatusChip } from '../emails/EmailStatusChip';
import { isEmailStatus } from '../emails/types';
import { FailedIssueButtons } from '../failedIssues/FailedIssueButtons';
import { IssueErrorText } from '../failedIssues/IssueErrorField';
import { refundReasonText } from '../failedIssues/refusals';
import { offersRetry } from '../failedIssues/types';
import { formatEuros } from '../fields/money';
import { present } from '../fields/present';
import { DateTime, EmptyText, Fact, Facts, HeadCells, Mono } from '../layout/Facts';
import { Section } from '../layout/Section';
import { StackedCell } from '../fields/StackedCell';
import { HolderCell, PriceCell, SeatCell, TitleState } from './LineCells';
import { OrderStateChip } from './OrderStateChip';
import { PaymentStatusChip } from './PaymentStatusChip';
import { isOrderState, isPaymentStatus } from './types';
import type { LineDetail, OrderAudit, OrderDetail, OrderEmail } from '../../../api-types';

const ORDERS = 'resources.orders';
const SHOW = `${ORDERS}.show`;

/** Links to a resource's page under the app's basename. */
function useShowPath() {
  const createPath = useCreatePath();
  return (resource: string, id: Identifier) => createPath({ resource, id, type: 'show' });
}

/** Who bought, for which match, what and when: the match and the buyer's account link to their pages. */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const showPath = useShowPath();
  return (
    <Section title={`${SHOW}.sections.summary`}>
      <Facts>
        <Fact label={`${ORDERS}.fields.id`}>
          <Mono>{String(order.id)}</Mono>
        </Fact>
        <Fact label={`${ORDERS}.fields.state`}>{isOrderState(order.state) ? <OrderStateChip state={order.state} /> : order.state}</Fact>
        <Fact label={`${ORDERS}.fields.fixture_title`}>
          <Link to={showPath('fixtures', order.fixture_id)}>{order.fixture_title}</Link>
        </Fact>
        <Fact label={`${ORDERS}.fields.buyer_email`}>
          <StackedCell
            secondary={
              present(order.user_id) ? (
                <Link to={showPath('users', order.user_id)}>{translate(`${SHOW}.open_account`)}</Link>
              ) : undefined
            }
          >
            <span>{order.buyer_email}</span>
          </StackedCell>
        </Fact>
        <Fact label={`${ORDERS}.fields.total_cents`}>{formatEuros(order.total_cents, locale)}</Fact>
        <Fact label={`${ORDERS}.fields.lines`}>
          {present(order.issued_lines)
            ? translate(`${SHOW}.issued_of`, { issued: order.issued_lines, smart_count: order.lines })
            : translate(`${ORDERS}.tickets`, { smart_count: order.lines })}
        </Fact>
        <Fact label={`${ORDERS}.fields.created_at`}>
          <DateTime value={order.created_at} />
        </Fact>
        {present(order.language) && (
          <Fact label={`${ORDERS}.fields.language`}>
            {translate(`resources.emails.language.${order.language}`, { _: order.language })}
          </Fact>
        )}
      </Facts>
    </Section>
  );
}

/**
 * What went wrong issuing the titles, in words with the raw error under it, how many attempts
 * and when it gave up; while the order is failed, the failed issues' own retry and refund (refund
 * alone when the ticketing system would refuse again).
 */
export function OrderProblem({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const failed = order.state === 'failed';
  if (!failed && !present(order.error) && !present(order.error_code)) {
    return null;
  }
  return (
    <Section title={`${SHOW}.sections.problem`}>
      <Facts>
        <Fact label={`${ORDERS}.fields.error`} wide>
          {present(order.error) || present(order.error_code) ? (
            <IssueErrorText error={order.error} errorCode={order.error_code} />
          ) : (
            '—'
          )}
        </Fact>
        {present(order.attempts) && <Fact label={`${ORDERS}.fields.attempts`}>{order.attempts}</Fact>}
        {present(order.failed_at) && (
          <Fact label={`${ORDERS}.fields.failed_at`}>
            <DateTime value={order.failed_at} />
          </Fact>
        )}
      </Facts>
      {failed && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          {!offersRetry(order) && (
            <Typography variant="body2" color="text.secondary">
              {translate(`${SHOW}.not_retryable`)}
            </Typography>
          )}
          <FailedIssueButtons />
        </Box>
      )}
    </Section>
  );
}

/** The payment: its status and method, the provider's ids, when it was paid and refunded, and why. */
export function OrderPayment({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  return (
    <Section title={`${SHOW}.sections.payment`}>
      <Facts>
        <Fact label={`${ORDERS}.fields.payment_status`}>
          {isPaymentStatus(order.payment_status) ? <PaymentStatusChip status={order.payment_status} /> : order.payment_status}
        </Fact>
        <Fact label={`${ORDERS}.fields.payment_method`}>
          {present(order.payment_method)
            ? translate(`${ORDERS}.payment_methods.${order.payment_method}`, { _: order.payment_method })
            : '—'}
          {order.is_order_by_admin && ` · ${translate(`${ORDERS}.by_staff`)}`}
        </Fact>
        {present(order.paid_at) && (
          <Fact label={`${ORDERS}.fields.paid_at`}>
            <DateTime value={order.paid_at} />
          </Fact>
        )}
        {present(order.payment_intent_id) && (
          <Fact label={`${ORDERS}.fields.payment_intent_id`}>
            <Mono>{order.payment_intent_id}</Mono>
          </Fact>
        )}
        {present(order.refunded_at) && (
          <Fact label={`${ORDERS}.fields.refunded_at`}>
            <DateTime value={order.refunded_at} />
          </Fact>
        )}
        {present(order.refund_id) && (
          <Fact label={`${ORDERS}.fields.refund_id`}>
            <Mono>{order.refund_id}</Mono>
          </Fact>
        )}
        {present(order.refund_reason) && (
          <Fact label={`${ORDERS}.fields.refund_reason`}>
            <StackedCell secondary={order.refund_reason} monospace>
              <span>{refundReasonText(translate, order.refund_reason)}</span>
            </StackedCell>
          </Fact>
        )}
      </Facts>
    </Section>
  );
}

function LineRow({ line }: { line: LineDetail }) {
  const translate = useTranslate();
  const showPath = useShowPath();
  return (
    <TableRow data-testid="order-line">
      <SeatCell seat={line} />
      <HolderCell name={line.holder_name} birthDate={line.holder_birth_date} />
      <PriceCell cents={line.price_cents} reduction={present(line.reduction_name) ? line.reduction_name : line.reduction_code} />
      <TableCell>
        <TitleState state={line.title_state} seal={line.seal} />
      </TableCell>
      <TableCell>
        {present(line.issued_at) ? (
          <StackedCell
            secondary={
              present(line.seal) ? (
                <Link to={showPath('issued-tickets', line.id)}>{translate(`${SHOW}.lines.open_ticket`)}</Link>
              ) : undefined
            }
          >
            <DateTime value={line.issued_at} />
          </StackedCell>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}

/** Each seat: where it is, who holds it, its price and reduction, its title and seal. */
export function OrderLines({ lines }: { lines: readonly LineDetail[] }) {
  return (
    <Section title={`${SHOW}.sections.lines`}>
      {lines.length === 0 ? (
        <EmptyText text={`${SHOW}.lines.none`} />
      ) : (
        <TableContainer>
          <Table size="small">
            <HeadCells
              labels={[
                `${SHOW}.lines.seat`,
                `${SHOW}.lines.holder`,
                `${SHOW}.lines.price`,
                `${SHOW}.lines.title`,
                `${SHOW}.lines.issued_at`,
              ]}
            />
            <TableBody>
              {lines.map((line) => (
                <LineRow key={String(line.id)} line={line} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function EmailRow({ email }: { email: OrderEmail }) {
  const showPath = useShowPath();
  return (
    <TableRow data-testid="order-email">
      <TableCell>
        <DateTime value={email.created_at} />
      </TableCell>
      <TableCell>
        <StackedCell secondary={email.template} monospace>
          <Link to={showPath('emails', email.id)}>{email.subject}</Link>
        </StackedCell>
      </TableCell>
      <TableCell>
        {isEmailStatus(email.status) ? <EmailStatusChip status={email.status} /> : email.status}
      </TableCell>
      <TableCell>
        <DateTime value={email.sent_at} />
      </TableCell>
    </TableRow>
  );
}

/** The e-mails sent to the buyer about this order, each opening its page in the e-mail log. */
export function OrderEmails({ emails }: { emails: readonly OrderEmail[] }) {
  return (
    <Section title={`${SHOW}.sections.emails`}>
      {emails.length === 0 ? (
        <EmptyText text={`${SHOW}.emails.none`} />
      ) : (
        <TableContainer>
          <Table size="small">
            <HeadCells
              labels={[
                'resources.emails.fields.created_at',
                'resources.emails.fields.subject',
                'resources.emails.fields.status',
                'resources.emails.fields.sent_at',
              ]}
            />
            <TableBody>
              {emails.map((email) => (
                <EmailRow key={String(email.id)} email={email} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** An audit entry's details, as compact JSON (nothing for none). */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) {
    return '';
  }
  if (typeof details === 'string') {
    return details;
  }
  if (typeof details === 'object' && Object.keys(details).length === 0) {
    return '';
  }
  return JSON.stringify(details);
}

/** Who did what to the order and when, oldest first as the API gives it; the system when no one. */
export function OrderAudit({ entries }: { entries: readonly OrderAudit[] }) {
  const translate = useTranslate();
  return (
    <Section title={`${SHOW}.sections.audit`}>
      {entries.length === 0 ? (
        <EmptyText text={`${SHOW}.audit.none`} />
      ) : (
        <TableContainer>
          <Table size="small">
            <HeadCells labels={[`${SHOW}.audit.at`, `${SHOW}.audit.actor`, `${SHOW}.audit.action`, `${SHOW}.audit.details`]} />
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={String(entry.id)} data-testid="order-audit-entry">
                  <TableCell>
                    <DateTime value={entry.at} />
                  </TableCell>
                  <TableCell>{present(entry.actor_email) ? entry.actor_email : translate(`${SHOW}.audit.system`)}</TableCell>
                  <TableCell>
                    <StackedCell secondary={entry.action} monospace>
                      <span>{translate(`${SHOW}.audit.actions.${entry.action}`, { _: entry.action })}</span>
                    </StackedCell>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 'caption.fontSize', overflowWrap: 'anywhere', maxWidth: 420 }}>
                    {detailsText(entry.details)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
