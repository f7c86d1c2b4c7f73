//! Orders for single matches (the spec's fixtures_seats_reserved): a fan's hold becomes a
//! pending order, its holders are named, it is paid (payment_status 0 -> 1 only when the
//! stored client secret equals the supplied one, in one conditional update), its titles are
//! issued by a job, and it may be refunded.
//!
//! The database keeps what must never happen from happening: a seat is in at most one live
//! order and a person holds at most one seat of a fixture (partial unique indexes), and a
//! payment moves the order once. Jobs are enqueued by the callers (workflows) in the same
//! transactions.

use crate::ids::{BlockId, FixtureId, OrderId, ReductionId, SeatId};
use crate::inventory::{self, Change, FULL_PRICE_CODE};
use crate::money::Cents;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::json;
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// A line's holder from a row with the `holder_*` columns (null until named): for every kind
/// of order line.
macro_rules! holder_of_row {
    ($r:ident) => {
        match (
            $r.holder_first_name,
            $r.holder_last_name,
            $r.holder_birth_date,
        ) {
            (Some(first_name), Some(last_name), Some(birth_date)) => Some(HolderDetails {
                first_name,
                last_name,
                birth_date,
                birth_place: $r.holder_birth_place.unwrap_or_default(),
                document_type: $r.holder_document_type.unwrap_or_default(),
                document_number: $r.holder_document_number.unwrap_or_default(),
                sex: $r.holder_sex,
            }),
            _ => None,
        }
    };
}
pub(crate) use holder_of_row;

/// A line's title from a row with `title_id`, `seal`, `barcode`, `title_state`, `issued_at`.
macro_rules! title_of_row {
    ($r:ident) => {
        match ($r.title_id, $r.seal) {
            (Some(title_id), Some(seal)) => Some(TitleView {
                seal,
                barcode: $r.barcode.unwrap_or_default(),
                state: $r.title_state.unwrap_or(TitleState::Valid),
                issued_at: $r.issued_at,
                title_id,
            }),
            _ => None,
        }
    };
}
pub(crate) use title_of_row;

mod holders;
mod issuing;
mod naming;
mod notifications;
mod payment;
mod refund_requests;
mod refunds;
mod state;
mod wallet;

pub use holders::{DOCUMENT_TYPES, HolderDetails, HolderInput, HolderRule};
pub use issuing::*;
pub use naming::*;
pub use notifications::*;
pub use payment::*;
pub use refund_requests::*;
pub use refunds::*;
pub use state::{OrderState, PaymentMethod, PaymentStatus, TitleState};
pub use wallet::*;

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
    #[schema(value_type = i64)]
    pub seat_id: SeatId,
    pub label: String,
    pub sector_code: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    #[schema(value_type = i32)]
    pub reduction_id: ReductionId,
    pub reduction_code: String,
    pub reduction_name: String,
    pub price_cents: Cents,
    pub holder: Option<HolderDetails>,
    pub eligible: Option<bool>,
    pub ineligible_reason: Option<String>,
    pub title: Option<TitleView>,
    #[serde(skip)]
    pub block_id: BlockId,
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
    /// The title changed holder: it is no longer the buyer's (its holder and title are not
    /// shown to them).
    pub passed_on: bool,
}

