//! After the purchase: a title passed on to a new holder ([`TransferTitle`], the spec's
//! biglietto-cessione and send-transfer-fixture-ticket-email; for a season seat, one match at
//! a time, abbonamento-cessione and send-transfer-season-ticket-email) and a copy of a ticket shared by
//! e-mail ([`share_ticket`], share-ticket-via-email).
//!
//! The change of holder is idempotent by its transaction id, as issuing is: it is marked
//! "asked for" before the call, and from then on the ticketing system is asked what it issued
//! for that id before asking again. A worker killed after the ticketing system cancelled the
//! old title and issued the new one, or an answer lost on the way, therefore never passes a
//! title on twice, even when the ticketing system itself is not idempotent (a second call
//! would be refused: the old title is cancelled).

use crate::{
    eligibility::person,
    issuing::issued_for,
    mail::mail_to,
    runtime::{Job, JobContext, JobError, off_runtime, ticketing_error},
    tickets::ticket_document,
};
use domain::ids::TransferId;
use domain::pass_links::PassTitle;
use domain::{
    language::Language,
    notifications::{Attachment, MailTemplate},
    orders::{self, Order, OrderLine},
    transfers::{self, NewTitle, ReceivedSeasonMatch, Transfer, TransferSource, TransferState},
};
use integrations::{
    documents,
    ticketing::{TicketingError, TitleInfo},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;

/// The ticketing system's refusals of a change of holder, as the codes the apps translate.
pub fn refusal_code(ticketing_code: &str) -> &'static str {
    match ticketing_code {
        "PERSONA_BANNATA" => "holder_banned",
        "TITOLO_GIA_EMESSO_PER_UTILIZZATORE" => "holder_has_title",
        "RIDUZIONE_NON_AMMESSA" => "reduction_not_fitting",
        "TESSERA_RICHIESTA" => "supporter_card_required",
        _ => "title_not_transferable",
    }
}

/// Passes a title on to the holder its owner named: the ticketing system cancels it and
/// issues a new one on the same seat; the line then carries the new title, owned by the new
/// holder, who gets it by e-mail. Once per change, however often it runs.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct TransferTitle {
    pub transfer_id: TransferId,
}

impl Job for TransferTitle {
    const QUEUE: &'static str = "tickets::transfer_title";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.transfer_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(transfer_id = %self.transfer_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(t) = transfers::load(&mut conn, self.transfer_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no transfer {}",
                self.transfer_id
            )));
        };
        if t.state != TransferState::Requested {
            return Ok(());
        }
        if let Some(requested_at) = t.call_requested_at {
            // Asked before: what did the ticketing system issue for our id?
            let found = issued_for(ctx, &t.transaction_id, requested_at, t.call_unanswered)
                .await
                .map_err(|e| e.error)?;
            if let Some((first, duplicates)) = found.split_first() {
                for d in duplicates {
                    tracing::warn!(title = d.id, "a duplicate title: cancelled");
                    ctx.ticketing
                        .cancel_title(d.id)
                        .await
                        .map_err(ticketing_error)?;
                }
                drop(conn);
                return record(ctx, &t, first).await;
            }
        }
        transfers::mark_call_requested(&mut conn, t.id).await?;
        drop(conn);
        let answer = match t.source {
            TransferSource::Line { .. } => {
                ctx.ticketing
                    .transfer_ticket(
                        t.from_title_id as u64,
                        &person(&t.holder),
                        &t.transaction_id,
                    )
                    .await
            }
            TransferSource::SeasonMatch { .. } => {
                let mut conn = ctx.pool.acquire().await?;
                let event = domain::fixtures::find(&mut conn, t.fixture_id)
                    .await?
                    .ok_or_else(|| {
                        JobError::Permanent(anyhow::anyhow!("no fixture {}", t.fixture_id))
                    })?
                    .planet_event_id;
                drop(conn);
                ctx.ticketing
                    .transfer_season_ticket(
                        t.from_title_id as u64,
                        event as u32,
                        &person(&t.holder),
                        &t.transaction_id,
                    )
                    .await
            }
        };
        match answer {
            Ok(title) => record(ctx, &t, &title).await,
            Err(TicketingError::Refused { code, message, .. }) => {
                let mut tx = ctx.pool.begin().await?;
                if transfers::record_refused(&mut tx, t.id, refusal_code(&code), &message).await? {
                    tracing::info!(code, "the change of holder was refused");
                    crate::resale::transfer_ended(&mut tx, t.id, false).await?;
                }
                tx.commit().await?;
                Ok(())
            }
            Err(e) => {
                if e.answered() {
                    let mut conn = ctx.pool.acquire().await?;
                    transfers::mark_call_answered(&mut conn, t.id).await?;
                }
                Err(ticketing_error(e))
            }
        }
    }
}

