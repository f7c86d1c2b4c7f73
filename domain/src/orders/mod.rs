//! Orders for single matches (the spec's fixtures_seats_reserved): a fan's hold becomes a
//! pending order, its holders are named, it is paid (payment_status 0 -> 1 only when the
//! stored client secret equals the supplied one, in one conditional update), its titles are
//! issued by a job, and it may be refunded.
//!
//! The database keeps what must never happen from happening: a seat is in at most one live
//! order and a person holds at most one seat of a fixture (partial unique indexes), and a
//! payment moves the order once. Jobs are enqueued by the callers (workflows) in the same
//! transactions.

use crate::ids::{BlockId, FixtureId, SeatId};
use crate::inventory::{self, Change, FULL_PRICE_CODE};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::json;
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

mod holders;
mod state;
pub use holders::{DOCUMENT_TYPES, HolderDetails, HolderInput, HolderRule};
pub use state::{OrderState, PaymentStatus, TitleState};

/// Orders shown in the wallet were created after this instant (spec: 1753981200000 ms).
pub const WALLET_SINCE_MS: i64 = 1_753_981_200_000;

/// The match an order is for.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FixtureRef {
    #[schema(value_type = i64)]
    pub id: FixtureId,
    pub title: String,
    pub competition: String,
    pub starts_at: DateTime<Utc>,
    #[serde(skip)]
    pub planet_event_id: i32,
}

/// An issued title, as the order and the wallet show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TitleView {
    pub seal: String,
    pub barcode: String,
    pub state: TitleState,
    pub issued_at: Option<DateTime<Utc>>,
    #[serde(skip)]
    pub title_id: i64,
}

/// One seat of an order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderLine {
    pub id: i64,
    pub seat_id: i64,
    pub label: String,
    pub sector_code: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub reduction_id: i32,
    pub reduction_code: String,
    pub reduction_name: String,
    pub price_cents: i32,
    pub holder: Option<HolderDetails>,
    pub eligible: Option<bool>,
    pub ineligible_reason: Option<String>,
    pub title: Option<TitleView>,
    #[serde(skip)]
    pub block_id: i32,
    #[serde(skip)]
    pub planet_seat_id: Option<i32>,
    /// A standing place (no row, no number to show).
    pub no_map: bool,
    #[serde(skip)]
    pub transaction_id: String,
    /// When an issue was last asked for (then: look it up before asking again).
    #[serde(skip)]
    pub issue_requested_at: Option<DateTime<Utc>>,
    /// That request got no answer: it may still land.
    #[serde(skip)]
    pub issue_unanswered: bool,
    #[serde(skip)]
    pub live: bool,
}

/// An order with its lines.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Order {
    pub id: Uuid,
    pub fixture: FixtureRef,
    pub payment_status: PaymentStatus,
    pub state: OrderState,
    pub total_cents: i64,
    pub buyer_email: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub holders_complete: bool,
    pub payment_method: String,
    pub is_order_by_admin: bool,
    pub lines: Vec<OrderLine>,
    #[serde(skip)]
    pub user_id: Uuid,
    #[serde(skip)]
    pub client_secret: Option<String>,
    #[serde(skip)]
    pub payment_intent_id: Option<String>,
    #[serde(skip)]
    pub language: String,
    #[serde(skip)]
    pub issue_attempts: i32,
    /// Sold by a mass-issue task: issued on the mass queue, the holder its own buyer.
    #[serde(skip)]
    pub mass_task_id: Option<Uuid>,
}

/// Why a hold could not become an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckoutRefusal {
    NothingHeld,
}

