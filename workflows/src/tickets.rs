//! An issued order's tickets: the printed ticket of a line, and the e-mail with one PDF per
//! title ([`SendTickets`]).

use crate::{
    mail::{mail_to, order_language},
    runtime::{Job, JobContext, JobError, off_runtime},
};
use domain::ids::OrderId;
use domain::{
    notifications::{Attachment, MailTemplate},
    orders::{self, Order, OrderLine},
};
use integrations::documents;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;

/// Sends an issued order's tickets: one PDF per title, attached to the e-mail to the buyer
/// (spec: send-ticket-purchase-email). Enqueued with the order's issue; once per order, however
/// often it runs (the order records that its tickets were sent, in the e-mail's transaction).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendTickets {
    pub order_id: OrderId,
}

impl Job for SendTickets {
    const QUEUE: &'static str = "checkout::send_tickets";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.order_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut tx = ctx.pool.begin().await?;
        let Some(order) = orders::load(&mut tx, self.order_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no order {}",
                self.order_id
            )));
        };
        // Refunded meanwhile, or sent already: nothing to send.
        if !orders::mark_tickets_sent(&mut tx, order.id).await? {
            return Ok(());
        }
        tickets_mail(ctx, &mut tx, &order).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Renders the order's PDF tickets and enqueues the e-mail with them, on `tx`.
async fn tickets_mail(
    ctx: &JobContext,
    tx: &mut PgConnection,
    order: &Order,
) -> Result<(), sqlx::Error> {
    let language = order_language(order);
    let doc_lang = documents::Lang::parse(language.code());
    let when = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    // Staff may leave the PDFs out of the e-mail (spec: titleEmailAttachments): the fan then
    // downloads them from the wallet.
    let attach = domain::settings::load(&mut *tx)
        .await?
        .title_email_attachments;
    let rendered = order.clone();
    let links: Vec<(i64, serde_json::Value)> = order
        .lines
        .iter()
        .filter_map(|l| {
            let title = l.title.as_ref()?;
            Some((
                l.id,
                crate::mail::pass_links(
                    ctx,
                    &domain::pass_links::PassTitle::Ticket(l.id),
                    &title.seal,
                ),
            ))
        })
        .collect();
    let (tickets, attachments) = off_runtime(move || {
        let order = &rendered;
        let mut tickets = vec![];
        let mut attachments = vec![];
        // A title passed on is sent to its new holder, not again to the buyer.
        for line in order.lines.iter().filter(|l| !l.passed_on) {
            let (Some(title), Some(holder)) = (&line.title, &line.holder) else {
                continue;
            };
            if attach {
                let ticket = ticket_document(order, line, title, holder);
                attachments.push(Attachment {
                    filename: format!("biglietto-{}.pdf", title.seal),
                    content_type: "application/pdf".into(),
                    content: documents::ticket_pdf(&ticket, doc_lang),
                });
            }
            let pass = links
                .iter()
                .find(|(id, _)| *id == line.id)
                .map(|(_, links)| links.clone())
                .unwrap_or_default();
            tickets.push(json!({
                "sector": line.sector_name, "row": line.row, "seat": line.number, "gate": line.gate,
                "holder": holder.full_name(), "price": documents::euros(i64::from(line.price_cents)),
                "seal": title.seal, "pass": pass,
            }));
        }
        (tickets, attachments)
    })
    .await;
    let base = ctx.public_base_url.trim_end_matches('/');
    let context = json!({
        "fixture": order.fixture.title, "starts_at": when, "order_id": order.id,
        "total": documents::euros(order.total_cents.0), "wallet_url": format!("{base}/wallet/"),
        "tickets": tickets, "attached": attach,
    });
    mail_to(
        tx,
        &order.buyer_email,
        language,
        MailTemplate::TicketPurchase,
        &context,
        attachments,
    )
    .await
}

/// A line's printed ticket.
pub fn ticket_document(
    order: &Order,
    line: &OrderLine,
    title: &orders::TitleView,
    holder: &orders::HolderDetails,
) -> documents::Ticket {
    documents::Ticket {
        match_title: order.fixture.title.clone(),
        competition: order.fixture.competition.clone(),
        starts_at: order.fixture.starts_at,
        sector: line.sector_name.clone(),
        block: line.block_code.clone(),
        row: line.row.clone(),
        seat: line.number.to_string(),
        gate: line.gate.clone(),
        holder: holder.full_name(),
        reduction: line.reduction_name.clone(),
        price_cents: line.price_cents.0,
        seal: title.seal.clone(),
        barcode: title.barcode.clone(),
        order_ref: order.id.to_string(),
    }
}

/// Sends a fan all their tickets again (spec: send-all-tickets): one e-mail per issued order
/// for a match ahead, with its PDFs, and each issued season order's e-mail. Each order is sent
/// once per request (`round`): it is recorded in the transaction that enqueues its e-mail, so
/// a retry after a crash sends only the rest.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendAllTickets {
    pub user_id: uuid::Uuid,
    pub round: uuid::Uuid,
}

impl Job for SendAllTickets {
    const QUEUE: &'static str = "checkout::send_all_tickets";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.round.to_string())
    }

    #[tracing::instrument(skip_all, fields(round = %self.round))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let (matches, seasons) = orders::to_send_again(&mut conn, self.user_id, self.round).await?;
        drop(conn);
        for id in matches {
            let mut tx = ctx.pool.begin().await?;
            if !orders::mark_sent_again(&mut tx, self.round, id.0).await? {
                continue;
            }
            if let Some(order) = orders::load(&mut tx, id).await? {
                tickets_mail(ctx, &mut tx, &order).await?;
            }
            tx.commit().await?;
        }
        for id in seasons {
            let mut tx = ctx.pool.begin().await?;
            if !orders::mark_sent_again(&mut tx, self.round, id.0).await? {
                continue;
            }
            if let Some(order) = domain::season_orders::load(&mut tx, id).await? {
                {
                    use secrecy::ExposeSecret;
                    crate::season_orders::resend_tickets(
                        &mut tx,
                        &ctx.public_base_url,
                        ctx.link_secret.expose_secret().as_bytes(),
                        &order,
                    )
                    .await?;
                }
            }
            tx.commit().await?;
        }
        Ok(())
    }
}
