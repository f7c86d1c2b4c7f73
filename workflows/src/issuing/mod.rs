//! Issuing a paid order's titles in the ticketing system: the steps every kind of order
//! takes (a fan's online order, a box-office sale, a mass task's line, and next a season
//! ticket, a transfer, a resale), and a hook for what follows once they are all issued or
//! issuing gave up. One job, [`Issue`], does it for every kind; its hook type decides the
//! queue and what follows ([`fan_order::IssueOrder`] a fan's, [`mass_line::IssueMassOrder`] a
//! mass task's line), so nothing guesses the kind of order.
//!
//! Issuing is idempotent by each line's transaction id: a line is marked "asked for" before
//! the call, and from then on the ticketing system is asked what it issued for that id before
//! anything is issued again. So a worker killed half-way, a time-out, or an answer that is an
//! error although the title was issued never issue a seat twice, even when the ticketing
//! system itself is not idempotent.

pub mod fan_order;
pub mod mass_line;

use crate::{
    eligibility::{self, person},
    mail::{mail_to, order_language},
    runtime::{Job, JobContext, JobError, enqueue, ticketing_down, ticketing_error},
};
use domain::ids::OrderId;
use domain::{
    breaker::{self, Gate},
    notifications::MailTemplate,
    orders::{self, IssuedTitle, Order, OrderLine, OrderState, TitleState},
};
use futures::{StreamExt, stream};
use integrations::ticketing::{IssueTicket, Person, TicketingError, TitleInfo};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use std::future::Future;
use std::marker::PhantomData;

/// Lines of one order issued at once.
pub const LINES_AT_ONCE: usize = 4;

/// What follows issuing, for one kind of order.
pub trait IssueHook: Default + Send + Sync + Unpin + 'static {
    /// The queue its orders are issued on: each kind its own, with its own concurrency, so a
    /// thousand-line mass task never delays a fan's tickets.
    const QUEUE: &'static str;

    /// Whether the buyer is told, once, that the tickets are delayed while the ticketing
    /// system is down (a fan is; a mass task's line is staff's business).
    const TELLS_DELAYS: bool;

    /// Every title is issued: called once, in the transaction that marked the order issued.
    fn issued(
        &self,
        ctx: &JobContext,
        tx: &mut PgConnection,
        order: &Order,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send;

    /// Issuing gave up (out of attempts, refused for good, or discarded by staff), in its
    /// transaction: leave a state staff can see and act on.
    fn gave_up(
        &self,
        ctx: &JobContext,
        tx: &mut PgConnection,
        order_id: OrderId,
        attempt: u32,
        error: &str,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send;
}

/// Issues the titles of a paid order by the steps below, then does what its kind's hook `H`
/// says, in the transaction that marks the order issued (so once); out of attempts, or
/// refused for good by the ticketing system, the hook's `gave_up` leaves a state staff can see.
/// Staff retries are new rounds of the same job.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(bound = "")]
pub struct Issue<H> {
    pub order_id: OrderId,
    /// 0 for the payment's job; staff retries get the next round.
    #[serde(default)]
    pub round: i32,
    #[serde(skip)]
    hook: PhantomData<H>,
}

impl<H> Issue<H> {
    pub fn new(order_id: OrderId, round: i32) -> Self {
        Self {
            order_id,
            round,
            hook: PhantomData,
        }
    }
}

impl<H: IssueHook + std::fmt::Debug + Clone + PartialEq> Job for Issue<H> {
    const QUEUE: &'static str = H::QUEUE;
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}-{}", self.order_id, self.round))
    }

    #[tracing::instrument(skip_all, fields(order_id = %self.order_id, queue = H::QUEUE))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        issue(ctx, self.order_id, &H::default()).await
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        give_up(ctx, self.order_id, attempt, error, &H::default()).await
    }
}

