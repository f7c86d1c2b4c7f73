//! Checkout (DESIGN.md, workflow 1): a confirmed payment (the signed webhook or the fan's
//! return, whichever comes first) -> the order paid -> each title issued in the ticketing
//! system -> seals stored -> PDF tickets -> the e-mail -> a notification. And refunds: a
//! paid order whose seat was lost, an order cancelled before its payment arrived, or staff's
//! refund of a failed issue.
//!
//! Issuing is idempotent by each line's transaction id: a line is marked "asked for" before
//! the call, and from then on the ticketing system is asked what it issued for that id before
//! anything is issued again. So a worker killed half-way, a time-out, or an answer that is an
//! error although the title was issued never issue a seat twice, even when the ticketing
//! system itself is not idempotent.

use crate::runtime::{ticketing_down, ticketing_error};
use crate::{
    eligibility::{self, person},
    mail::send_email,
    runtime::{Job, JobContext, JobError, enqueue},
};
use domain::{
    breaker::{self, Gate},
    email::Email,
    language::Language,
    notifications::{Attachment, MailTemplate, NewEmail},
    orders::{self, IssuedTitle, Order, OrderLine, OrderState, PaymentOutcome, TitleState},
};
use futures::{StreamExt, stream};
use integrations::{
    documents,
    payments::PaymentsError,
    ticketing::{IssueTicket, Person, TicketingError, TitleInfo},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

/// Lines of one order issued at once.
pub const LINES_AT_ONCE: usize = 4;

fn payments_error(e: PaymentsError) -> JobError {
    if e.is_retryable() {
        JobError::Retryable(e.into())
    } else {
        JobError::Permanent(e.into())
    }
}

/// Applies a payment confirmation (the spec's transition) and enqueues what follows, on
/// `conn`, the caller's transaction: issuing when the seats are kept, a refund when a seat
/// was lost or the order had been cancelled. Safe to call any number of times, from the
/// webhook and the fan's return at once: one of them moves the order, the others get
/// `paymentAlreadyProcessed`.
pub async fn settle_payment(
    conn: &mut PgConnection,
    order_id: Uuid,
    client_secret: &str,
    amount_cents: i64,
    payment_method: &str,
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

/// Enqueues the issuing of an order (round 0 for its payment, then one per staff retry):
/// on the fans' queue, or on the mass queue for an order a mass-issue task sold, so that a
/// thousand-line task never delays a fan's tickets.
pub async fn enqueue_issue(
    conn: &mut PgConnection,
    order_id: Uuid,
    round: i32,
) -> Result<(), sqlx::Error> {
    let mass = sqlx::query_scalar!(
        "select mass_task_id from ticket_order where order_id = $1",
        order_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if mass.is_some() {
        enqueue(conn, &crate::mass::IssueMassOrder { order_id, round }).await?;
    } else {
        enqueue(conn, &IssueOrder { order_id, round }).await?;
    }
    Ok(())
}

/// What staff sell at the box office: seats of a fixture, each with its holder and reduction.
pub struct StaffSale<'a> {
    pub fixture_id: i64,
    pub buyer: Uuid,
    pub buyer_email: &'a str,
    pub staff: Uuid,
    /// cash, pos, bank_transfer or complimentary
    pub payment_method: &'a str,
    pub language: &'a str,
    /// (seat id, reduction id, holder)
    pub lines: Vec<(i64, i32, orders::HolderDetails)>,
    /// Sold by this mass-issue task: the club's own issue, so no per-buyer limit, and issued
    /// on the mass queue.
    pub mass_task: Option<Uuid>,
}

/// Why a staff sale was refused. Nothing changed (the caller rolls back).
#[derive(Debug)]
pub enum StaffSaleRefusal {
    Hold(domain::inventory::HoldRefusal),
    Naming(orders::NamingRefusal),
    NotOnSale,
}

/// Places an order for a buyer at the box office, on `conn` (a transaction): the seats are
/// held for the buyer, named, paid by `payment_method`, and issued by the same job as an
/// online order. Returns the order's id.
pub async fn sell_at_box_office(
    conn: &mut PgConnection,
    sale: &StaffSale<'_>,
) -> Result<Result<Uuid, StaffSaleRefusal>, sqlx::Error> {
    let Some(mut terms) = domain::fixtures::sale_terms(conn, sale.fixture_id).await? else {
        return Ok(Err(StaffSaleRefusal::NotOnSale));
    };
    if sale.mass_task.is_some() {
        terms.per_buyer_limit = i32::MAX;
    }
    let seats: Vec<i64> = sale.lines.iter().map(|l| l.0).collect();
    if let Err(r) = domain::inventory::hold_seats(conn, &terms, sale.buyer, &seats, &[]).await? {
        return Ok(Err(StaffSaleRefusal::Hold(r)));
    }
    let order_id = match orders::create_from_hold(
        conn,
        sale.fixture_id,
        sale.buyer,
        sale.buyer_email,
        sale.language,
    )
    .await?
    {
        Ok(id) => id,
        Err(_) => return Ok(Err(StaffSaleRefusal::NotOnSale)),
    };
    let order = orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let named: Vec<orders::NamedLine> = sale
        .lines
        .iter()
        .filter_map(|(seat, reduction, holder)| {
            order
                .lines
                .iter()
                .find(|l| l.seat_id == *seat)
                .map(|l| orders::NamedLine {
                    line_id: l.id,
                    reduction_id: *reduction,
                    holder: holder.clone(),
                })
        })
        .collect();
    // Staff may sell the box office's reductions too.
    if let Err(r) = orders::name_holders(conn, &order, &named, false).await? {
        return Ok(Err(StaffSaleRefusal::Naming(r)));
    }
    orders::mark_by_staff(conn, order_id, sale.staff, sale.payment_method).await?;
    if let Some(task) = sale.mass_task {
        orders::mark_mass(conn, order_id, task).await?;
    }
    let total = orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?
        .total_cents;
    let reference = format!("staff_{order_id}");
    orders::attach_intent(conn, order_id, &reference, &reference).await?;
    settle_payment(conn, order_id, &reference, total, sale.payment_method).await?;
    Ok(Ok(order_id))
}

/// Staff retry a failed issue: it issues what is still missing. False when not failed.
pub async fn retry_issue(conn: &mut PgConnection, order_id: Uuid) -> Result<bool, sqlx::Error> {
    let Some(round) = orders::retry_failed(conn, order_id).await? else {
        return Ok(false);
    };
    enqueue_issue(conn, order_id, round).await?;
    Ok(true)
}

/// Staff refund a failed issue (or a paid order). False when it cannot be refunded now.
pub async fn refund(
    conn: &mut PgConnection,
    order_id: Uuid,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    if !orders::start_refund(conn, order_id, reason).await? {
        return Ok(false);
    }
    enqueue(conn, &RefundOrder { order_id }).await?;
    Ok(true)
}

/// Issues the titles of a paid order, then renders its PDF tickets, e-mails them to the
/// buyer and tells the fan, in the transaction that marks the order issued (so once).
///
/// Out of attempts, or refused for good by the ticketing system: the order is listed in the
/// failed issues, the buyer and staff are e-mailed, the fan notified; staff retry (a new
/// round of this job) or refund.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct IssueOrder {
    pub order_id: Uuid,
    /// 0 for the payment's job; staff retries get the next round.
    #[serde(default)]
    pub round: i32,
}

impl Job for IssueOrder {
    const QUEUE: &'static str = "checkout::issue_order";
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
        give_up(ctx, self.order_id, attempt, error).await
    }
}

