//! Resale at face value ([`domain::resale`]): a buyer's payment settles the offer and starts
//! the season seat's change of holder to them ([`crate::transfers::TransferTitle`]); when it is
//! done the seller is paid back ([`PayResaleSeller`]); when it is refused, or the payment came
//! when the offer was no longer the buyer's, the buyer is paid back ([`RefundResalePurchase`]).
//! Each step is a conditional update with its job enqueued in the same transaction, and each
//! payment call carries an idempotency key of its own: once, across repeats and crashes.

use crate::{
    mail::mail_to,
    refunds::payments_error,
    runtime::{Job, JobContext, JobError, enqueue},
    transfers::TransferTitle,
};
use domain::{
    ids::{ResaleId, ResalePurchaseId, TransferId},
    language::Language,
    money::Cents,
    notifications::MailTemplate,
    resale::{self, AfterTransfer, Settled},
};
use integrations::documents;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;

/// A purchase's payment succeeded (the webhook or the buyer's return, any number of times):
/// the change of holder to the buyer starts, or the buyer is paid back.
pub async fn settle_payment(
    conn: &mut PgConnection,
    purchase: ResalePurchaseId,
    client_secret: &str,
    amount: Cents,
) -> Result<Settled, sqlx::Error> {
    let settled = resale::settle(conn, purchase, client_secret, amount).await?;
    match settled {
        Settled::Sold(transfer_id) => {
            enqueue(conn, &TransferTitle { transfer_id }).await?;
        }
        Settled::Refund => {
            enqueue(
                conn,
                &RefundResalePurchase {
                    purchase_id: purchase,
                },
            )
            .await?;
        }
        Settled::Unchanged => {}
    }
    Ok(settled)
}

/// A change of holder ended, in the transaction that recorded it: when it was a resale's,
/// what follows is enqueued there (once: the offer's own update is conditional).
pub(crate) async fn transfer_ended(
    conn: &mut PgConnection,
    transfer: TransferId,
    done: bool,
) -> Result<(), sqlx::Error> {
    match resale::transfer_ended(conn, transfer, done).await? {
        Some(AfterTransfer::PaySeller(resale_id)) => {
            enqueue(conn, &PayResaleSeller { resale_id }).await?;
        }
        Some(AfterTransfer::RefundBuyer(purchase_id)) => {
            enqueue(conn, &RefundResalePurchase { purchase_id }).await?;
        }
        None => {}
    }
    Ok(())
}

/// Pays the seller of a completed resale back: the price less the fee, refunded to the card
/// they paid their season ticket with (one refund: the key is the resale's), or left to staff
/// when they did not pay by card; then tells them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct PayResaleSeller {
    pub resale_id: ResaleId,
}

impl Job for PayResaleSeller {
    const QUEUE: &'static str = "resale::pay_seller";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.resale_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(resale_id = %self.resale_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(due) = resale::payout_due(&mut conn, self.resale_id).await? else {
            return Ok(());
        };
        drop(conn);
        let refund_id = match &due.card_intent {
            Some(intent) => Some(
                ctx.payments
                    .refund_amount(
                        intent,
                        Some(due.payout_cents.0),
                        &format!("resale-{}-payout", due.id),
                    )
                    .await
                    .map_err(payments_error)?,
            ),
            None => None,
        };
        let mut tx = ctx.pool.begin().await?;
        if resale::mark_paid_out(&mut tx, due.id, refund_id.as_deref()).await? {
            let context = json!({
                "fixture": due.fixture_title, "seat": due.seat_label, "code": due.code,
                "price": documents::euros(due.price_cents.0),
                "fee": documents::euros(due.price_cents.0 - due.payout_cents.0),
                "payout": documents::euros(due.payout_cents.0),
                "manual": refund_id.is_none(),
            });
            mail_to(
                &mut tx,
                &due.seller_email,
                Language::from_code_or_default(&due.language),
                MailTemplate::ResaleSold,
                &context,
                vec![],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Pays a buyer back in full (one refund: the key is the purchase's) and tells them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundResalePurchase {
    pub purchase_id: ResalePurchaseId,
}

impl Job for RefundResalePurchase {
    const QUEUE: &'static str = "resale::refund_purchase";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.purchase_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(purchase_id = %self.purchase_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(due) = resale::refund_due(&mut conn, self.purchase_id).await? else {
            return Ok(());
        };
        drop(conn);
        let Some(intent) = &due.intent else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "purchase {} has no payment to refund",
                due.id
            )));
        };
        let refund_id = ctx
            .payments
            .refund(intent, &format!("{}-refund", due.id))
            .await
            .map_err(payments_error)?;
        let mut tx = ctx.pool.begin().await?;
        if resale::mark_refunded(&mut tx, due.id, &refund_id).await? {
            let context = json!({
                "fixture": due.fixture_title, "order_id": due.id,
                "total": documents::euros(due.price_cents.0), "reason": "", "refusal": "",
            });
            mail_to(
                &mut tx,
                &due.email,
                Language::from_code_or_default(&due.language),
                MailTemplate::OrderRefunded,
                &context,
                vec![],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