/// Enqueues the issuing of an order (round 0 for its payment, then one per staff retry): on
/// the fans' queue, or on the mass queue for an order a mass-issue task sold, so that a
/// thousand-line task never delays a fan's tickets. The one place that tells the two apart.
pub async fn enqueue_issue(
    conn: &mut PgConnection,
    order_id: OrderId,
    round: i32,
) -> Result<(), sqlx::Error> {
    let mass = sqlx::query_scalar!(
        "select mass_task_id from ticket_order where order_id = $1",
        order_id.0
    )
    .fetch_one(&mut *conn)
    .await?;
    if mass.is_some() {
        enqueue(conn, &mass_line::IssueMassOrder::new(order_id, round)).await?;
    } else {
        enqueue(conn, &fan_order::IssueOrder::new(order_id, round)).await?;
    }
    Ok(())
}

/// One attempt at issuing a paid order's titles; `hook` says what follows once they are all
/// issued.
pub(crate) async fn issue<H: IssueHook>(
    ctx: &JobContext,
    order_id: OrderId,
    hook: &H,
) -> Result<(), JobError> {
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
        if H::TELLS_DELAYS {
            tell_delayed(ctx, &order).await?;
        }
        return Err(JobError::Waiting {
            service: breaker::TICKETING,
            until,
        });
    }
    let buyer = buyer_person(&mut conn, &order).await?;
    // Where the titles are sold from, by the club's settings as they are now.
    let from = SoldFrom::of(&domain::settings::load(&mut conn).await?, &order);
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
        .map(|line| Box::pin(issue_line(ctx, &order, line, &buyer, from)))
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
            if H::TELLS_DELAYS {
                tell_delayed(ctx, &order).await?;
            }
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
        if orders::mark_issued(&mut tx, done.id).await? {
            hook.issued(ctx, &mut tx, &done).await?;
        }
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

/// Issuing gave up: the hook's state, in one transaction.
pub(crate) async fn give_up<H: IssueHook>(
    ctx: &JobContext,
    order_id: OrderId,
    attempt: u32,
    error: &str,
    hook: &H,
) -> Result<(), sqlx::Error> {
    let mut tx = ctx.pool.begin().await?;
    hook.gave_up(ctx, &mut tx, order_id, attempt, error).await?;
    tx.commit().await
}

/// Tells the buyer of a paid order, once, that the tickets are on their way: the ticketing
/// system is down and issuing waits for it.
async fn tell_delayed(ctx: &JobContext, order: &Order) -> Result<(), sqlx::Error> {
    let mut tx = ctx.pool.begin().await?;
    if orders::mark_delay_notified(&mut tx, order.id).await? {
        let base = ctx.public_base_url.trim_end_matches('/');
        let context = json!({
            "fixture": order.fixture.title, "order_id": order.id, "count": order.lines.len(),
            "order_url": format!("{base}/checkout/thankyou/{}", order.id),
        });
        mail_to(
            &mut tx,
            &order.buyer_email,
            order_language(order),
            MailTemplate::TicketsDelayed,
            &context,
            vec![],
        )
        .await?;
    }
    tx.commit().await
}

/// The buyer as the ticketing system counts purchases (see [`eligibility::buyer`]).
async fn buyer_person(conn: &mut PgConnection, order: &Order) -> Result<Person, JobError> {
    eligibility::buyer(conn, order)
        .await?
        .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("the order names no holder")))
}

/// A line's call failed; `answered`: the system did answer (so the call will not land later).
pub(crate) struct LineError {
    pub(crate) error: JobError,
    pub(crate) answered: bool,
}

impl From<sqlx::Error> for LineError {
    fn from(e: sqlx::Error) -> Self {
        LineError {
            error: e.into(),
            answered: false,
        }
    }
}

impl LineError {
    /// A line without a holder cannot be issued, however often it is tried.
    pub(crate) fn no_holder(line_id: i64) -> Self {
        LineError {
            error: JobError::Permanent(anyhow::anyhow!("line {line_id} names no holder")),
            answered: true,
        }
    }
}