/// One attempt at issuing a paid order's titles (the steps of [`IssueOrder`] and of the mass
/// queue's job).
pub(crate) async fn issue(ctx: &JobContext, order_id: Uuid) -> Result<(), JobError> {
    let started = std::time::Instant::now();
    let mut conn = ctx.pool.acquire().await?;
    let Some(order) = orders::load(&mut conn, order_id).await? else {
        return Err(JobError::Permanent(anyhow::anyhow!(
            "no order {}",
            order_id
        )));
    };
    let from_paid = match order.state {
        OrderState::Paid => true,
        OrderState::Issuing => false,
        // Done, refunded, or waiting for staff: nothing to do.
        _ => return Ok(()),
    };
    // While the ticketing system is down, wait for it without calling it: the fan is told
    // once that the tickets are on their way.
    let gate = breaker::gate(&mut conn, breaker::TICKETING, ctx.breaker).await?;
    if let Gate::WaitUntil(until) = gate {
        drop(conn);
        tell_delayed(ctx, &order).await?;
        return Err(JobError::Waiting {
            service: breaker::TICKETING,
            until,
        });
    }
    let buyer = buyer_person(&mut conn, &order).await?;
    let missing: Vec<&OrderLine> = order.lines.iter().filter(|l| l.title.is_none()).collect();
    // Lines never asked for are marked before any call, in the statement that starts the
    // issuing (one round trip: this runs once per order on the fans' hot path).
    let fresh: Vec<i64> = missing
        .iter()
        .filter(|l| l.issue_requested_at.is_none())
        .map(|l| l.id)
        .collect();
    orders::begin_issuing(&mut conn, order.id, from_paid, &fresh).await?;
    drop(conn);
    let prepared = started.elapsed();
    // The futures are made first: a closure inside the stream trips the compiler's
    // proof that the job's future is Send.
    let calls: Vec<_> = missing
        .iter()
        .map(|line| Box::pin(issue_line(ctx, &order, line, &buyer)))
        .collect();
    let outcomes: Vec<(i64, Result<TitleInfo, LineError>)> = stream::iter(calls)
        .buffer_unordered(LINES_AT_ONCE)
        .collect()
        .await;
    let mut titles = vec![];
    let mut answered = vec![];
    let mut failure: Option<JobError> = None;
    for (line, outcome) in outcomes {
        match outcome {
            Ok(title) => titles.push((line, title)),
            Err(LineError { error, answered: a }) => {
                if a {
                    answered.push(line);
                }
                // A refusal (permanent) wins over a retryable error: retrying will not help.
                if !matches!(failure, Some(JobError::Permanent(_))) {
                    failure = Some(error);
                }
            }
        }
    }
    let called = started.elapsed();
    if let Some(down) = failure.as_ref().and_then(ticketing_down) {
        let mut conn = ctx.pool.acquire().await?;
        let open =
            breaker::record_failure(&mut conn, breaker::TICKETING, &down, ctx.breaker).await?;
        if let Some(until) = open
            && titles.is_empty()
        {
            drop(conn);
            tell_delayed(ctx, &order).await?;
            failure = Some(JobError::Waiting {
                service: breaker::TICKETING,
                until,
            });
        }
    }
    // Every title in one statement; when none is missing, the order is finished in the
    // same transaction.
    let mut tx = ctx.pool.begin().await?;
    // A success resets the breaker; nothing to write when it had counted no failure.
    if (failure.is_none() || !titles.is_empty()) && gate != (Gate::Call { clean: true }) {
        breaker::record_success(&mut tx, breaker::TICKETING).await?;
    }
    let kept = store(&mut tx, &titles).await?;
    orders::mark_issue_answered(&mut tx, &answered).await?;
    if failure.is_none() {
        // The order as it now stands, without reading it again.
        let mut done = order.clone();
        for line in done.lines.iter_mut().filter(|l| l.title.is_none()) {
            line.title = titles
                .iter()
                .find(|(id, t)| *id == line.id && kept.get(id) == Some(&(t.id as i64)))
                .map(|(_, t)| orders::TitleView {
                    seal: t.seal.clone(),
                    barcode: t.barcode.clone(),
                    state: TitleState::Valid,
                    issued_at: Some(chrono::Utc::now()),
                    title_id: t.id as i64,
                });
        }
        finish(ctx, &mut tx, &done).await?;
    }
    tx.commit().await?;
    tracing::debug!(
        prepare_ms = prepared.as_millis() as u64,
        calls_ms = (called - prepared).as_millis() as u64,
        store_ms = (started.elapsed() - called).as_millis() as u64,
        "order issuing steps"
    );
    // A line that already had a title (two runs raced): the newer one is cancelled.
    for (_, title) in titles
        .iter()
        .filter(|(line, t)| kept.get(line) != Some(&(t.id as i64)))
    {
        ctx.ticketing
            .cancel_title(title.id)
            .await
            .map_err(ticketing_error)?;
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Issuing an order gave up: the order is listed in the failed issues; the buyer and staff
/// are e-mailed and the fan notified.
pub(crate) async fn give_up(
    ctx: &JobContext,
    order_id: Uuid,
    attempt: u32,
    error: &str,
) -> Result<(), sqlx::Error> {
    let mut tx = ctx.pool.begin().await?;
    if let Some((line, task)) = domain::mass::line_of_order(&mut tx, order_id).await? {
        // A mass task's line: unfinalised, reported to staff with the task.
        crate::mass::give_up_line(ctx, &mut tx, order_id, line, task, attempt, error).await?;
        return tx.commit().await;
    }
    if !orders::mark_failed(&mut tx, order_id, error, attempt as i32).await? {
        return tx.commit().await;
    }
    let Some(order) = orders::load(&mut tx, order_id).await? else {
        return tx.commit().await;
    };
    let base = ctx.public_base_url.trim_end_matches('/');
    let refused = eligibility::refusal_code(error);
    let mut context = json!({
        "fixture": order.fixture.title, "order_id": order.id, "buyer_email": order.buyer_email,
        "attempts": attempt, "error": error, "for_staff": false, "refunded": false,
        "admin_url": format!("{base}/admin/tickets/issuefailed"),
    });
    if let Some(code) = refused {
        // The ticketing system refused for good (the rules changed after the fan paid):
        // nothing will change that, so the money goes back at once, without waiting for
        // staff. The order passed through failed so that staff see it among the failed
        // issues, refunded; the fan hears of it once, from the refund.
        if !orders::start_refund(&mut tx, order_id, &format!("refused:{code}")).await? {
            return tx.commit().await;
        }
        enqueue(&mut tx, &RefundOrder { order_id }).await?;
        domain::audit::record(
            &mut tx,
            None,
            "order.refunded_after_refusal",
            "order",
            &order_id.to_string(),
            json!({"code": code, "error": error}),
        )
        .await?;
        context["refunded"] = json!(true);
        context["admin_url"] = json!(format!("{base}/admin/orders/{}/show", order.id));
    } else {
        mail(
            &mut tx,
            &order.buyer_email,
            lang(&order),
            MailTemplate::IssueFailure,
            &context,
            vec![],
        )
        .await?;
        orders::notify_fan(
            &mut tx,
            order.user_id,
            "issue_failed",
            json!({"fixture": order.fixture.title}),
            order.id,
        )
        .await?;
    }
    context["for_staff"] = json!(true);
    mail(
        &mut tx,
        &ctx.staff_email,
        Language::It,
        MailTemplate::IssueFailure,
        &context,
        vec![],
    )
    .await?;
    tx.commit().await
}

/// Tells the buyer of a paid order, once, that the tickets are on their way: the ticketing
/// system is down and issuing waits for it. Mass tasks' lines are staff's, not a fan's.
async fn tell_delayed(ctx: &JobContext, order: &Order) -> Result<(), sqlx::Error> {
    if order.mass_task_id.is_some() {
        return Ok(());
    }
    let mut tx = ctx.pool.begin().await?;
    if orders::mark_delay_notified(&mut tx, order.id).await? {
        let base = ctx.public_base_url.trim_end_matches('/');
        let context = json!({
            "fixture": order.fixture.title, "order_id": order.id, "count": order.lines.len(),
            "order_url": format!("{base}/checkout/thankyou/{}", order.id),
        });
        mail(
            &mut tx,
            &order.buyer_email,
            lang(order),
            MailTemplate::TicketsDelayed,
            &context,
            vec![],
        )
        .await?;
    }
    tx.commit().await
}

pub(crate) fn lang(order: &Order) -> Language {
    Language::from_code_or_default(&order.language)
}

/// Renders and enqueues one e-mail, on the caller's transaction.
pub(crate) async fn mail(
    conn: &mut PgConnection,
    to: &str,
    language: Language,
    template: MailTemplate,
    context: &serde_json::Value,
    attachments: Vec<Attachment>,
) -> Result<(), sqlx::Error> {
    let Ok(to) = Email::parse(to) else {
        tracing::warn!(to, "not an e-mail address: nothing sent");
        return Ok(());
    };
    send_email(
        conn,
        &NewEmail {
            to,
            language,
            template,
            context,
            attachments,
        },
    )
    .await
    .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    Ok(())
}

/// The buyer as the ticketing system counts purchases (see [`eligibility::buyer`]).
async fn buyer_person(conn: &mut PgConnection, order: &Order) -> Result<Person, JobError> {
    eligibility::buyer(conn, order)
        .await?
        .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("the order names no holder")))
}

