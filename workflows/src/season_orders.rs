//! Season orders (issue 17): a confirmed payment -> the order paid, its seats sold in every
//! covered match -> its titles issued ([`IssueSeasonOrder`]): a season title per seat
//! (abbonamento-emettiesteso), or for a collection one title per covered match
//! (abbonamento-emetti-collezione), a few matches per call, stored as they come (the season
//! backlog: the line PENDING until every match has its title) -> the PDFs e-mailed
//! ([`SendSeasonTickets`]). Refunds ([`RefundSeasonOrder`]) as for single matches.
//!
//! Issuing is idempotent as a single match's: a line is marked asked for before any call, and
//! from then on the ticketing system is asked what it issued for the line's transaction id
//! before anything is issued again; a collection asks only for the matches still without a
//! title. So a worker killed half-way through a collection, a time-out, or an error answered
//! after the titles were made never issue a match twice, even when the ticketing system is
//! not idempotent.

use crate::{
    eligibility::person,
    issuing::{
        LineError, issued_for, line_error,
        mass_line::{fail_line, line_finalized, report_mail},
    },
    mail::mail_to,
    refunds::{cancel_titles, payments_error},
    runtime::{Job, JobContext, JobError, enqueue, off_runtime, ticketing_down},
};
use domain::{
    breaker::{self, Gate},
    ids::{FixtureId, SeasonOrderId},
    language::Language,
    mass::{self, SoldAs},
    money::Cents,
    notifications::{Attachment, MailTemplate},
    orders::{self, IssuedTitle, OrderState, PaymentMethod, PaymentOutcome, TitleState},
    season_orders::{self, SeasonOrder, SeasonOrderLine},
};
use integrations::{
    documents,
    ticketing::{IssueCollection, IssueSeasonTicket, Person, TitleInfo},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use std::collections::BTreeMap;

/// Matches asked for in one collection call: the backlog shows progress between calls, and an
/// outage half-way keeps what was issued.
pub const COLLECTION_CHUNK: usize = 5;

fn language(order: &SeasonOrder) -> Language {
    Language::from_code_or_default(&order.language)
}

/// The spec's confirm-payment-intent-season, and what follows, on the caller's transaction:
/// issuing when the seats are kept, a refund when a seat was lost or the order had been
/// cancelled. Safe to call any number of times, from the webhook and the fan's return at once.
pub async fn settle_payment(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    client_secret: &str,
    amount_cents: Cents,
    payment_method: PaymentMethod,
) -> Result<PaymentOutcome, sqlx::Error> {
    let (outcome, _) =
        season_orders::confirm_payment(conn, order_id, client_secret, amount_cents, payment_method)
            .await?;
    match outcome {
        PaymentOutcome::Processed { seats_kept: true } => {
            enqueue(conn, &IssueSeasonOrder { order_id, round: 0 }).await?;
        }
        PaymentOutcome::Processed { seats_kept: false } => {
            enqueue(conn, &RefundSeasonOrder { order_id }).await?;
        }
        PaymentOutcome::Cancelled => {
            if season_orders::start_refund(conn, order_id, "cancelled")
                .await?
                .is_some()
            {
                enqueue(conn, &RefundSeasonOrder { order_id }).await?;
            }
        }
        PaymentOutcome::AlreadyProcessed | PaymentOutcome::UnknownOrNoDocument => {}
    }
    Ok(outcome)
}

/// Staff retry a failed season issue: it issues what is still missing. False when not failed.
pub async fn retry_issue(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<bool, sqlx::Error> {
    let Some(round) = season_orders::retry_failed(conn, order_id).await? else {
        return Ok(false);
    };
    enqueue(conn, &IssueSeasonOrder { order_id, round }).await?;
    Ok(true)
}

/// Staff refund a failed season issue. False when it cannot be refunded now.
pub async fn refund(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    if season_orders::start_refund(conn, order_id, reason)
        .await?
        .is_none()
    {
        return Ok(false);
    }
    enqueue(conn, &RefundSeasonOrder { order_id }).await?;
    Ok(true)
}

/// Issues a paid season order's titles; once all exist, the PDFs are e-mailed. Out of
/// attempts, or refused for good, the order is listed in the failed season issues (buyer and
/// staff e-mailed) for staff to retry or refund. Staff retries are new rounds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct IssueSeasonOrder {
    pub order_id: SeasonOrderId,
    #[serde(default)]
    pub round: i32,
}

impl Job for IssueSeasonOrder {
    const QUEUE: &'static str = "seasons::issue_order";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}-{}", self.order_id, self.round))
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        issue(ctx, self.order_id).await
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut tx = ctx.pool.begin().await?;
        gave_up(ctx, &mut tx, self.order_id, attempt, error).await?;
        tx.commit().await
    }
}