pub(crate) fn line_error(e: TicketingError) -> LineError {
    LineError {
        answered: e.answered(),
        error: ticketing_error(e),
    }
}

/// The point of sale and terminal a title is issued from (the club's settings): the web's for
/// a fan's order, the box office's sales point for staff's (a box office sale, a mass issue).
#[derive(Debug, Clone, Copy)]
struct SoldFrom {
    point_of_sale_id: u32,
    terminal_id: u32,
}

impl SoldFrom {
    fn of(settings: &domain::settings::Settings, order: &Order) -> SoldFrom {
        SoldFrom {
            point_of_sale_id: if order.is_order_by_admin {
                settings.box_office_sales_point
            } else {
                settings.point_of_sale_id
            } as u32,
            terminal_id: settings.terminal_id as u32,
        }
    }
}

/// Issues one line's title, or finds the one already issued for its transaction id. Returns
/// the line's id with the title (stored by the caller).
async fn issue_line(
    ctx: &JobContext,
    order: &Order,
    line: &OrderLine,
    buyer: &Person,
    from: SoldFrom,
) -> (i64, Result<TitleInfo, LineError>) {
    (
        line.id,
        issue_line_title(ctx, order, line, buyer, from).await,
    )
}

async fn issue_line_title(
    ctx: &JobContext,
    order: &Order,
    line: &OrderLine,
    buyer: &Person,
    from: SoldFrom,
) -> Result<TitleInfo, LineError> {
    let holder = line
        .holder
        .as_ref()
        .ok_or_else(|| LineError::no_holder(line.id))?;
    if let Some(requested_at) = line.issue_requested_at {
        let found = issued_for(
            ctx,
            &line.transaction_id,
            requested_at,
            line.issue_unanswered,
        )
        .await?;
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
        block_id: line.no_map.then_some(line.block_id.0 as u32),
        reduction_id: line.reduction_id.0 as u32,
        holder: person(holder),
        buyer: buyer.clone(),
        transaction_id: line.transaction_id.clone(),
        // A match's pre-emption: the right goes with the request, and the system checks it
        // (its holder, its window, used once) again.
        preemption_card: order
            .preemption_right
            .clone()
            .filter(|_| order.preemption_card),
        preemption_seal: order
            .preemption_right
            .clone()
            .filter(|_| !order.preemption_card),
        point_of_sale_id: Some(from.point_of_sale_id),
        terminal_id: Some(from.terminal_id),
        ..Default::default()
    };
    let issued = if order.preemption_right.is_some() {
        ctx.ticketing.issue_preemption_ticket(&request).await
    } else {
        ctx.ticketing.issue_ticket(&request).await
    };
    issued.map_err(line_error)
}

/// What the ticketing system issued for a transaction id we asked for at `requested_at`: its
/// live titles, first issued first. A call that got no answer (`unanswered`: a time-out, a
/// worker killed) may still land, so this first waits until it must have timed out. Every
/// kind of order looks here before asking again.
pub(crate) async fn issued_for(
    ctx: &JobContext,
    transaction_id: &str,
    requested_at: chrono::DateTime<chrono::Utc>,
    unanswered: bool,
) -> Result<Vec<TitleInfo>, LineError> {
    if unanswered {
        let settled = requested_at
            + chrono::Duration::from_std(ctx.ticketing.timeout()).unwrap_or_default()
            + chrono::Duration::seconds(1);
        if let Ok(wait) = (settled - chrono::Utc::now()).to_std() {
            tokio::time::sleep(wait).await;
        }
    }
    let mut found: Vec<TitleInfo> = ctx
        .ticketing
        .titles_by_transaction(transaction_id)
        .await
        .map_err(line_error)?
        .into_iter()
        .filter(|t| t.state != "cancelled")
        .collect();
    found.sort_by_key(|t| t.progressive);
    Ok(found)
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