/// A line's call failed; `answered`: the system did answer (so the call will not land later).
struct LineError {
    error: JobError,
    answered: bool,
}

impl From<sqlx::Error> for LineError {
    fn from(e: sqlx::Error) -> Self {
        LineError {
            error: e.into(),
            answered: false,
        }
    }
}

fn line_error(e: TicketingError) -> LineError {
    LineError {
        answered: e.answered(),
        error: ticketing_error(e),
    }
}

/// Issues one line's title, or finds the one already issued for its transaction id. Returns
/// the line's id with the title (stored by the caller).
async fn issue_line(
    ctx: &JobContext,
    order: &Order,
    line: &OrderLine,
    buyer: &Person,
) -> (i64, Result<TitleInfo, LineError>) {
    (line.id, issue_line_title(ctx, order, line, buyer).await)
}

async fn issue_line_title(
    ctx: &JobContext,
    order: &Order,
    line: &OrderLine,
    buyer: &Person,
) -> Result<TitleInfo, LineError> {
    let holder = line.holder.as_ref().ok_or_else(|| LineError {
        error: JobError::Permanent(anyhow::anyhow!("line {} names no holder", line.id)),
        answered: true,
    })?;
    if let Some(requested_at) = line.issue_requested_at {
        // A call that got no answer (a time-out, a worker killed) may still land: wait
        // until it must have timed out before concluding from the look-up.
        if line.issue_unanswered {
            let settled = requested_at
                + chrono::Duration::from_std(ctx.ticketing.timeout()).unwrap_or_default()
                + chrono::Duration::seconds(1);
            if let Ok(wait) = (settled - chrono::Utc::now()).to_std() {
                tokio::time::sleep(wait).await;
            }
        }
        let mut found: Vec<TitleInfo> = ctx
            .ticketing
            .titles_by_transaction(&line.transaction_id)
            .await
            .map_err(line_error)?
            .into_iter()
            .filter(|t| t.state != "cancelled")
            .collect();
        found.sort_by_key(|t| t.progressive);
        if let Some((first, duplicates)) = found.split_first() {
            // A system that is not idempotent may have issued twice for one id: keep the
            // first title, cancel the others.
            for d in duplicates {
                tracing::warn!(title = d.id, "a duplicate title: cancelled");
                ctx.ticketing.cancel_title(d.id).await.map_err(line_error)?;
            }
            return Ok(first.clone());
        }
        let mut conn = ctx.pool.acquire().await?;
        orders::mark_issue_requested(&mut conn, &[line.id]).await?;
    }
    let request = IssueTicket {
        event_id: order.fixture.planet_event_id as u32,
        seat_id: if line.no_map {
            None
        } else {
            line.planet_seat_id.map(|s| s as u32)
        },
        block_id: line.no_map.then_some(line.block_id as u32),
        reduction_id: line.reduction_id as u32,
        holder: person(holder),
        buyer: buyer.clone(),
        transaction_id: line.transaction_id.clone(),
        ..Default::default()
    };
    ctx.ticketing
        .issue_ticket(&request)
        .await
        .map_err(line_error)
}