fn issued(t: &TitleInfo) -> IssuedTitle {
    IssuedTitle {
        title_id: t.id as i64,
        seal: t.seal.clone(),
        barcode: t.barcode.clone(),
        progressive: t.progressive as i64,
        gate: t.gate.clone(),
    }
}

async fn issue(ctx: &JobContext, order_id: SeasonOrderId) -> Result<(), JobError> {
    let mut conn = ctx.pool.acquire().await?;
    let Some(order) = season_orders::load(&mut conn, order_id).await? else {
        return Err(JobError::Permanent(anyhow::anyhow!(
            "no season order {order_id}"
        )));
    };
    let from_paid = match order.state {
        OrderState::Paid => true,
        OrderState::Issuing => false,
        _ => return Ok(()),
    };
    let gate = breaker::gate(&mut conn, breaker::TICKETING, ctx.breaker).await?;
    if let Gate::WaitUntil(until) = gate {
        drop(conn);
        tell_delayed(ctx, &order).await?;
        return Err(JobError::Waiting {
            service: breaker::TICKETING,
            until,
        });
    }
    let buyer = match orders::buyer_identity(&mut conn, order.user_id).await? {
        Some((first_name, last_name, birth_date)) => Person {
            first_name,
            last_name,
            birth_date,
            ..Default::default()
        },
        None => order
            .lines
            .iter()
            .find_map(|l| l.holder.as_ref())
            .map(person)
            .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("the order names no holder")))?,
    };
    let missing: Vec<&SeasonOrderLine> = order.lines.iter().filter(|l| !l.complete()).collect();
    let fresh: Vec<i64> = missing
        .iter()
        .filter(|l| l.issue_requested_at.is_none())
        .map(|l| l.id)
        .collect();
    season_orders::begin_issuing(&mut conn, order.id, from_paid, &fresh).await?;
    drop(conn);
    // Lines one after the other: a collection is already several calls, and a season
    // campaign's concurrency comes from many orders at once.
    let mut failure: Option<JobError> = None;
    let mut any_stored = false;
    for line in missing {
        let outcome = if line.collection {
            issue_collection(ctx, &order, line, &buyer).await
        } else {
            issue_season_title(ctx, &order, line, &buyer).await
        };
        match outcome {
            Ok(()) => any_stored = true,
            Err(LineError { error, answered }) => {
                if answered {
                    let mut conn = ctx.pool.acquire().await?;
                    season_orders::mark_issue_answered(&mut conn, &[line.id]).await?;
                }
                let permanent = matches!(error, JobError::Permanent(_));
                failure = Some(error);
                if permanent {
                    break;
                }
            }
        }
    }
    if let Some(down) = failure.as_ref().and_then(ticketing_down) {
        let mut conn = ctx.pool.acquire().await?;
        let open =
            breaker::record_failure(&mut conn, breaker::TICKETING, &down, ctx.breaker).await?;
        if let Some(until) = open
            && !any_stored
        {
            drop(conn);
            tell_delayed(ctx, &order).await?;
            failure = Some(JobError::Waiting {
                service: breaker::TICKETING,
                until,
            });
        }
    }
    let mut tx = ctx.pool.begin().await?;
    if (failure.is_none() || any_stored) && gate != (Gate::Call { clean: true }) {
        breaker::record_success(&mut tx, breaker::TICKETING).await?;
    }
    if failure.is_none() && season_orders::mark_issued(&mut tx, order.id).await? {
        enqueue(&mut tx, &SendSeasonTickets { order_id: order.id }).await?;
        if let Some(task) = order.mass_task_id {
            line_finalized(
                &mut tx,
                &ctx.public_base_url,
                SoldAs::Season(order.id),
                task,
            )
            .await?;
        }
    }
    tx.commit().await?;
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What was issued for the line's transaction id (see [`issued_for`]).
async fn look_up(ctx: &JobContext, line: &SeasonOrderLine) -> Result<Vec<TitleInfo>, LineError> {
    match line.issue_requested_at {
        Some(at) => issued_for(ctx, &line.transaction_id, at, line.issue_unanswered).await,
        None => Ok(vec![]),
    }
}