/// Turns `user`'s unexpired hold on a fixture into a pending order, priced from the default
/// prices and each seat's reduction. The caller's other pending orders for the fixture are
/// cancelled, and so are other buyers' pending orders on these seats (their hold expired, or
/// the seats could not be held now). Run in a transaction.
pub async fn create_from_hold(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    user: Uuid,
    buyer_email: &str,
    language: &str,
) -> Result<Result<Uuid, CheckoutRefusal>, sqlx::Error> {
    let held = inventory::held_by(conn, fixture_id, user).await?;
    if held.is_empty() {
        return Ok(Err(CheckoutRefusal::NothingHeld));
    }
    let seat_ids: Vec<SeatId> = held.iter().map(|h| h.id).collect();
    sqlx::query!(
        r#"with stale as (
             update ticket_order o set state = $4, payment_status = $6, modified_at = now()
              where o.payment_status = $7 and o.state = $5 and o.fixture_id = $1
                and (o.user_id = $2 or exists (
                     select 1 from order_line l
                      where l.order_id = o.order_id and l.live and l.seat_id = any($3)))
          returning o.order_id)
           update order_line set live = false where order_id in (select order_id from stale)"#,
        fixture_id.0,
        user,
        &seat_ids as &[SeatId],
        OrderState::Cancelled as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    let order_id = Uuid::now_v7();
    let expires = held.iter().map(|h| h.held_until).min();
    sqlx::query!(
        "insert into ticket_order (order_id, fixture_id, user_id, buyer_email, total_cents, hold_expires_at, language)
         values ($1, $2, $3, $4, 0, $5, $6)",
        order_id,
        fixture_id.0,
        user,
        buyer_email,
        expires,
        language
    )
    .execute(&mut *conn)
    .await?;
    // Each seat at its reduction's price (the full price when none was asked for); the
    // reduction must be priced for the sector, or the full price applies.
    sqlx::query!(
        r#"insert into order_line (order_id, fixture_id, seat_id, block_id, reduction_id, price_cents, transaction_id)
           select $1::uuid, i.fixture_id, i.seat_id, i.block_id, p.reduction_id, p.price_cents,
                  $1::uuid::text || '-' || i.seat_id::text
             from seat_inventory i join venue_block b on b.id = i.block_id
             join lateral (
                  select p.reduction_id, p.price_cents from default_price p join reduction r on r.id = p.reduction_id
                   where p.sector_code = b.sector_code
                     and (p.reduction_id = i.reduction_id or r.code = $4)
                   order by (p.reduction_id = i.reduction_id) desc nulls last limit 1) p on true
            where i.fixture_id = $2 and i.holder_id = $3 and i.state = 'held' and i.seat_id = any($5)"#,
        order_id,
        fixture_id.0,
        user,
        FULL_PRICE_CODE,
        &seat_ids as &[SeatId]
    )
    .execute(&mut *conn)
    .await?;
    refresh_total(conn, order_id).await?;
    Ok(Ok(order_id))
}

async fn refresh_total(conn: &mut PgConnection, order_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set total_cents = coalesce((select sum(price_cents) from order_line where order_id = $1), 0),
                modified_at = now()
          where order_id = $1",
        order_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// An order by id, with its lines.
pub async fn load(conn: &mut PgConnection, order_id: Uuid) -> Result<Option<Order>, sqlx::Error> {
    let Some(o) = sqlx::query!(
        r#"select o.order_id, o.user_id, o.payment_status as "payment_status: PaymentStatus",
                  o.state as "state: OrderState", o.total_cents, o.buyer_email,
                  o.hold_expires_at, o.created_at, o.client_secret, o.payment_intent_id,
                  o.payment_method, o.is_order_by_admin, o.language, o.issue_attempts, o.mass_task_id,
                  f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at, f.planet_event_id
             from ticket_order o join fixture f on f.id = o.fixture_id
            where o.order_id = $1"#,
        order_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let lines = lines(conn, order_id).await?;
    Ok(Some(Order {
        id: o.order_id,
        fixture: FixtureRef {
            id: o.fixture_id,
            title: o.title,
            competition: o.competition,
            starts_at: o.starts_at,
            planet_event_id: o.planet_event_id,
        },
        payment_status: o.payment_status,
        expires_at: (o.state == OrderState::Pending)
            .then_some(o.hold_expires_at)
            .flatten(),
        state: o.state,
        total_cents: o.total_cents,
        buyer_email: o.buyer_email,
        created_at: o.created_at,
        holders_complete: !lines.is_empty() && lines.iter().all(|l| l.holder.is_some()),
        payment_method: o.payment_method,
        is_order_by_admin: o.is_order_by_admin,
        lines,
        user_id: o.user_id,
        client_secret: o.client_secret,
        payment_intent_id: o.payment_intent_id,
        language: o.language,
        issue_attempts: o.issue_attempts,
        mass_task_id: o.mass_task_id,
    }))
}

/// An order of `user` (someone else's is `None`, as an unknown one).
pub async fn load_owned(
    conn: &mut PgConnection,
    order_id: Uuid,
    user: Uuid,
) -> Result<Option<Order>, sqlx::Error> {
    Ok(load(conn, order_id).await?.filter(|o| o.user_id == user))
}

async fn lines(conn: &mut PgConnection, order_id: Uuid) -> Result<Vec<OrderLine>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.order_line_id, l.seat_id, s.label, b.sector_code, sec.name as sector_name,
                  b.code as block_code, s.row_label, s.number, b.gate, l.reduction_id,
                  r.code as reduction_code, r.name as reduction_name, l.price_cents,
                  l.holder_first_name, l.holder_last_name, l.holder_birth_date, l.holder_birth_place,
                  l.holder_document_type, l.holder_document_number, l.holder_sex, l.eligible, l.ineligible_reason,
                  l.title_id, l.seal, l.barcode, l.title_state as "title_state: TitleState", l.issued_at, l.block_id,
                  s.planet_seat_id, b.no_map, l.transaction_id, l.issue_requested_at, l.issue_unanswered, l.live
             from order_line l join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where l.order_id = $1
            order by b.id, length(s.row_label), s.row_label, s.number"#,
        order_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| OrderLine {
            id: r.order_line_id,
            seat_id: r.seat_id,
            label: r.label,
            sector_code: r.sector_code,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            reduction_id: r.reduction_id,
            reduction_code: r.reduction_code,
            reduction_name: r.reduction_name,
            price_cents: r.price_cents,
            holder: match (r.holder_first_name, r.holder_last_name, r.holder_birth_date) {
                (Some(first_name), Some(last_name), Some(birth_date)) => Some(HolderDetails {
                    first_name,
                    last_name,
                    birth_date,
                    birth_place: r.holder_birth_place.unwrap_or_default(),
                    document_type: r.holder_document_type.unwrap_or_default(),
                    document_number: r.holder_document_number.unwrap_or_default(),
                    sex: r.holder_sex,
                }),
                _ => None,
            },
            eligible: r.eligible,
            ineligible_reason: r.ineligible_reason,
            title: match (r.title_id, r.seal) {
                (Some(title_id), Some(seal)) => Some(TitleView {
                    seal,
                    barcode: r.barcode.unwrap_or_default(),
                    state: r.title_state.unwrap_or(TitleState::Valid),
                    issued_at: r.issued_at,
                    title_id,
                }),
                _ => None,
            },
            block_id: r.block_id,
            planet_seat_id: r.planet_seat_id,
            no_map: r.no_map,
            transaction_id: r.transaction_id,
            issue_requested_at: r.issue_requested_at,
            issue_unanswered: r.issue_unanswered,
            live: r.live,
        })
        .collect())
}