/// Stores the new title and e-mails it to the new holder, in one transaction.
async fn record(ctx: &JobContext, t: &Transfer, title: &TitleInfo) -> Result<(), JobError> {
    let mut tx = ctx.pool.begin().await?;
    let new = NewTitle {
        title_id: title.id as i64,
        seal: title.seal.clone(),
        barcode: title.barcode.clone(),
        progressive: title.progressive as i64,
    };
    if !transfers::record_done(&mut tx, t, &new).await? {
        // Stored by an earlier run, or the title was refunded meanwhile: nothing to send.
        tx.rollback().await?;
        return Ok(());
    }
    let language = Language::from_code_or_default(&t.language);
    let order_id = match t.source {
        TransferSource::Line { order, .. } => order,
        TransferSource::SeasonMatch { .. } => {
            crate::resale::transfer_ended(&mut tx, t.id, true).await?;
            let received = transfers::received_season_matches(&mut tx, None, Some(t.id)).await?;
            if let Some(m) = received.first() {
                let pass = crate::mail::pass_links(ctx, &PassTitle::Received(t.id.0), &m.seal);
                let (context, attachment) = ticket_mail(
                    &ctx.public_base_url,
                    received_match_document(m),
                    language,
                    Some(pass),
                )
                .await;
                mail_to(
                    &mut tx,
                    &t.to_email,
                    language,
                    MailTemplate::SeasonTicketTransfer,
                    &serde_json::Value::Object(context),
                    vec![attachment],
                )
                .await?;
            }
            tx.commit().await?;
            return Ok(());
        }
    };
    let order = orders::load(&mut tx, order_id).await?.ok_or_else(|| {
        JobError::Permanent(anyhow::anyhow!("the order of transfer {} is gone", t.id))
    })?;
    let line = order
        .lines
        .iter()
        .find(|l| matches!(t.source, TransferSource::Line { line, .. } if line.0 == l.id));
    let pass = line.and_then(|l| {
        let seal = &l.title.as_ref()?.seal;
        Some(crate::mail::pass_links(ctx, &PassTitle::Ticket(l.id), seal))
    });
    if let Some(line) = line
        && let Some((context, attachment)) =
            one_ticket(&ctx.public_base_url, &order, line, language, pass).await
    {
        mail_to(
            &mut tx,
            &t.to_email,
            language,
            MailTemplate::TicketTransfer,
            &serde_json::Value::Object(context),
            vec![attachment],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// One ticket's e-mail context (the match, the seat, the holder, the seal, the site) and its
/// PDF; `None` for a line without a title.
async fn one_ticket(
    base_url: &str,
    order: &Order,
    line: &OrderLine,
    language: Language,
    pass: Option<serde_json::Value>,
) -> Option<(serde_json::Map<String, serde_json::Value>, Attachment)> {
    let (title, holder) = (line.title.clone()?, line.holder.clone()?);
    Some(
        ticket_mail(
            base_url,
            ticket_document(order, line, &title, &holder),
            language,
            pass,
        )
        .await,
    )
}

/// A ticket's e-mail context and its PDF, from the ticket as its PDF shows it.
async fn ticket_mail(
    base_url: &str,
    doc: documents::Ticket,
    language: Language,
    pass: Option<serde_json::Value>,
) -> (serde_json::Map<String, serde_json::Value>, Attachment) {
    let doc_lang = documents::Lang::parse(language.code());
    let when = doc
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    let base = base_url.trim_end_matches('/');
    let serde_json::Value::Object(context) = json!({
        "fixture": doc.match_title, "season": doc.competition, "starts_at": when,
        "sector": doc.sector, "row": doc.row, "seat": doc.seat, "gate": doc.gate,
        "holder": doc.holder, "seal": doc.seal, "wallet_url": format!("{base}/wallet/"),
        "site_url": format!("{base}/"), "pass": pass,
    }) else {
        unreachable!("an object")
    };
    let filename = format!("biglietto-{}.pdf", doc.seal);
    let pdf = off_runtime(move || documents::ticket_pdf(&doc, doc_lang)).await;
    let attachment = Attachment {
        filename,
        content_type: "application/pdf".into(),
        content: pdf,
    };
    (context, attachment)
}

/// A season seat's match title passed on, as its PDF shows it.
pub fn received_match_document(m: &ReceivedSeasonMatch) -> documents::Ticket {
    documents::Ticket {
        match_title: m.fixture.title.clone(),
        competition: m.season_name.clone(),
        starts_at: m.fixture.starts_at,
        sector: m.sector_name.clone(),
        block: m.block_code.clone(),
        row: m.row.clone(),
        seat: m.number.to_string(),
        gate: m.gate.clone(),
        holder: m.holder_name.clone(),
        reduction: m.reduction_name.clone(),
        price_cents: m.price_cents.0,
        seal: m.seal.clone(),
        barcode: m.barcode.clone(),
        order_ref: m.transfer_id.to_string(),
    }
}

/// Sends a copy of a ticket to `to` (spec: share-ticket-via-email): its PDF, the holder
/// unchanged, from `sender` (named in the e-mail). On the caller's transaction; false when the
/// line has no title to share.
pub async fn share_ticket(
    base_url: &str,
    tx: &mut PgConnection,
    order: &Order,
    line: &OrderLine,
    to: &str,
    sender: &str,
    language: Language,
) -> Result<bool, sqlx::Error> {
    let Some((mut context, attachment)) = one_ticket(base_url, order, line, language, None).await
    else {
        return Ok(false);
    };
    context.insert("sender".into(), sender.into());
    mail_to(
        tx,
        to,
        language,
        MailTemplate::TicketShare,
        &serde_json::Value::Object(context),
        vec![attachment],
    )
    .await?;
    Ok(true)
}