async fn issue_season_title(
    ctx: &JobContext,
    order: &SeasonOrder,
    line: &SeasonOrderLine,
    buyer: &Person,
) -> Result<(), LineError> {
    let holder = line
        .holder
        .as_ref()
        .ok_or_else(|| LineError::no_holder(line.id))?;
    let mut title = None;
    if line.issue_requested_at.is_some() {
        let found = look_up(ctx, line).await?;
        if let Some((first, duplicates)) = found.split_first() {
            for d in duplicates {
                tracing::warn!(title = d.id, "a duplicate season title: cancelled");
                ctx.ticketing.cancel_title(d.id).await.map_err(line_error)?;
            }
            title = Some(first.clone());
        } else {
            let mut conn = ctx.pool.acquire().await?;
            season_orders::mark_issue_requested(&mut conn, &[line.id]).await?;
        }
    }
    let title = match title {
        Some(t) => t,
        None => {
            let request = IssueSeasonTicket {
                season_type_id: order.season.planet_season_type_id as u32,
                seat_id: line.planet_seat_id.map(|s| s as u32),
                reduction_id: line.reduction_id.0 as u32,
                holder: person(holder),
                buyer: buyer.clone(),
                transaction_id: line.transaction_id.clone(),
                hold_key: None,
                preemption_seal: order.preemption_seal.clone(),
            };
            // A renewal is issued through the pre-emption call (the spec's
            // abbonamento-emettiesteso-prelazione): the system checks the right and its window.
            if request.preemption_seal.is_some() {
                ctx.ticketing.issue_season_preemption(&request).await
            } else {
                ctx.ticketing.issue_season_ticket(&request).await
            }
            .map_err(line_error)?
        }
    };
    let mut conn = ctx.pool.acquire().await?;
    let kept = season_orders::record_season_title(&mut conn, line.id, &issued(&title)).await?;
    drop(conn);
    if kept != title.id as i64 {
        // Two runs raced and the other stored first: this one is cancelled.
        ctx.ticketing
            .cancel_title(title.id)
            .await
            .map_err(line_error)?;
    }
    Ok(())
}

/// A collection: the matches still without a title, a few per call, each call's titles
/// stored before the next; duplicates a naive system made are cancelled.
async fn issue_collection(
    ctx: &JobContext,
    order: &SeasonOrder,
    line: &SeasonOrderLine,
    buyer: &Person,
) -> Result<(), LineError> {
    let holder = line
        .holder
        .as_ref()
        .ok_or_else(|| LineError::no_holder(line.id))?;
    let fixture_of: BTreeMap<u32, FixtureId> = order
        .season
        .matches
        .iter()
        .map(|m| (m.planet_event_id as u32, m.fixture_id))
        .collect();
    let mut have: Vec<FixtureId> = line.match_titles.iter().map(|t| t.fixture_id).collect();
    if line.issue_requested_at.is_some() {
        let found = look_up(ctx, line).await?;
        let mut firsts: BTreeMap<u32, &TitleInfo> = BTreeMap::new();
        let mut duplicates = vec![];
        for t in &found {
            match firsts.entry(t.event_id) {
                std::collections::btree_map::Entry::Occupied(_) => duplicates.push(t.id),
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(t);
                }
            }
        }
        for d in duplicates {
            tracing::warn!(title = d, "a duplicate match title: cancelled");
            ctx.ticketing.cancel_title(d).await.map_err(line_error)?;
        }
        let found: Vec<(FixtureId, IssuedTitle)> = firsts
            .values()
            .filter_map(|t| fixture_of.get(&t.event_id).map(|f| (*f, issued(t))))
            .filter(|(f, _)| !have.contains(f))
            .collect();
        if !found.is_empty() {
            store_match_titles(ctx, line.id, &found).await?;
            have.extend(found.iter().map(|(f, _)| *f));
        }
    }
    let missing: Vec<u32> = order
        .season
        .matches
        .iter()
        .filter(|m| !have.contains(&m.fixture_id))
        .map(|m| m.planet_event_id as u32)
        .collect();
    if missing.is_empty() {
        // Nothing to ask for: complete the line (its titles were found above or before).
        store_match_titles(ctx, line.id, &[]).await?;
        return Ok(());
    }
    {
        let mut conn = ctx.pool.acquire().await?;
        season_orders::mark_issue_requested(&mut conn, &[line.id]).await?;
    }
    for chunk in missing.chunks(COLLECTION_CHUNK) {
        let request = IssueCollection {
            season_type_id: order.season.planet_season_type_id as u32,
            events: Some(chunk.to_vec()),
            seat_id: line.planet_seat_id.unwrap_or_default() as u32,
            reduction_id: line.reduction_id.0 as u32,
            holder: person(holder),
            buyer: buyer.clone(),
            transaction_id: line.transaction_id.clone(),
        };
        let titles = ctx
            .ticketing
            .issue_season_collection(&request)
            .await
            .map_err(line_error)?;
        let stored: Vec<(FixtureId, IssuedTitle)> = titles
            .iter()
            .filter_map(|t| fixture_of.get(&t.event_id).map(|f| (*f, issued(t))))
            .collect();
        store_match_titles(ctx, line.id, &stored).await?;
    }
    Ok(())
}