/// An order with its lines.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Order {
    #[schema(value_type = String, format = Uuid)]
    pub id: OrderId,
    pub fixture: FixtureRef,
    pub payment_status: PaymentStatus,
    pub state: OrderState,
    pub total_cents: Cents,
    pub buyer_email: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub holders_complete: bool,
    pub payment_method: PaymentMethod,
    pub is_order_by_admin: bool,
    pub lines: Vec<OrderLine>,
    /// The pre-emption right the order uses (the spec's ticket_preemption_code): a fidelity
    /// card number or a fiscal seal; issued through the pre-emption call.
    pub preemption_right: Option<String>,
    /// The spec's preemptionFidelityCard: the right is a fidelity card.
    pub preemption_card: bool,
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
) -> Result<Result<OrderId, CheckoutRefusal>, sqlx::Error> {
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
    let order_id = OrderId(Uuid::now_v7());
    let expires = held.iter().map(|h| h.held_until).min();
    sqlx::query!(
        "insert into ticket_order (order_id, fixture_id, user_id, buyer_email, total_cents, hold_expires_at, language)
         values ($1, $2, $3, $4, 0, $5, $6)",
        order_id.0,
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
        order_id.0,
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

async fn refresh_total(conn: &mut PgConnection, order_id: OrderId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set total_cents = coalesce((select sum(price_cents) from order_line where order_id = $1), 0),
                modified_at = now()
          where order_id = $1",
        order_id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// An order by id, with its lines.
pub async fn load(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<Option<Order>, sqlx::Error> {
    let Some(o) = sqlx::query!(
        r#"select o.order_id, o.user_id, o.payment_status as "payment_status: PaymentStatus",
                  o.state as "state: OrderState", o.total_cents, o.buyer_email,
                  o.hold_expires_at, o.created_at, o.client_secret, o.payment_intent_id,
                  o.payment_method as "payment_method: PaymentMethod", o.is_order_by_admin, o.language, o.issue_attempts, o.mass_task_id,
                  o.preemption_right, o.preemption_card,
                  f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at, f.planet_event_id
             from ticket_order o join fixture f on f.id = o.fixture_id
            where o.order_id = $1"#,
        order_id.0
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let lines = lines(conn, order_id).await?;
    Ok(Some(Order {
        id: OrderId(o.order_id),
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
        total_cents: Cents(o.total_cents),
        buyer_email: o.buyer_email,
        created_at: o.created_at,
        holders_complete: !lines.is_empty() && lines.iter().all(|l| l.holder.is_some()),
        payment_method: o.payment_method,
        is_order_by_admin: o.is_order_by_admin,
        lines,
        preemption_right: o.preemption_right,
        preemption_card: o.preemption_card,
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
    order_id: OrderId,
    user: Uuid,
) -> Result<Option<Order>, sqlx::Error> {
    let mut order = load(conn, order_id).await?.filter(|o| o.user_id == user);
    // A title passed on is the new holder's business: the buyer sees that it was, not to whom.
    for line in order
        .iter_mut()
        .flat_map(|o| o.lines.iter_mut())
        .filter(|l| l.passed_on)
    {
        line.holder = None;
        line.title = None;
    }
    Ok(order)
}

async fn lines(conn: &mut PgConnection, order_id: OrderId) -> Result<Vec<OrderLine>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.order_line_id, l.seat_id, s.label, b.sector_code, sec.name as sector_name,
                  b.code as block_code, s.row_label, s.number, b.gate, l.reduction_id,
                  r.code as reduction_code, r.name as reduction_name, l.price_cents,
                  l.holder_first_name, l.holder_last_name, l.holder_birth_date, l.holder_birth_place,
                  l.holder_document_type, l.holder_document_number, l.holder_sex, l.eligible, l.ineligible_reason,
                  l.title_id, l.seal, l.barcode, l.title_state as "title_state: TitleState", l.issued_at, l.block_id,
                  s.planet_seat_id, b.no_map, l.transaction_id, l.issue_requested_at, l.issue_unanswered, l.live, l.passed_on
             from order_line l join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where l.order_id = $1
            order by b.id, length(s.row_label), s.row_label, s.number"#,
        order_id.0
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| OrderLine {
            id: r.order_line_id,
            seat_id: SeatId(r.seat_id),
            label: r.label,
            sector_code: r.sector_code,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            reduction_id: ReductionId(r.reduction_id),
            reduction_code: r.reduction_code,
            reduction_name: r.reduction_name,
            price_cents: Cents(r.price_cents),
            holder: holder_of_row!(r),
            eligible: r.eligible,
            ineligible_reason: r.ineligible_reason,
            title: title_of_row!(r),
            block_id: BlockId(r.block_id),
            planet_seat_id: r.planet_seat_id,
            no_map: r.no_map,
            transaction_id: r.transaction_id,
            issue_requested_at: r.issue_requested_at,
            issue_unanswered: r.issue_unanswered,
            live: r.live,
            passed_on: r.passed_on,
        })
        .collect())
}

/// The ids of `user`'s orders, newest first.
pub async fn ids_of_user(conn: &mut PgConnection, user: Uuid) -> Result<Vec<OrderId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select order_id as "order_id: OrderId" from ticket_order where user_id = $1 order by created_at desc limit 50"#,
        user
    )
    .fetch_all(conn)
    .await
}

const ONE_SEAT_PER_HOLDER: &str = "order_line_live_holder";

/// Marks an order as placed by staff for its buyer (the spec's isOrderByAdmin), paid by
/// `payment_method` at the box office.
pub async fn mark_by_staff(
    conn: &mut PgConnection,
    order_id: OrderId,
    staff: Uuid,
    payment_method: PaymentMethod,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set is_order_by_admin = true, created_by = $2, payment_method = $3
          where order_id = $1",
        order_id.0,
        staff,
        payment_method as PaymentMethod
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks an order as sold by a mass-issue task.
pub async fn mark_mass(
    conn: &mut PgConnection,
    order_id: OrderId,
    task_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set mass_task_id = $2 where order_id = $1",
        order_id.0,
        task_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The audit row of an order's transition, in its transaction: what it was, what it became
/// and why. The system's own; a staff action also records who asked.
async fn audited(
    conn: &mut PgConnection,
    order_id: OrderId,
    from: Option<OrderState>,
    to: OrderState,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    audited_as(conn, "order", &order_id.to_string(), from, to, details).await
}

/// The audit row of a transition of an order of kind `kind` (`order`, `season_order`).
pub(crate) async fn audited_as(
    conn: &mut PgConnection,
    kind: &str,
    id: &str,
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
        &format!("{kind}.{}", to.as_str()),
        kind,
        id,
        entry,
    )
    .await
}

/// A fan's issued orders for matches ahead and issued season orders whose season has a match
/// ahead, not yet sent again in `round` (the spec's send-all-tickets).
pub async fn to_send_again(
    conn: &mut PgConnection,
    user: Uuid,
    round: Uuid,
) -> Result<(Vec<OrderId>, Vec<crate::ids::SeasonOrderId>), sqlx::Error> {
    let matches = sqlx::query_scalar!(
        r#"select o.order_id as "order_id: OrderId" from ticket_order o join fixture f on f.id = o.fixture_id
            where o.user_id = $1 and o.state = 'issued' and f.starts_at > now()
              and exists (select 1 from order_line l where l.order_id = o.order_id and l.live and not l.passed_on)
              and not exists (select 1 from tickets_resend r where r.round = $2 and r.order_id = o.order_id)
            order by f.starts_at, o.created_at"#,
        user,
        round
    )
    .fetch_all(&mut *conn)
    .await?;
    let seasons = sqlx::query_scalar!(
        r#"select o.order_id as "order_id: crate::ids::SeasonOrderId" from season_order o
            where o.user_id = $1 and o.state = 'issued'
              and exists (select 1 from season_ticket_fixture c join fixture f on f.id = c.fixture_id
                           where c.season_ticket_id = o.season_ticket_id and f.starts_at > now())
              and not exists (select 1 from tickets_resend r where r.round = $2 and r.order_id = o.order_id)
            order by o.created_at"#,
        user,
        round
    )
    .fetch_all(conn)
    .await?;
    Ok((matches, seasons))
}

/// Records that an order was sent again in `round`; false when it was already.
pub async fn mark_sent_again(
    conn: &mut PgConnection,
    round: Uuid,
    order_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "insert into tickets_resend (round, order_id) values ($1, $2) on conflict do nothing",
        round,
        order_id
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