/// Stores the lines' titles; returns each line's title id as stored (another one when two
/// runs raced and the other stored first).
async fn store(
    conn: &mut PgConnection,
    titles: &[(i64, TitleInfo)],
) -> Result<std::collections::HashMap<i64, i64>, sqlx::Error> {
    let issued: Vec<(i64, IssuedTitle)> = titles
        .iter()
        .map(|(line, t)| {
            (
                *line,
                IssuedTitle {
                    title_id: t.id as i64,
                    seal: t.seal.clone(),
                    barcode: t.barcode.clone(),
                    progressive: t.progressive as i64,
                    gate: t.gate.clone(),
                },
            )
        })
        .collect();
    orders::record_titles(conn, &issued).await
}

/// Every title is issued: mark the order issued, and in the caller's transaction the e-mail
/// with one PDF per title and the fan's notification.
async fn finish(ctx: &JobContext, tx: &mut PgConnection, order: &Order) -> Result<(), sqlx::Error> {
    if !orders::mark_issued(tx, order.id).await? {
        return Ok(());
    }
    if let Some(task) = order.mass_task_id {
        return crate::mass::finish_line(ctx, tx, order, task).await;
    }
    // The PDFs and the e-mail are made by a job of their own, off the issuing's path.
    enqueue(tx, &SendTickets { order_id: order.id }).await?;
    orders::notify_fan(
        tx,
        order.user_id,
        "tickets_issued",
        json!({"fixture": order.fixture.title, "count": order.lines.len()}),
        order.id,
    )
    .await
}

