//! Checkout (DESIGN.md, workflow 1): a confirmed payment (the signed webhook or the fan's
//! return, whichever comes first) -> the order paid -> its titles issued ([`crate::issuing`])
//! -> the tickets e-mailed ([`crate::tickets`]). And refunds ([`crate::refunds`]): a paid
//! order whose seat was lost, an order cancelled before its payment arrived, or staff's
//! refund of a failed issue.

use crate::{issuing::enqueue_issue, refunds::RefundOrder, runtime::enqueue};
use domain::ids::OrderId;
use domain::money::Cents;
use domain::orders::{self, PaymentOutcome};
use sqlx::PgConnection;

/// Applies a payment confirmation (the spec's transition) and enqueues what follows, on
/// `conn`, the caller's transaction: issuing when the seats are kept, a refund when a seat
/// was lost or the order had been cancelled. Safe to call any number of times, from the
/// webhook and the fan's return at once: one of them moves the order, the others get
/// `paymentAlreadyProcessed`.
pub async fn settle_payment(
    conn: &mut PgConnection,
    order_id: OrderId,
    client_secret: &str,
    amount_cents: Cents,
    payment_method: orders::PaymentMethod,
) -> Result<PaymentOutcome, sqlx::Error> {
    let (outcome, _) =
        orders::confirm_payment(conn, order_id, client_secret, amount_cents, payment_method)
            .await?;
    match outcome {
        PaymentOutcome::Processed { seats_kept: true } => {
            enqueue_issue(conn, order_id, 0).await?;
        }
        PaymentOutcome::Processed { seats_kept: false } => {
            enqueue(conn, &RefundOrder { order_id }).await?;
        }
        PaymentOutcome::Cancelled => {
            if orders::start_refund(conn, order_id, "cancelled").await? {
                enqueue(conn, &RefundOrder { order_id }).await?;
            }
        }
        PaymentOutcome::AlreadyProcessed | PaymentOutcome::UnknownOrNoDocument => {}
    }
    Ok(outcome)
}

/// Staff retry a failed issue: it issues what is still missing. False when not failed.
pub async fn retry_issue(conn: &mut PgConnection, order_id: OrderId) -> Result<bool, sqlx::Error> {
    let Some(round) = orders::retry_failed(conn, order_id).await? else {
        return Ok(false);
    };
    enqueue_issue(conn, order_id, round).await?;
    Ok(true)
}

/// Staff refund a failed issue (or a paid order). False when it cannot be refunded now.
pub async fn refund(
    conn: &mut PgConnection,
    order_id: OrderId,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    if !orders::start_refund(conn, order_id, reason).await? {
        return Ok(false);
    }
    enqueue(conn, &RefundOrder { order_id }).await?;
    Ok(true)
}