/// The ids of `user`'s orders, newest first.
pub async fn ids_of_user(conn: &mut PgConnection, user: Uuid) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select order_id from ticket_order where user_id = $1 order by created_at desc limit 50",
        user
    )
    .fetch_all(conn)
    .await
}

/// One line's holder and reduction, as staff or the fan name them.
#[derive(Debug, Clone)]
pub struct NamedLine {
    pub line_id: i64,
    pub reduction_id: i32,
    pub holder: HolderDetails,
}

/// Why holders could not be named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamingRefusal {
    NotPending,
    /// A line not of this order, or a line of the order left out.
    WrongLines,
    /// Reductions not sold online for the line's sector: their line ids.
    ReductionNotAllowed(Vec<i64>),
    /// The same person twice, or holding a seat of this fixture in another order.
    HolderHasSeat(Vec<i64>),
    /// The payment has begun: names may change, prices (reductions) may not.
    PaymentStarted,
    /// These lines' holders do not qualify for their reduction on the match day.
    HolderNotEligible(Vec<i64>),
}

const ONE_SEAT_PER_HOLDER: &str = "order_line_live_holder";

/// Names every line's holder and reduction (re-pricing the line), all or nothing. Run in a
/// transaction; roll back on a refusal.
pub async fn name_holders(
    conn: &mut PgConnection,
    order: &Order,
    named: &[NamedLine],
    online_only: bool,
) -> Result<Result<(), NamingRefusal>, sqlx::Error> {
    if order.state != OrderState::Pending || order.payment_status != PaymentStatus::Pending {
        return Ok(Err(NamingRefusal::NotPending));
    }
    let mut ids: Vec<i64> = named.iter().map(|n| n.line_id).collect();
    ids.sort_unstable();
    let mut mine: Vec<i64> = order.lines.iter().map(|l| l.id).collect();
    mine.sort_unstable();
    if ids != mine {
        return Ok(Err(NamingRefusal::WrongLines));
    }
    if order.payment_intent_id.is_some()
        && named.iter().any(|n| {
            order
                .lines
                .iter()
                .any(|l| l.id == n.line_id && l.reduction_id != n.reduction_id)
        })
    {
        return Ok(Err(NamingRefusal::PaymentStarted));
    }
    let keys: Vec<String> = named.iter().map(|n| n.holder.key()).collect();
    let twice: Vec<i64> = named
        .iter()
        .zip(&keys)
        .filter(|(_, k)| keys.iter().filter(|o| o == k).count() > 1)
        .map(|(n, _)| n.line_id)
        .collect();
    if !twice.is_empty() {
        return Ok(Err(NamingRefusal::HolderHasSeat(twice)));
    }
    let reductions: Vec<i32> = named.iter().map(|n| n.reduction_id).collect();
    let refused = sqlx::query_scalar!(
        r#"select u.line_id as "line_id!" from unnest($1::bigint[], $2::int[]) as u(line_id, reduction_id)
             join order_line l on l.order_line_id = u.line_id
             join venue_block b on b.id = l.block_id
            where not exists (
                  select 1 from default_price p join reduction r on r.id = p.reduction_id
                   where p.sector_code = b.sector_code and p.reduction_id = u.reduction_id
                     and (r.visibility >= 1 or not $3))
            order by 1"#,
        &named.iter().map(|n| n.line_id).collect::<Vec<_>>(),
        &reductions,
        online_only
    )
    .fetch_all(&mut *conn)
    .await?;
    if !refused.is_empty() {
        return Ok(Err(NamingRefusal::ReductionNotAllowed(refused)));
    }
    let rules: BTreeMap<i32, String> = sqlx::query!(
        "select id, rule from reduction where id = any($1)",
        &reductions
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.rule))
    .collect();
    let match_day = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let not_eligible: Vec<i64> = named
        .iter()
        .filter(|n| {
            !n.holder.qualifies(
                rules
                    .get(&n.reduction_id)
                    .map_or(HolderRule::Anyone, |r| HolderRule::parse(r)),
                match_day,
            )
        })
        .map(|n| n.line_id)
        .collect();
    if !not_eligible.is_empty() {
        return Ok(Err(NamingRefusal::HolderNotEligible(not_eligible)));
    }
    // Clear first, so that swapping two holders between lines is not a conflict.
    sqlx::query!(
        "update order_line set holder_key = null where order_id = $1",
        order.id
    )
    .execute(&mut *conn)
    .await?;
    for (n, key) in named.iter().zip(&keys) {
        let h = &n.holder;
        let updated = sqlx::query!(
            r#"update order_line l set reduction_id = $2,
                      price_cents = (select p.price_cents from default_price p join venue_block b on b.sector_code = p.sector_code
                                      where b.id = l.block_id and p.reduction_id = $2),
                      holder_first_name = $3, holder_last_name = $4, holder_birth_date = $5,
                      holder_birth_place = $6, holder_document_type = $7, holder_document_number = $8,
                      holder_key = $9, holder_sex = $10, eligible = null, ineligible_reason = null
                where l.order_line_id = $1"#,
            n.line_id,
            n.reduction_id,
            h.first_name,
            h.last_name,
            h.birth_date,
            h.birth_place,
            h.document_type,
            h.document_number,
            key,
            h.sex
        )
        .execute(&mut *conn)
        .await;
        match updated {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.constraint() == Some(ONE_SEAT_PER_HOLDER) => {
                return Ok(Err(NamingRefusal::HolderHasSeat(vec![n.line_id])));
            }
            Err(e) => return Err(e),
        }
    }
    refresh_total(conn, order.id).await?;
    Ok(Ok(()))
}

