//! Refunds: an order's payment given back through the provider, its titles cancelled, its
//! seats freed, the buyer told ([`RefundOrder`]).

use crate::{
    eligibility,
    mail::{mail_to, order_language},
    runtime::{Job, JobContext, JobError, ticketing_error},
};
use domain::ids::OrderId;
use domain::{
    notifications::MailTemplate,
    orders::{self, OrderState, TitleState},
};
use integrations::{documents, payments::PaymentsError, ticketing::TicketingError};
use serde::{Deserialize, Serialize};
use serde_json::json;

pub(crate) fn payments_error(e: PaymentsError) -> JobError {
    if e.is_retryable() {
        JobError::Retryable(e.into())
    } else {
        JobError::Permanent(e.into())
    }
}

/// Cancels titles in the ticketing system before their money goes back; one already
/// cancelled (a retry after a crash) is fine.
pub(crate) async fn cancel_titles(ctx: &JobContext, titles: &[i64]) -> Result<(), JobError> {
    for id in titles {
        match ctx.ticketing.cancel_title(*id as u64).await {
            Ok(_) => {}
            Err(TicketingError::Refused { code, .. }) if code == "TITOLO_NON_ANNULLABILE" => {}
            Err(e) => return Err(ticketing_error(e)),
        }
    }
    Ok(())
}

/// Refunds an order's payment through the provider (one refund: the key is the order's),
/// cancels any title issued for it, frees its seats, e-mails the buyer and tells the fan.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundOrder {
    pub order_id: OrderId,
}

impl Job for RefundOrder {
    const QUEUE: &'static str = "checkout::refund_order";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.order_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(order) = orders::load(&mut conn, self.order_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no order {}",
                self.order_id
            )));
        };
        if order.state != OrderState::Refunding {
            return Ok(());
        }
        drop(conn);
        let titles: Vec<i64> = order
            .lines
            .iter()
            .filter_map(|l| l.title.as_ref())
            .filter(|t| t.state == TitleState::Valid)
            .map(|t| t.title_id)
            .collect();
        cancel_titles(ctx, &titles).await?;
        let refund_id = match &order.payment_intent_id {
            Some(intent) if order.payment_method == domain::orders::PaymentMethod::Card => Some(
                ctx.payments
                    .refund(intent, &format!("{}-refund", order.id))
                    .await
                    .map_err(payments_error)?,
            ),
            _ => None,
        };
        let mut tx = ctx.pool.begin().await?;
        let reason = orders::refund_reason(&mut tx, order.id).await?;
        if orders::mark_refunded(&mut tx, order.id, refund_id.as_deref())
            .await?
            .is_some()
        {
            // A refusal of the ticketing system is explained in the fan's words.
            let refusal = reason
                .strip_prefix("refused:")
                .and_then(eligibility::Ineligible::from_refusal)
                .map_or("", eligibility::Ineligible::code);
            tell_refunded(&mut tx, &order, order.total_cents.0, &reason, refusal).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Tells the buyer, by e-mail and in their notifications, that `amount` cents of the order
/// went back (`refusal`: the ticketing system's refusal that caused it, in the fan's words).
async fn tell_refunded(
    tx: &mut sqlx::PgConnection,
    order: &domain::orders::Order,
    amount: i64,
    reason: &str,
    refusal: &str,
) -> Result<(), sqlx::Error> {
    let context = json!({
        "fixture": order.fixture.title, "order_id": order.id,
        "total": documents::euros(amount), "reason": reason, "refusal": refusal,
    });
    mail_to(
        &mut *tx,
        &order.buyer_email,
        order_language(order),
        MailTemplate::OrderRefunded,
        &context,
        vec![],
    )
    .await?;
    orders::notify_fan(
        tx,
        order.user_id,
        "order_refunded",
        json!({"fixture": order.fixture.title, "reason": reason}),
        order.id,
    )
    .await
}

/// Refunds some or all of an issued order's tickets, as staff asked
/// ([`orders::request_ticket_refund`]): cancels their titles, pays their price back through the
/// provider (once: the refund's id is the idempotency key), frees their seats and tells the
/// buyer. However often it runs, the money goes back once.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundTickets {
    pub refund_id: uuid::Uuid,
}