/// Stores a collection's match titles (completing the line when all exist) and cancels the
/// titles of matches that already had one (two runs raced).
async fn store_match_titles(
    ctx: &JobContext,
    line_id: i64,
    titles: &[(FixtureId, IssuedTitle)],
) -> Result<(), LineError> {
    let mut conn = ctx.pool.acquire().await?;
    let extra = season_orders::record_match_titles(&mut conn, line_id, titles).await?;
    drop(conn);
    for id in extra {
        ctx.ticketing
            .cancel_title(id as u64)
            .await
            .map_err(line_error)?;
    }
    Ok(())
}

/// Tells the buyer once that the season tickets wait for the ticketing system.
async fn tell_delayed(ctx: &JobContext, order: &SeasonOrder) -> Result<(), sqlx::Error> {
    let mut tx = ctx.pool.begin().await?;
    if season_orders::mark_delay_notified(&mut tx, order.id).await? {
        let base = ctx.public_base_url.trim_end_matches('/');
        let context = json!({
            "fixture": order.season.name, "order_id": order.id, "count": order.lines.len(),
            "order_url": format!("{base}/seasonticketcheckout/thankyou/{}", order.id),
        });
        mail_to(
            &mut tx,
            &order.buyer_email,
            language(order),
            MailTemplate::TicketsDelayed,
            &context,
            vec![],
        )
        .await?;
    }
    tx.commit().await
}

/// Issuing gave up: the order is listed in the failed season issues; the buyer and staff are
/// e-mailed (spec: send-failure-issue-season-tickets-email). A mass task's order unfinalises
/// its line instead (the staff member who ran the task gets the report when the round ends).
async fn gave_up(
    ctx: &JobContext,
    tx: &mut PgConnection,
    order_id: SeasonOrderId,
    attempt: u32,
    error: &str,
) -> Result<(), sqlx::Error> {
    let sold = SoldAs::Season(order_id);
    if mass::line_of_order(tx, sold).await?.is_some() {
        if let Some(report) = fail_line(tx, sold, attempt, error).await? {
            report_mail(tx, &ctx.public_base_url, &report).await?;
        }
        return Ok(());
    }
    if !season_orders::mark_failed(tx, order_id, error, attempt as i32).await? {
        return Ok(());
    }
    let Some(order) = season_orders::load(tx, order_id).await? else {
        return Ok(());
    };
    let base = ctx.public_base_url.trim_end_matches('/');
    let mut context = json!({
        "fixture": order.season.name, "order_id": order.id, "buyer_email": order.buyer_email,
        "attempts": attempt, "error": error, "for_staff": false, "refunded": false,
        "admin_url": format!("{base}/admin/tickets/issuefailedseason"),
    });
    mail_to(
        tx,
        &order.buyer_email,
        language(&order),
        MailTemplate::IssueFailure,
        &context,
        vec![],
    )
    .await?;
    context["for_staff"] = json!(true);
    mail_to(
        tx,
        &ctx.staff_email,
        Language::It,
        MailTemplate::IssueFailure,
        &context,
        vec![],
    )
    .await
}

/// Sends an issued season order's PDFs with the purchase e-mail: a season title's one page
/// per seat, a collection's one ticket per match. Once per order, however often it runs.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendSeasonTickets {
    pub order_id: SeasonOrderId,
}