/// Marks an order as placed by staff for its buyer (the spec's isOrderByAdmin), paid by
/// `payment_method` at the box office.
pub async fn mark_by_staff(
    conn: &mut PgConnection,
    order_id: Uuid,
    staff: Uuid,
    payment_method: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set is_order_by_admin = true, created_by = $2, payment_method = $3
          where order_id = $1",
        order_id,
        staff,
        payment_method
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The order's ticket e-mail is being sent (in the caller's transaction). False when it
/// already was.
pub async fn mark_tickets_sent(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set tickets_sent_at = now()
          where order_id = $1 and state = $2 and tickets_sent_at is null",
        order_id,
        OrderState::Issued as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Records that the buyer was told the tickets are delayed. False when they already were, or
/// when the order is no longer waiting for its titles.
pub async fn mark_delay_notified(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set delay_notified_at = now()
          where order_id = $1 and state in ($2, $3) and delay_notified_at is null",
        order_id,
        OrderState::Paid as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Marks an order as sold by a mass-issue task.
pub async fn mark_mass(
    conn: &mut PgConnection,
    order_id: Uuid,
    task_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set mass_task_id = $2 where order_id = $1",
        order_id,
        task_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records what the ticketing system said of a line's holder.
pub async fn set_eligibility(
    conn: &mut PgConnection,
    line_id: i64,
    eligible: bool,
    reason: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update order_line set eligible = $2, ineligible_reason = $3 where order_line_id = $1",
        line_id,
        eligible,
        reason
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores the order's PaymentIntent (once: a second intent never replaces the first).
pub async fn attach_intent(
    conn: &mut PgConnection,
    order_id: Uuid,
    intent_id: &str,
    client_secret: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set payment_intent_id = $2, client_secret = $3, modified_at = now()
          where order_id = $1 and payment_intent_id is null",
        order_id,
        intent_id,
        client_secret
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The spec's outcomes of a payment confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PaymentOutcome {
    /// 0 -> 1 now. `seats_kept` is false when a seat was lost meanwhile (refund it).
    #[serde(rename = "paymentProcessedSuccess")]
    Processed { seats_kept: bool },
    /// Already 1 with the same secret (the other path got there first).
    #[serde(rename = "paymentAlreadyProcessed")]
    AlreadyProcessed,
    /// The order was cancelled before the payment arrived: the money goes back.
    #[serde(rename = "paymentAlreadyProcessed")]
    Cancelled,
    /// No order, or a client secret that is not the order's.
    #[serde(rename = "unknownOrNoDocument")]
    UnknownOrNoDocument,
}

impl PaymentOutcome {
    /// The spec's code.
    pub fn code(self) -> &'static str {
        match self {
            PaymentOutcome::Processed { .. } => "paymentProcessedSuccess",
            PaymentOutcome::AlreadyProcessed | PaymentOutcome::Cancelled => {
                "paymentAlreadyProcessed"
            }
            PaymentOutcome::UnknownOrNoDocument => "unknownOrNoDocument",
        }
    }
}

/// The spec's transition: payment_status 0 -> 1 only when the stored client secret equals
/// `client_secret`, in one conditional update. The seats then become sold (all of them, or,
/// if one was lost after the hold expired, none: the order then goes to refunding). Returns
/// the outcome and the seat changes to announce. Run in a transaction; the caller enqueues
/// the job the outcome needs in it.
pub async fn confirm_payment(
    conn: &mut PgConnection,
    order_id: Uuid,
    client_secret: &str,
    amount_cents: i64,
    payment_method: &str,
) -> Result<(PaymentOutcome, Vec<Change>), sqlx::Error> {
    let paid = sqlx::query!(
        r#"update ticket_order set payment_status = $7, state = $5, paid_at = now(), modified_at = now(),
                payment_method = $3
          where order_id = $1 and payment_status = $8 and state = $6 and client_secret = $2
            and total_cents = $4
        returning user_id, fixture_id as "fixture_id: FixtureId""#,
        order_id,
        client_secret,
        payment_method,
        amount_cents,
        OrderState::Paid as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Paid as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(paid) = paid else {
        let row = sqlx::query!(
            r#"select payment_status as "payment_status: PaymentStatus", state as "state: OrderState",
                      client_secret
                 from ticket_order where order_id = $1"#,
            order_id
        )
        .fetch_optional(&mut *conn)
        .await?;
        return Ok((
            match row {
                Some(r) if r.client_secret.as_deref() == Some(client_secret) => {
                    if r.payment_status == PaymentStatus::Pending && r.state == OrderState::Pending
                    {
                        // The amount paid is not the order's.
                        PaymentOutcome::UnknownOrNoDocument
                    } else if r.payment_status == PaymentStatus::Paid {
                        PaymentOutcome::AlreadyProcessed
                    } else if r.state == OrderState::Cancelled {
                        PaymentOutcome::Cancelled
                    } else {
                        // Refunding or refunded already: the first path decided.
                        PaymentOutcome::AlreadyProcessed
                    }
                }
                _ => PaymentOutcome::UnknownOrNoDocument,
            },
            vec![],
        ));
    };
    audited(
        conn,
        order_id,
        Some(OrderState::Pending),
        OrderState::Paid,
        json!({"amount_cents": amount_cents, "payment_method": payment_method}),
    )
    .await?;
    let changes = take_seats(conn, order_id, paid.user_id, paid.fixture_id).await?;
    let kept = changes.is_some();
    if !kept {
        sqlx::query!(
            "update ticket_order set state = $2, refund_reason = 'seat_lost', modified_at = now()
              where order_id = $1",
            order_id,
            OrderState::Refunding as OrderState
        )
        .execute(&mut *conn)
        .await?;
        audited(
            conn,
            order_id,
            Some(OrderState::Paid),
            OrderState::Refunding,
            json!({"reason": "seat_lost"}),
        )
        .await?;
        sqlx::query!(
            "update order_line set live = false where order_id = $1",
            order_id
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok((
        PaymentOutcome::Processed { seats_kept: kept },
        changes.unwrap_or_default(),
    ))
}

/// Marks a paid order's seats sold to its buyer: every seat still held by them (expired or
/// not) or free, or none. `None` when a seat was taken by someone else meanwhile, or when the
/// buyer would pass the fixture's per-buyer limit with them.
async fn take_seats(
    conn: &mut PgConnection,
    order_id: Uuid,
    user: Uuid,
    fixture_id: FixtureId,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    // One buyer's payments one at a time: two orders paid at once each see the other's seats
    // as not sold yet, and the limit below would let both through.
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for no key update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let rows = sqlx::query!(
        r#"with wanted as (
             select i.seat_id from seat_inventory i join order_line l
                 on l.fixture_id = i.fixture_id and l.seat_id = i.seat_id
              where l.order_id = $1 and i.fixture_id = $3
                and (i.state = 'free' or (i.state = 'held' and (i.holder_id = $2 or i.held_until <= now())))
              order by i.seat_id for update of i
           ), lines as (select count(*) as n from order_line where order_id = $1),
           sold as (
             select count(*) as n from seat_inventory
              where fixture_id = $3 and holder_id = $2 and state = 'sold'
                and seat_id not in (select seat_id from wanted))
           update seat_inventory s set state = 'sold', holder_id = $2, held_until = null, updated_at = now()
             from wanted
            where s.fixture_id = $3 and s.seat_id = wanted.seat_id
              and (select count(*) from wanted) = (select n from lines)
              -- the per-buyer limit, checked again where the seats are sold: what a buyer
              -- already bought on the fixture and this order together (a staff mass issue,
              -- for sponsors and guests, has no such limit)
              and ((select mass_task_id is not null from ticket_order where order_id = $1)
                   or (select n from sold) + (select n from lines)
                      <= (select per_buyer_limit from fixture where id = $3))
        returning s.seat_id, s.block_id"#,
        order_id,
        user,
        fixture_id.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let count = sqlx::query_scalar!(
        r#"select count(*) as "n!" from order_line where order_id = $1"#,
        order_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if rows.len() as i64 != count {
        return Ok(None);
    }
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change {
            fixture_id,
            block_id: BlockId(r.block_id),
            seat_id: SeatId(r.seat_id),
            state: "sold".into(),
        })
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes))
}

/// One statement for an issuing attempt's start: a paid (or failed) order becomes issuing
/// when `from_paid`, and `fresh` lines are marked asked for ([`mark_issue_requested`]),
/// together or not at all.
pub async fn begin_issuing(
    conn: &mut PgConnection,
    order_id: Uuid,
    from_paid: bool,
    fresh: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with started as (
             update ticket_order set state = $4, modified_at = now()
              where order_id = $1 and $2 and state in ($5, $6))
         update order_line set issue_requested_at = now(), issue_unanswered = true
          where order_line_id = any($3) and order_id = $1",
        order_id,
        from_paid,
        fresh,
        OrderState::Issuing as OrderState,
        OrderState::Paid as OrderState,
        OrderState::Failed as OrderState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes that issues are being asked for: from now on, before asking again, look them up;
/// and until an answer comes, a call may still land.
pub async fn mark_issue_requested(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    if line_ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "update order_line set issue_requested_at = now(), issue_unanswered = true
          where order_line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The ticketing system answered these lines' issues with an error (so the calls will not
/// land later).
pub async fn mark_issue_answered(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    if line_ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "update order_line set issue_unanswered = false where order_line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A title the ticketing system issued for a line.
#[derive(Debug, Clone)]
pub struct IssuedTitle {
    pub title_id: i64,
    pub seal: String,
    pub barcode: String,
    pub progressive: i64,
    pub gate: String,
}

/// Stores lines' titles, each once: a line that already has a title keeps it. Returns every
/// given line's title id as stored (so the caller can cancel a title that was not kept).
pub async fn record_titles(
    conn: &mut PgConnection,
    titles: &[(i64, IssuedTitle)],
) -> Result<std::collections::HashMap<i64, i64>, sqlx::Error> {
    if titles.is_empty() {
        return Ok(Default::default());
    }
    let lines: Vec<i64> = titles.iter().map(|(l, _)| *l).collect();
    let ids: Vec<i64> = titles.iter().map(|(_, t)| t.title_id).collect();
    let seals: Vec<String> = titles.iter().map(|(_, t)| t.seal.clone()).collect();
    let barcodes: Vec<String> = titles.iter().map(|(_, t)| t.barcode.clone()).collect();
    let progressives: Vec<i64> = titles.iter().map(|(_, t)| t.progressive).collect();
    // Usually every line is stored now, and the update says so. When some already had a
    // title (a retry, or two runs racing), they are read in a second statement, which sees
    // what the other run committed.
    let stored = sqlx::query!(
        r#"update order_line l set title_id = u.title_id, seal = u.seal, barcode = u.barcode,
                progressive = u.progressive, title_state = 'valid', issued_at = now(),
                issue_unanswered = false
           from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[])
                as u(line_id, title_id, seal, barcode, progressive)
          where l.order_line_id = u.line_id and l.title_id is null
      returning l.order_line_id, l.title_id as "title_id!""#,
        &lines,
        &ids,
        &seals,
        &barcodes,
        &progressives
    )
    .fetch_all(&mut *conn)
    .await?;
    if stored.len() == lines.len() {
        return Ok(stored
            .into_iter()
            .map(|r| (r.order_line_id, r.title_id))
            .collect());
    }
    let rows = sqlx::query!(
        r#"select order_line_id, title_id as "title_id!" from order_line
            where order_line_id = any($1) and title_id is not null"#,
        &lines
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.order_line_id, r.title_id))
        .collect())
}

/// The buyer's name and birth date from their account, when they have given them.
pub async fn buyer_identity(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<Option<(String, String, NaiveDate)>, sqlx::Error> {
    let r = sqlx::query!(
        "select first_name, last_name, date_of_birth from app_user where user_id = $1",
        user
    )
    .fetch_one(conn)
    .await?;
    Ok(r.date_of_birth
        .filter(|_| !r.first_name.trim().is_empty() && !r.last_name.trim().is_empty())
        .map(|d| (r.first_name, r.last_name, d)))
}

/// Every line has its title: the order is issued (once). Returns whether this call did it.
pub async fn mark_issued(conn: &mut PgConnection, order_id: Uuid) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $2, issued_at = now(), modified_at = now()
          where order_id = $1 and state = $3
            and not exists (select 1 from order_line where order_id = $1 and title_id is null)",
        order_id,
        OrderState::Issued as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Issued,
            json!({}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// Staff retry a failed issue: back to issuing. Returns the round of the retry (its job's
/// key), or `None` when the order is not failed.
pub async fn retry_failed(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<i32>, sqlx::Error> {
    let round = sqlx::query_scalar!(
        "update ticket_order set state = $2, modified_at = now()
          where order_id = $1 and state = $3 returning issue_attempts",
        order_id,
        OrderState::Issuing as OrderState,
        OrderState::Failed as OrderState
    )
    .fetch_optional(&mut *conn)
    .await?;
    if round.is_some() {
        audited(
            conn,
            order_id,
            Some(OrderState::Failed),
            OrderState::Issuing,
            json!({"retry": true}),
        )
        .await?;
    }
    Ok(round)
}

/// The audit row of an order's transition, in its transaction: what it was, what it became
/// and why. The system's own; a staff action also records who asked.
async fn audited(
    conn: &mut PgConnection,
    order_id: Uuid,
    from: Option<OrderState>,
    to: OrderState,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    let mut entry = json!({"from": from, "to": to});
    if let (Some(e), serde_json::Value::Object(d)) = (entry.as_object_mut(), details) {
        e.extend(d);
    }
    crate::audit::record(
        conn,
        None,
        &format!("order.{}", to.as_str()),
        "order",
        &order_id.to_string(),
        entry,
    )
    .await
}

/// The reason recorded when a refund began (`seat_lost`, `cancelled`, staff's words).
pub async fn refund_reason(conn: &mut PgConnection, order_id: Uuid) -> Result<String, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select refund_reason from ticket_order where order_id = $1",
        order_id
    )
    .fetch_one(conn)
    .await?
    .unwrap_or_default())
}

/// Issuing gave up: the order is listed in the failed issues.
pub async fn mark_failed(
    conn: &mut PgConnection,
    order_id: Uuid,
    error: &str,
    attempts: i32,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $4, failed_at = now(), issue_error = $2,
                issue_attempts = issue_attempts + $3, modified_at = now()
          where order_id = $1 and state = $5",
        order_id,
        error,
        attempts,
        OrderState::Failed as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Failed,
            json!({"error": error, "attempts": attempts}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// Staff or the system begin a refund (from failed, paid, or a lost seat). Returns whether
/// this call moved it.
pub async fn start_refund(
    conn: &mut PgConnection,
    order_id: Uuid,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $3, refund_reason = coalesce(refund_reason, $2), modified_at = now()
          where order_id = $1 and (state in ($5, $6) or (state = $4 and payment_intent_id is not null))",
        order_id,
        reason,
        OrderState::Refunding as OrderState,
        OrderState::Cancelled as OrderState,
        OrderState::Failed as OrderState,
        OrderState::Paid as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            None,
            OrderState::Refunding,
            json!({"reason": reason}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// The refund went through: the order is refunded, its seats are free again and its titles
/// marked cancelled. Returns the seat changes to announce (none if it was already done).
pub async fn mark_refunded(
    conn: &mut PgConnection,
    order_id: Uuid,
    refund_id: Option<&str>,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    let Some(o) = sqlx::query!(
        r#"update ticket_order set state = $3, payment_status = $5, refund_id = $2, refunded_at = now(),
                modified_at = now()
          where order_id = $1 and state = $4
        returning user_id, fixture_id as "fixture_id: FixtureId""#,
        order_id,
        refund_id,
        OrderState::Refunded as OrderState,
        OrderState::Refunding as OrderState,
        PaymentStatus::Closed as PaymentStatus
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    audited(
        conn,
        order_id,
        Some(OrderState::Refunding),
        OrderState::Refunded,
        json!({"refund_id": refund_id}),
    )
    .await?;
    let rows = sqlx::query!(
        r#"update seat_inventory i set state = 'free', holder_id = null, held_until = null,
                  reduction_id = null, holder_key = null, updated_at = now()
             from order_line l
            where l.order_id = $1 and l.live and i.fixture_id = l.fixture_id and i.seat_id = l.seat_id
              and i.state = 'sold' and i.holder_id = $2
        returning i.seat_id, i.block_id"#,
        order_id,
        o.user_id
    )
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query!(
        "update order_line set live = false,
                title_state = case when title_id is not null then 'cancelled' end
          where order_id = $1",
        order_id
    )
    .execute(&mut *conn)
    .await?;
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change {
            fixture_id: o.fixture_id,
            block_id: BlockId(r.block_id),
            seat_id: SeatId(r.seat_id),
            state: "free".into(),
        })
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes))
}

/// Cancels a pending order and releases its seats (the spec's cancel). Returns false when
/// the order was not pending.
pub async fn cancel(conn: &mut PgConnection, order: &Order) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $2, payment_status = $4, modified_at = now()
          where order_id = $1 and state = $3 and payment_status = $5",
        order.id,
        OrderState::Cancelled as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    audited(
        conn,
        order.id,
        Some(OrderState::Pending),
        OrderState::Cancelled,
        json!({}),
    )
    .await?;
    sqlx::query!(
        "update order_line set live = false where order_id = $1",
        order.id
    )
    .execute(&mut *conn)
    .await?;
    inventory::release(conn, order.fixture.id, order.user_id).await?;
    Ok(true)
}

/// A title in a fan's wallet.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WalletTicket {
    pub id: i64,
    pub order_id: Uuid,
    pub fixture: FixtureRef,
    pub label: String,
    pub sector_code: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder_name: String,
    pub price_cents: i32,
    pub reduction_code: String,
    pub reduction_name: String,
    /// A standing place (no row, no number to show).
    pub no_map: bool,
    pub seal: String,
    pub barcode: String,
    pub state: TitleState,
    pub issued_at: Option<DateTime<Utc>>,
}

/// `user`'s titles under the spec's list rules (created after 1753981200000 ms, issued),
/// soonest match first; or one of them by line id. The spec's third rule, "modified more than
/// 60 s ago", hid the old app's half-written reservations; here an order has a definite issued
/// state, reached in the transaction that stores its last title, so issued tickets show at
/// once (the thank-you page sends the fan here the moment they are).
pub async fn wallet(
    conn: &mut PgConnection,
    user: Uuid,
    line: Option<i64>,
) -> Result<Vec<WalletTicket>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.order_line_id, l.order_id, f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at,
                  f.planet_event_id, s.label, b.sector_code, sec.name as sector_name, b.code as block_code,
                  s.row_label, s.number, b.gate, l.holder_first_name, l.holder_last_name, l.price_cents,
                  r.code as reduction_code, r.name as reduction_name, b.no_map,
                  l.seal as "seal!", l.barcode, l.title_state as "title_state: TitleState", l.issued_at
             from order_line l join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = o.fixture_id join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where o.user_id = $1 and l.title_id is not null and o.state = 'issued'
              and o.created_at > to_timestamp($2::bigint / 1000.0)
              and ($3::bigint is null or l.order_line_id = $3)
            order by f.starts_at, l.order_line_id"#,
        user,
        WALLET_SINCE_MS,
        line
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| WalletTicket {
            id: r.order_line_id,
            order_id: r.order_id,
            fixture: FixtureRef {
                id: r.fixture_id,
                title: r.title,
                competition: r.competition,
                starts_at: r.starts_at,
                planet_event_id: r.planet_event_id,
            },
            label: r.label,
            sector_code: r.sector_code,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            holder_name: format!(
                "{} {}",
                r.holder_first_name.unwrap_or_default(),
                r.holder_last_name.unwrap_or_default()
            )
            .trim()
            .to_owned(),
            price_cents: r.price_cents,
            reduction_code: r.reduction_code,
            reduction_name: r.reduction_name,
            no_map: r.no_map,
            seal: r.seal,
            barcode: r.barcode.unwrap_or_default(),
            state: r.title_state.unwrap_or(TitleState::Valid),
            issued_at: r.issued_at,
        })
        .collect())
}

/// Tells a fan something about an order (once per order and kind).
pub async fn notify_fan(
    conn: &mut PgConnection,
    user: Uuid,
    kind: &str,
    params: serde_json::Value,
    order_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into notification (notification_id, user_id, kind, params, order_id)
         values ($1, $2, $3, $4, $5) on conflict (order_id, kind) do nothing",
        Uuid::now_v7(),
        user,
        kind,
        params,
        order_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A fan's notification.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Notification {
    pub id: Uuid,
    pub kind: String,
    pub params: serde_json::Value,
    pub order_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

/// `user`'s latest notifications, newest first.
pub async fn notifications(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<Vec<Notification>, sqlx::Error> {
    sqlx::query_as!(
        Notification,
        r#"select notification_id as id, kind, params, order_id, created_at, read_at is not null as "read!"
             from notification where user_id = $1 order by created_at desc limit 100"#,
        user
    )
    .fetch_all(conn)
    .await
}

/// Marks all of `user`'s notifications read.
pub async fn mark_notifications_read(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update notification set read_at = now() where user_id = $1 and read_at is null",
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}