impl Job for RefundTickets {
    const QUEUE: &'static str = "checkout::refund_tickets";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.refund_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(refund_id = %self.refund_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(refund) = orders::ticket_refund(&mut conn, self.refund_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no refund {}",
                self.refund_id
            )));
        };
        if refund.state == "done" {
            return Ok(());
        }
        let Some(order) = orders::load(&mut conn, refund.order_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no order {}",
                refund.order_id
            )));
        };
        let titles = orders::ticket_refund_titles(&mut conn, refund.id).await?;
        drop(conn);
        cancel_titles(ctx, &titles).await?;
        let provider_refund = match &order.payment_intent_id {
            Some(intent)
                if order.payment_method == domain::orders::PaymentMethod::Card
                    && refund.amount_cents.0 > 0 =>
            {
                Some(
                    ctx.payments
                        .refund_amount(
                            intent,
                            Some(refund.amount_cents.0),
                            &format!("tickets-{}", refund.id),
                        )
                        .await
                        .map_err(payments_error)?,
                )
            }
            _ => None,
        };
        let mut tx = ctx.pool.begin().await?;
        if orders::complete_ticket_refund(&mut tx, refund.id, provider_refund.as_deref())
            .await?
            .is_some()
        {
            tell_refunded(&mut tx, &order, refund.amount_cents.0, &refund.reason, "").await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Asks for a refund of `lines` of an issued order (every live one when `None`) and enqueues
/// the job that carries it out, on the caller's transaction: what staff's refund, an approved
/// request and a match's bulk refund each start with.
pub async fn start_ticket_refund(
    tx: &mut sqlx::PgConnection,
    order_id: domain::ids::OrderId,
    lines: Option<&[i64]>,
    reason: &str,
    staff: Option<uuid::Uuid>,
) -> Result<Result<orders::TicketRefund, orders::TicketRefundRefusal>, sqlx::Error> {
    let refund =
        match orders::request_ticket_refund(&mut *tx, order_id, lines, reason, staff).await? {
            Ok(refund) => refund,
            Err(refusal) => return Ok(Err(refusal)),
        };
    crate::runtime::enqueue(
        tx,
        &RefundTickets {
            refund_id: refund.id,
        },
    )
    .await?;
    Ok(Ok(refund))
}

/// A match's bulk refund (postponed or cancelled): a refund of every issued order's tickets
/// still live, each order in its own transaction with its [`RefundTickets`] job, so a crash
/// half-way resumes with the orders left.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundFixture {
    pub fixture_id: domain::ids::FixtureId,
    pub reason: String,
    pub staff: Option<uuid::Uuid>,
    /// One per staff request (the job's idempotency key).
    pub round: uuid::Uuid,
}

impl Job for RefundFixture {
    const QUEUE: &'static str = "checkout::refund_fixture";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.round.to_string())
    }

    #[tracing::instrument(skip_all, fields(fixture_id = %self.fixture_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let todo = orders::orders_to_refund(&mut conn, self.fixture_id).await?;
        drop(conn);
        for order_id in todo {
            let mut tx = ctx.pool.begin().await?;
            match start_ticket_refund(&mut tx, order_id, None, &self.reason, self.staff).await? {
                Ok(_) => tx.commit().await?,
                // Refunded meanwhile, or a change of holder under way: the next run (staff's
                // again) takes what is left.
                Err(refusal) => {
                    tracing::info!(%order_id, ?refusal, "not refunded in bulk");
                    tx.rollback().await?;
                }
            }
        }
        Ok(())
    }
}

/// Tells a fan where their refund request stands (`received`, `approved`, `declined` with
/// staff's note), on the caller's transaction.
pub async fn tell_refund_request(
    tx: &mut sqlx::PgConnection,
    order: &domain::orders::Order,
    state: &str,
    note: Option<&str>,
) -> Result<(), sqlx::Error> {
    let context = json!({
        "fixture": order.fixture.title, "order_id": order.id, "state": state,
        "note": note.unwrap_or_default(),
    });
    mail_to(
        tx,
        &order.buyer_email,
        order_language(order),
        MailTemplate::RefundRequest,
        &context,
        vec![],
    )
    .await
}