impl Job for SendSeasonTickets {
    const QUEUE: &'static str = "seasons::send_tickets";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.order_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut tx = ctx.pool.begin().await?;
        let Some(order) = season_orders::load(&mut tx, self.order_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no season order {}",
                self.order_id
            )));
        };
        if !season_orders::mark_tickets_sent(&mut tx, order.id).await? {
            return Ok(());
        }
        let (mut context, attachments) = {
            let (base, order) = (ctx.public_base_url.clone(), order.clone());
            off_runtime(move || purchase_mail(&base, &order)).await
        };
        {
            use secrecy::ExposeSecret;
            with_pass_links(
                &mut context,
                &order,
                ctx.link_secret.expose_secret().as_bytes(),
                &ctx.public_base_url,
            );
        }
        // A mass task's season seat is the club's gift: the finalised e-mail, not a purchase.
        let template = if order.mass_task_id.is_some() {
            MailTemplate::MassSeasonFinalized
        } else {
            MailTemplate::SeasonPurchase
        };
        mail_to(
            &mut tx,
            &order.buyer_email,
            language(&order),
            template,
            &context,
            attachments,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Staff send an issued season order's e-mail again, with its titles as they stand now
/// (a buyer who lost it, a title passed on since). On `conn` (a transaction, with the
/// caller's audit). False when the order is not issued.
pub async fn resend_tickets(
    conn: &mut PgConnection,
    public_base_url: &str,
    link_secret: &[u8],
    order: &SeasonOrder,
) -> Result<bool, sqlx::Error> {
    if order.state != OrderState::Issued {
        return Ok(false);
    }
    let (mut context, attachments) = {
        let (base, order) = (public_base_url.to_owned(), order.clone());
        off_runtime(move || purchase_mail(&base, &order)).await
    };
    with_pass_links(&mut context, order, link_secret, public_base_url);
    mail_to(
        conn,
        &order.buyer_email,
        language(order),
        MailTemplate::SeasonPurchase,
        &context,
        attachments,
    )
    .await?;
    Ok(true)
}

/// Each season title's phone-wallet passes in a season e-mail's context, by signed links (a
/// collection's match tickets are in the wallet).
fn with_pass_links(
    context: &mut serde_json::Value,
    order: &SeasonOrder,
    secret: &[u8],
    public_base_url: &str,
) {
    if let Some(seats) = context["seats"].as_array_mut() {
        for (seat, line) in seats.iter_mut().zip(&order.lines) {
            if let Some(title) = &line.title {
                let season = domain::pass_links::PassTitle::Season {
                    line: line.id,
                    fixture: None,
                };
                seat["pass"] =
                    crate::mail::pass_links_signed(secret, public_base_url, &season, &title.seal);
            }
        }
    }
}

/// A season seat's title as printed.
pub fn season_document(
    order: &SeasonOrder,
    line: &SeasonOrderLine,
    seal: &str,
    barcode: &str,
) -> documents::SeasonTicket {
    documents::SeasonTicket {
        season_name: order.season.name.clone(),
        label: order.season.label.clone(),
        sector: line.sector_name.clone(),
        block: line.block_code.clone(),
        row: line.row.clone(),
        seat: line.number.to_string(),
        gate: line.gate.clone(),
        holder: line
            .holder
            .as_ref()
            .map(|h| h.full_name())
            .unwrap_or_default(),
        reduction: line.reduction_name.clone(),
        price_cents: line.price_cents.0,
        seal: seal.to_owned(),
        barcode: barcode.to_owned(),
        order_ref: order.id.to_string(),
        matches: order
            .season
            .matches
            .iter()
            .map(|m| (m.title.clone(), m.starts_at))
            .collect(),
    }
}

/// A collection's match title as printed: a match ticket.
pub fn match_document(
    order: &SeasonOrder,
    line: &SeasonOrderLine,
    fixture: FixtureId,
    seal: &str,
    barcode: &str,
) -> Option<documents::Ticket> {
    let m = order
        .season
        .matches
        .iter()
        .find(|m| m.fixture_id == fixture)?;
    Some(documents::Ticket {
        match_title: m.title.clone(),
        competition: order.season.name.clone(),
        starts_at: m.starts_at,
        sector: line.sector_name.clone(),
        block: line.block_code.clone(),
        row: line.row.clone(),
        seat: line.number.to_string(),
        gate: line.gate.clone(),
        holder: line
            .holder
            .as_ref()
            .map(|h| h.full_name())
            .unwrap_or_default(),
        reduction: line.reduction_name.clone(),
        price_cents: 0,
        seal: seal.to_owned(),
        barcode: barcode.to_owned(),
        order_ref: order.id.to_string(),
    })
}

fn purchase_mail(
    public_base_url: &str,
    order: &SeasonOrder,
) -> (serde_json::Value, Vec<Attachment>) {
    let doc_lang = documents::Lang::parse(&order.language);
    let mut attachments = vec![];
    let mut seats = vec![];
    for line in &order.lines {
        let mut titles = 0;
        if let Some(title) = &line.title {
            attachments.push(Attachment {
                filename: format!("abbonamento-{}.pdf", title.seal),
                content_type: "application/pdf".into(),
                content: documents::season_pdf(
                    &season_document(order, line, &title.seal, &title.barcode),
                    doc_lang,
                ),
            });
            titles = 1;
        }
        for t in line
            .match_titles
            .iter()
            .filter(|t| t.state == TitleState::Valid)
        {
            if let Some(doc) = match_document(order, line, t.fixture_id, &t.seal, &t.barcode) {
                attachments.push(Attachment {
                    filename: format!("biglietto-{}.pdf", t.seal),
                    content_type: "application/pdf".into(),
                    content: documents::ticket_pdf(&doc, doc_lang),
                });
                titles += 1;
            }
        }
        seats.push(json!({
            "sector": line.sector_name, "row": line.row, "seat": line.number, "gate": line.gate,
            "holder": line.holder.as_ref().map(|h| h.full_name()).unwrap_or_default(),
            "price": documents::euros(line.price_cents.0),
            "seal": line.title.as_ref().map(|t| t.seal.clone()).unwrap_or_default(),
            "collection": line.collection, "titles": titles,
            // Added with the server's secret (`with_pass_links`); none for a collection.
            "pass": null,
        }));
    }
    let base = public_base_url.trim_end_matches('/');
    let first_match = order
        .season
        .first_match_at
        .map(|t| {
            t.with_timezone(&chrono_tz::Europe::Rome)
                .format("%d/%m/%Y")
                .to_string()
        })
        .unwrap_or_default();
    (
        json!({
            "season": order.season.name, "matches": order.season.matches.len(),
            "first_match": first_match, "order_id": order.id,
            "total": documents::euros(order.total_cents.0), "wallet_url": format!("{base}/wallet/"),
            "seats": seats,
            // Sold at the box office (the spec's send-admin-season-ticket-purchase-email).
            "box_office": order.sold_by.is_some(), "payment": order.payment_method.as_str(),
        }),
        attachments,
    )
}

/// Refunds a season order's payment through the provider (one refund: the key is the
/// order's), cancels every title issued for it, and e-mails the buyer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundSeasonOrder {
    pub order_id: SeasonOrderId,
}