/// Sends an issued order's tickets: one PDF per title, attached to the e-mail to the buyer
/// (spec: send-ticket-purchase-email). Enqueued with the order's issue; once per order, however
/// often it runs (the order records that its tickets were sent, in the e-mail's transaction).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendTickets {
    pub order_id: Uuid,
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
    let language = lang(order);
    let doc_lang = documents::Lang::parse(language.code());
    let when = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    let mut tickets = vec![];
    let mut attachments = vec![];
    for line in &order.lines {
        let (Some(title), Some(holder)) = (&line.title, &line.holder) else {
            continue;
        };
        let ticket = ticket_document(order, line, title, holder);
        attachments.push(Attachment {
            filename: format!("biglietto-{}.pdf", title.seal),
            content_type: "application/pdf".into(),
            content: documents::ticket_pdf(&ticket, doc_lang),
        });
        tickets.push(json!({
            "sector": line.sector_name, "row": line.row, "seat": line.number, "gate": line.gate,
            "holder": holder.full_name(), "price": documents::euros(i64::from(line.price_cents)),
            "seal": title.seal,
        }));
    }
    let base = ctx.public_base_url.trim_end_matches('/');
    let context = json!({
        "fixture": order.fixture.title, "starts_at": when, "order_id": order.id,
        "total": documents::euros(order.total_cents), "wallet_url": format!("{base}/wallet/"),
        "tickets": tickets,
    });
    mail(
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
        price_cents: i64::from(line.price_cents),
        seal: title.seal.clone(),
        barcode: title.barcode.clone(),
        order_ref: order.id.to_string(),
    }
}