impl Job for RefundSeasonOrder {
    const QUEUE: &'static str = "seasons::refund_order";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.order_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(order) = season_orders::load(&mut conn, self.order_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no season order {}",
                self.order_id
            )));
        };
        if order.state != OrderState::Refunding {
            return Ok(());
        }
        drop(conn);
        // Collected first: a lazy iterator held across the calls below trips the proof that
        // the job's future is Send.
        let mut titles: Vec<i64> = vec![];
        for l in &order.lines {
            if let Some(t) = &l.title
                && t.state == TitleState::Valid
            {
                titles.push(t.title_id);
            }
            for t in &l.match_titles {
                if t.state == TitleState::Valid {
                    titles.push(t.title_id);
                }
            }
        }
        cancel_titles(ctx, &titles).await?;
        let refund_id = match &order.payment_intent_id {
            Some(intent) if order.payment_method == PaymentMethod::Card => Some(
                ctx.payments
                    .refund(intent, &format!("{}-refund", order.id))
                    .await
                    .map_err(payments_error)?,
            ),
            _ => None,
        };
        let mut tx = ctx.pool.begin().await?;
        if season_orders::mark_refunded(&mut tx, order.id, refund_id.as_deref().unwrap_or(""))
            .await?
        {
            let context = json!({
                "fixture": order.season.name, "order_id": order.id,
                "total": documents::euros(order.total_cents.0), "reason": "", "refusal": "",
            });
            mail_to(
                &mut tx,
                &order.buyer_email,
                language(&order),
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