/// Refunds an order's payment through the provider (one refund: the key is the order's),
/// cancels any title issued for it, frees its seats, e-mails the buyer and tells the fan.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefundOrder {
    pub order_id: Uuid,
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
        for line in &order.lines {
            if let Some(title) = &line.title
                && title.state == TitleState::Valid
            {
                match ctx.ticketing.cancel_title(title.title_id as u64).await {
                    Ok(_) => {}
                    // Already cancelled (a retry after a crash): fine.
                    Err(TicketingError::Refused { code, .. })
                        if code == "TITOLO_NON_ANNULLABILE" => {}
                    Err(e) => return Err(ticketing_error(e)),
                }
            }
        }
        let refund_id = match &order.payment_intent_id {
            Some(intent) if order.payment_method == "card" => Some(
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
            let context = json!({
                "fixture": order.fixture.title, "order_id": order.id,
                "total": documents::euros(order.total_cents), "reason": reason,
                "refusal": refusal,
            });
            mail(
                &mut tx,
                &order.buyer_email,
                lang(&order),
                MailTemplate::OrderRefunded,
                &context,
                vec![],
            )
            .await?;
            orders::notify_fan(
                &mut tx,
                order.user_id,
                "order_refunded",
                json!({"fixture": order.fixture.title, "reason": reason}),
                order.id,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
