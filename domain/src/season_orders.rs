//! Season orders (the spec's season_tickets_seats_reserved): a fan's season hold becomes a
//! pending order, each seat's holder is named (one season ticket per person per season type),
//! it is paid (payment_status 0 -> 1 only when the stored client secret and the amount match,
//! in one conditional update, the seats sold in every covered match in the same transaction),
//! and its titles are issued by a job: a season title per seat, or for a collection (the
//! spec's isCollection) one title per covered match, its line PENDING until they all exist.
//!
//! The database keeps what must never happen from happening: a season seat is in at most one
//! live order, a person holds one seat of a season ticket, a collection has one title per
//! match (unique indexes and keys), and a payment moves the order once.

use crate::ids::{BlockId, FixtureId, ReductionId, SeasonOrderId, SeasonTicketId, SeatId};
use crate::inventory::{self, Change, FULL_PRICE_CODE, SeatState};
use crate::money::Cents;
use crate::orders::{
    HolderDetails, IssuedTitle, NamingRefusal, OrderState, PaymentMethod, PaymentOutcome,
    PaymentStatus, TitleState, TitleView, check_named, holder_of_row, not_qualifying, title_of_row,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// The spec's IssueQueueStatus: a collection waits (PENDING) until each covered match has its
/// title; everything else is COMPLETE at once.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "UPPERCASE")]
#[serde(rename_all = "UPPERCASE")]
pub enum IssueQueueStatus {
    Pending,
    Complete,
}

/// The season ticket an order is for.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonRef {
    #[schema(value_type = i64)]
    pub id: SeasonTicketId,
    pub name: String,
    pub label: String,
    pub first_match_at: Option<DateTime<Utc>>,
    /// The covered matches, soonest first.
    pub matches: Vec<CoveredMatch>,
    #[serde(skip)]
    pub planet_season_type_id: i32,
}

/// A match a season ticket covers.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CoveredMatch {
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub title: String,
    pub starts_at: DateTime<Utc>,
    /// The supporter card is needed for it (and so for the season ticket).
    pub high_risk: bool,
    #[serde(skip)]
    pub planet_event_id: i32,
}

/// One match's title of a collection.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MatchTitle {
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub seal: String,
    pub barcode: String,
    pub state: TitleState,
    pub issued_at: DateTime<Utc>,
    #[serde(skip)]
    pub title_id: i64,
}

/// One season seat of an order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonOrderLine {
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
    /// One title per covered match instead of one season title.
    pub collection: bool,
    pub issue_queue_status: IssueQueueStatus,
    /// The season title (not for a collection).
    pub title: Option<TitleView>,
    /// A collection's match titles issued so far.
    pub match_titles: Vec<MatchTitle>,
    #[serde(skip)]
    pub block_id: BlockId,
    #[serde(skip)]
    pub planet_seat_id: Option<i32>,
    #[serde(skip)]
    pub transaction_id: String,
    #[serde(skip)]
    pub issue_requested_at: Option<DateTime<Utc>>,
    #[serde(skip)]
    pub issue_unanswered: bool,
}

impl SeasonOrderLine {
    /// Every title this line needs exists.
    pub fn complete(&self) -> bool {
        if self.collection {
            self.issue_queue_status == IssueQueueStatus::Complete
        } else {
            self.title.is_some()
        }
    }
}

/// A season order with its lines.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonOrder {
    #[schema(value_type = String, format = Uuid)]
    pub id: SeasonOrderId,
    pub season: SeasonRef,
    pub payment_status: PaymentStatus,
    pub state: OrderState,
    pub total_cents: Cents,
    pub buyer_email: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub holders_complete: bool,
    pub payment_method: PaymentMethod,
    pub lines: Vec<SeasonOrderLine>,
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
    /// The staff member who sold it at the box office (the spec's isOrderByAdmin).
    #[serde(skip)]
    pub sold_by: Option<Uuid>,
    /// The mass-issue task that sold it (a season line of mass issuing).
    #[serde(skip)]
    pub mass_task_id: Option<Uuid>,
    /// A renewal: last season's holder keeps their seat (issued through the pre-emption
    /// call with `preemption_seal`).
    pub renewal: bool,
    /// The previous season ticket's fiscal seal a renewal used (the spec's
    /// ticket_preemption_code).
    #[serde(skip)]
    pub preemption_seal: Option<String>,
    /// The renewed holder's key: a renewal's line is named for them only.
    #[serde(skip)]
    pub renewal_holder_key: Option<String>,
}

/// Turns `user`'s unexpired season hold into a pending order at the season's full price per
/// sector. The caller's other pending orders for the season ticket are cancelled, and so are
/// other buyers' pending orders on these seats (their hold expired). `None` when nothing is
/// held. Run in a transaction.
pub async fn create_from_hold(
    conn: &mut PgConnection,
    season: SeasonTicketId,
    user: Uuid,
    buyer_email: &str,
    language: &str,
) -> Result<Option<SeasonOrderId>, sqlx::Error> {
    let held = crate::seasons::held_by(conn, season, user).await?;
    if held.is_empty() {
        return Ok(None);
    }
    let seat_ids: Vec<SeatId> = held.iter().map(|h| h.id).collect();
    sqlx::query!(
        r#"with stale as (
             update season_order o set state = $4, payment_status = $6, modified_at = now()
              where o.payment_status = $7 and o.state = $5 and o.season_ticket_id = $1
                and (o.user_id = $2 or exists (
                     select 1 from season_order_line l
                      where l.order_id = o.order_id and l.live and l.seat_id = any($3)))
          returning o.order_id)
           update season_order_line set live = false where order_id in (select order_id from stale)"#,
        season.0,
        user,
        &seat_ids as &[SeatId],
        OrderState::Cancelled as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    let order_id = SeasonOrderId(Uuid::now_v7());
    let expires = held.iter().map(|h| h.held_until).min();
    sqlx::query!(
        "insert into season_order (order_id, season_ticket_id, user_id, buyer_email, hold_expires_at, language)
         values ($1, $2, $3, $4, $5, $6)",
        order_id.0,
        season.0,
        user,
        buyer_email,
        expires,
        language
    )
    .execute(&mut *conn)
    .await?;
    // Each seat at the full season price of its sector (the hold only offers priced sectors).
    let inserted = sqlx::query!(
        r#"insert into season_order_line (order_id, season_ticket_id, seat_id, block_id, reduction_id, price_cents, transaction_id)
           select $1::uuid, $2, s.id, b.id, p.reduction_id, p.price_cents,
                  'S' || $1::uuid::text || '-' || s.id::text
             from venue_seat s join venue_block b on b.id = s.block_id
             join season_price p on p.season_ticket_id = $2 and p.sector_code = b.sector_code
             join reduction r on r.id = p.reduction_id and r.code = $4
            where s.id = any($3)"#,
        order_id.0,
        season.0,
        &seat_ids as &[SeatId],
        FULL_PRICE_CODE
    )
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() as usize != seat_ids.len() {
        return Ok(None);
    }
    refresh_total(conn, order_id).await?;
    audited(conn, order_id, None, OrderState::Pending, json!({})).await?;
    Ok(Some(order_id))
}

async fn refresh_total(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order set total_cents = coalesce((select sum(price_cents) from season_order_line where order_id = $1), 0),
                modified_at = now()
          where order_id = $1",
        order_id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The season ticket with its covered matches.
pub async fn season_ref(
    conn: &mut PgConnection,
    id: SeasonTicketId,
) -> Result<Option<SeasonRef>, sqlx::Error> {
    let Some(t) = sqlx::query!(
        "select name, label, planet_season_type_id from season_ticket where id = $1",
        id.0
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let matches = sqlx::query_as!(
        CoveredMatch,
        r#"select f.id as "fixture_id: FixtureId", f.title, f.starts_at, f.high_risk, f.planet_event_id
             from season_ticket_fixture c join fixture f on f.id = c.fixture_id
            where c.season_ticket_id = $1 order by f.starts_at, f.id"#,
        id.0
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(SeasonRef {
        id,
        name: t.name,
        label: t.label,
        first_match_at: matches.first().map(|m| m.starts_at),
        matches,
        planet_season_type_id: t.planet_season_type_id,
    }))
}

/// An order with its lines, or `None`.
pub async fn load(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<Option<SeasonOrder>, sqlx::Error> {
    let Some(o) = sqlx::query!(
        r#"select o.user_id, o.season_ticket_id, o.payment_status as "payment_status: PaymentStatus",
                  o.state as "state: OrderState", o.total_cents, o.buyer_email, o.hold_expires_at,
                  o.created_at, o.client_secret, o.payment_intent_id,
                  o.payment_method as "payment_method: PaymentMethod", o.language, o.issue_attempts,
                  o.sold_by, o.mass_task_id, o.preemption_seal,
                  h.first_name as "renewal_first?", h.last_name as "renewal_last?",
                  h.birth_date as "renewal_birth?"
             from season_order o left join season_holder h on h.id = o.renewal_holder_id
            where o.order_id = $1"#,
        order_id.0
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let Some(season) = season_ref(conn, SeasonTicketId(o.season_ticket_id)).await? else {
        return Ok(None);
    };
    let lines = lines(conn, order_id).await?;
    Ok(Some(SeasonOrder {
        id: order_id,
        season,
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
        lines,
        user_id: o.user_id,
        client_secret: o.client_secret,
        payment_intent_id: o.payment_intent_id,
        language: o.language,
        issue_attempts: o.issue_attempts,
        sold_by: o.sold_by,
        mass_task_id: o.mass_task_id,
        renewal: o.preemption_seal.is_some(),
        preemption_seal: o.preemption_seal,
        renewal_holder_key: match (o.renewal_first, o.renewal_last, o.renewal_birth) {
            (Some(first_name), Some(last_name), Some(birth_date)) => Some(
                inventory::Holder {
                    first_name,
                    last_name,
                    birth_date,
                }
                .key(),
            ),
            _ => None,
        },
    }))
}

/// `user`'s order, or `None` (another fan's order is as good as absent).
pub async fn load_owned(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    user: Uuid,
) -> Result<Option<SeasonOrder>, sqlx::Error> {
    Ok(load(conn, order_id).await?.filter(|o| o.user_id == user))
}

async fn lines(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<Vec<SeasonOrderLine>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.line_id, l.seat_id, s.label, b.sector_code, sec.name as sector_name,
                  b.code as block_code, s.row_label, s.number, b.gate, l.reduction_id,
                  r.code as reduction_code, r.name as reduction_name, l.price_cents,
                  l.holder_first_name, l.holder_last_name, l.holder_birth_date, l.holder_birth_place,
                  l.holder_document_type, l.holder_document_number, l.holder_sex,
                  l.is_collection, l.issue_queue_status as "issue_queue_status: IssueQueueStatus",
                  l.title_id, l.seal, l.barcode, l.title_state as "title_state: TitleState", l.issued_at,
                  l.block_id, s.planet_seat_id, l.transaction_id, l.issue_requested_at, l.issue_unanswered
             from season_order_line l join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where l.order_id = $1
            order by b.id, length(s.row_label), s.row_label, s.number"#,
        order_id.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.line_id).collect();
    let mut titles: BTreeMap<i64, Vec<MatchTitle>> = BTreeMap::new();
    for t in sqlx::query!(
        r#"select m.line_id, m.fixture_id, m.title_id, m.seal, m.barcode, m.title_state as "title_state: TitleState",
                  m.issued_at
             from season_match_title m join fixture f on f.id = m.fixture_id
            where m.line_id = any($1) order by f.starts_at"#,
        &ids
    )
    .fetch_all(&mut *conn)
    .await?
    {
        titles.entry(t.line_id).or_default().push(MatchTitle {
            fixture_id: FixtureId(t.fixture_id),
            seal: t.seal,
            barcode: t.barcode,
            state: t.title_state,
            issued_at: t.issued_at,
            title_id: t.title_id,
        });
    }
    Ok(rows
        .into_iter()
        .map(|r| SeasonOrderLine {
            id: r.line_id,
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
            collection: r.is_collection,
            issue_queue_status: r.issue_queue_status,
            title: title_of_row!(r),
            match_titles: titles.remove(&r.line_id).unwrap_or_default(),
            block_id: BlockId(r.block_id),
            planet_seat_id: r.planet_seat_id,
            transaction_id: r.transaction_id,
            issue_requested_at: r.issue_requested_at,
            issue_unanswered: r.issue_unanswered,
        })
        .collect())
}

/// One line's holder, reduction and form (a season title or a collection).
#[derive(Debug, Clone)]
pub struct NamedSeasonLine {
    pub line_id: i64,
    pub reduction_id: ReductionId,
    pub holder: HolderDetails,
    pub collection: bool,
}

const ONE_SEASON_PER_HOLDER: &str = "season_order_line_live_holder";

/// Names every line's holder, reduction (re-pricing the line at the season's price for it)
/// and form, all or nothing. A reduction must be sold online for the seat's sector this
/// season; the holder must qualify for it on the first match's day; a person holds one seat
/// of a season ticket. Run in a transaction; roll back on a refusal.
pub async fn name_holders(
    conn: &mut PgConnection,
    order: &SeasonOrder,
    named: &[NamedSeasonLine],
) -> Result<Result<(), NamingRefusal>, sqlx::Error> {
    let current: Vec<(i64, ReductionId)> =
        order.lines.iter().map(|l| (l.id, l.reduction_id)).collect();
    let asked: Vec<(i64, ReductionId, &HolderDetails)> = named
        .iter()
        .map(|n| (n.line_id, n.reduction_id, &n.holder))
        .collect();
    let keys = match check_named(
        order.state == OrderState::Pending && order.payment_status == PaymentStatus::Pending,
        order.payment_intent_id.is_some(),
        &current,
        &asked,
    ) {
        Ok(keys) => keys,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if let Some(renewed) = &order.renewal_holder_key {
        let others: Vec<i64> = named
            .iter()
            .zip(&keys)
            .filter(|(_, k)| *k != renewed)
            .map(|(n, _)| n.line_id)
            .collect();
        if !others.is_empty() {
            return Ok(Err(NamingRefusal::NotTheRenewedHolder(others)));
        }
    }
    let reductions: Vec<i32> = named.iter().map(|n| n.reduction_id.0).collect();
    let refused = sqlx::query_scalar!(
        r#"select u.line_id as "line_id!" from unnest($1::bigint[], $2::int[]) as u(line_id, reduction_id)
             join season_order_line l on l.line_id = u.line_id
             join venue_block b on b.id = l.block_id
            where not exists (
                  select 1 from season_price p join reduction r on r.id = p.reduction_id
                   where p.season_ticket_id = l.season_ticket_id and p.sector_code = b.sector_code
                     and p.reduction_id = u.reduction_id and r.visibility >= 1)
            order by 1"#,
        &named.iter().map(|n| n.line_id).collect::<Vec<_>>(),
        &reductions
    )
    .fetch_all(&mut *conn)
    .await?;
    if !refused.is_empty() {
        return Ok(Err(NamingRefusal::ReductionNotAllowed(refused)));
    }
    let first_day: NaiveDate = order
        .season
        .first_match_at
        .unwrap_or_else(Utc::now)
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let not_eligible = not_qualifying(conn, &asked, first_day).await?;
    if !not_eligible.is_empty() {
        return Ok(Err(NamingRefusal::HolderNotEligible(not_eligible)));
    }
    // Clear first, so that swapping two holders between lines is not a conflict.
    sqlx::query!(
        "update season_order_line set holder_key = null where order_id = $1",
        order.id.0
    )
    .execute(&mut *conn)
    .await?;
    for (n, key) in named.iter().zip(&keys) {
        let h = &n.holder;
        let updated = sqlx::query!(
            r#"update season_order_line l set reduction_id = $2,
                      price_cents = (select p.price_cents from season_price p join venue_block b on b.sector_code = p.sector_code
                                      where b.id = l.block_id and p.season_ticket_id = l.season_ticket_id
                                        and p.reduction_id = $2),
                      holder_first_name = $3, holder_last_name = $4, holder_birth_date = $5,
                      holder_birth_place = $6, holder_document_type = $7, holder_document_number = $8,
                      holder_key = $9, holder_sex = $10, is_collection = $11,
                      issue_queue_status = case when $11 then 'PENDING' else 'COMPLETE' end
                where l.line_id = $1"#,
            n.line_id,
            n.reduction_id.0,
            h.first_name,
            h.last_name,
            h.birth_date,
            h.birth_place,
            h.document_type,
            h.document_number,
            key,
            h.sex,
            n.collection
        )
        .execute(&mut *conn)
        .await;
        match updated {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.constraint() == Some(ONE_SEASON_PER_HOLDER) => {
                return Ok(Err(NamingRefusal::HolderHasSeat(vec![n.line_id])));
            }
            Err(e) => return Err(e),
        }
    }
    refresh_total(conn, order.id).await?;
    Ok(Ok(()))
}

/// The fan gives up a pending order: cancelled, its seats released.
pub async fn cancel(conn: &mut PgConnection, order: &SeasonOrder) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set state = $2, payment_status = $3, modified_at = now()
          where order_id = $1 and state = $4 and payment_status = $5",
        order.id.0,
        OrderState::Cancelled as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        OrderState::Pending as OrderState,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query!(
        "update season_order_line set live = false where order_id = $1",
        order.id.0
    )
    .execute(&mut *conn)
    .await?;
    audited(
        conn,
        order.id,
        Some(OrderState::Pending),
        OrderState::Cancelled,
        json!({}),
    )
    .await?;
    Ok(true)
}

/// Closes a pending order nobody will pay (a renewal replaced, or left to expire).
pub(crate) async fn cancel_stale(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<(), sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set state = $2, payment_status = $3, modified_at = now()
          where order_id = $1 and state = $4 and payment_status = $5",
        order_id.0,
        OrderState::Cancelled as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        OrderState::Pending as OrderState,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() > 0 {
        sqlx::query!(
            "update season_order_line set live = false where order_id = $1",
            order_id.0
        )
        .execute(&mut *conn)
        .await?;
        audited(
            conn,
            order_id,
            Some(OrderState::Pending),
            OrderState::Cancelled,
            json!({"reason": "replaced"}),
        )
        .await?;
    }
    Ok(())
}

/// What a renewal order is made of.
pub(crate) struct NewRenewal<'a> {
    pub season: SeasonTicketId,
    pub user: Uuid,
    pub buyer_email: &'a str,
    pub language: &'a str,
    pub seat: SeatId,
    pub holder_id: i64,
    pub holder: &'a crate::preemption::SeasonHolder,
}

/// A pending renewal order: the kept seat at the season's full price for its sector, named
/// for the holder of the record (their document is asked at checkout). The seat stays kept
/// (locked for the holder) until the payment sells it.
pub(crate) async fn create_renewal(
    conn: &mut PgConnection,
    r: NewRenewal<'_>,
) -> Result<SeasonOrderId, sqlx::Error> {
    let order_id = SeasonOrderId(Uuid::now_v7());
    sqlx::query!(
        "insert into season_order (order_id, season_ticket_id, user_id, buyer_email, hold_expires_at,
                                   language, preemption_seal, renewal_holder_id)
         values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7, $8)",
        order_id.0,
        r.season.0,
        r.user,
        r.buyer_email,
        f64::from(crate::seasons::HOLD_SECONDS),
        r.language,
        r.holder.fiscal_seal,
        r.holder_id
    )
    .execute(&mut *conn)
    .await?;
    let h = r.holder;
    let key = inventory::Holder {
        first_name: h.first_name.clone(),
        last_name: h.last_name.clone(),
        birth_date: h.birth_date,
    }
    .key();
    let sex = matches!(h.sex.as_str(), "M" | "F").then(|| h.sex.clone());
    sqlx::query!(
        r#"insert into season_order_line (order_id, season_ticket_id, seat_id, block_id, reduction_id, price_cents,
                                          transaction_id, holder_first_name, holder_last_name, holder_birth_date,
                                          holder_birth_place, holder_sex, holder_key)
           select $1::uuid, $2, s.id, b.id, p.reduction_id, p.price_cents,
                  'S' || $1::uuid::text || '-' || s.id::text, $5, $6, $7, $8, $9, $10
             from venue_seat s join venue_block b on b.id = s.block_id
             join season_price p on p.season_ticket_id = $2 and p.sector_code = b.sector_code
             join reduction r on r.id = p.reduction_id and r.code = $4
            where s.id = $3"#,
        order_id.0,
        r.season.0,
        r.seat.0,
        FULL_PRICE_CODE,
        h.first_name,
        h.last_name,
        h.birth_date,
        h.birth_place,
        sex,
        key
    )
    .execute(&mut *conn)
    .await?;
    refresh_total(conn, order_id).await?;
    audited(
        conn,
        order_id,
        None,
        OrderState::Pending,
        json!({"renewal_holder_id": r.holder_id}),
    )
    .await?;
    Ok(order_id)
}

/// Marks an order as sold by staff at the box office for its buyer, paid by
/// `payment_method` (cash, pos, bank transfer or complimentary: no provider to refund).
pub async fn mark_by_staff(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    staff: Uuid,
    payment_method: PaymentMethod,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order set sold_by = $2, payment_method = $3, modified_at = now()
          where order_id = $1",
        order_id.0,
        staff,
        payment_method as PaymentMethod
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks an order as sold by a mass-issue task: issuing finalises (or unfinalises) its line.
pub async fn mark_mass(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    task: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order set mass_task_id = $2 where order_id = $1",
        order_id.0,
        task
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores the order's PaymentIntent (once: a second intent never replaces the first).
pub async fn attach_intent(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    intent_id: &str,
    client_secret: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order set payment_intent_id = $2, client_secret = $3, modified_at = now()
          where order_id = $1 and payment_intent_id is null",
        order_id.0,
        intent_id,
        client_secret
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether an id is a season order's (the payment webhook's metadata names either kind).
pub async fn exists(conn: &mut PgConnection, order_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from season_order where order_id = $1) as "e!""#,
        order_id
    )
    .fetch_one(conn)
    .await
}

/// The spec's confirm-payment-intent-season: payment_status 0 -> 1 only when the stored
/// client secret equals `client_secret` and the amount is the order's, in one conditional
/// update; the seats then become sold in every covered match (all of them, or none: the order
/// goes to refunding). Run in a transaction; the caller enqueues what the outcome needs.
pub async fn confirm_payment(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    client_secret: &str,
    amount_cents: Cents,
    payment_method: PaymentMethod,
) -> Result<(PaymentOutcome, Vec<Change>), sqlx::Error> {
    let paid = sqlx::query!(
        r#"update season_order set payment_status = $7, state = $5, paid_at = now(), modified_at = now(),
                payment_method = $3
          where order_id = $1 and payment_status = $8 and state = $6 and client_secret = $2
            and total_cents = $4
        returning user_id, season_ticket_id"#,
        order_id.0,
        client_secret,
        payment_method as PaymentMethod,
        amount_cents.0,
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
                 from season_order where order_id = $1"#,
            order_id.0
        )
        .fetch_optional(&mut *conn)
        .await?;
        return Ok((
            PaymentOutcome::unchanged(
                row.map(|r| (r.payment_status, r.state, r.client_secret)),
                client_secret,
            ),
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
    let changes = take_seats(
        conn,
        order_id,
        paid.user_id,
        SeasonTicketId(paid.season_ticket_id),
    )
    .await?;
    let kept = changes.is_some();
    if !kept {
        sqlx::query!(
            "update season_order set state = $2, refund_reason = 'seat_lost', modified_at = now()
              where order_id = $1",
            order_id.0,
            OrderState::Refunding as OrderState
        )
        .execute(&mut *conn)
        .await?;
        sqlx::query!(
            "update season_order_line set live = false where order_id = $1",
            order_id.0
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
    }
    Ok((
        PaymentOutcome::Processed { seats_kept: kept },
        changes.unwrap_or_default(),
    ))
}

/// Marks a paid order's seats sold in every covered match: each row still held by the buyer
/// for this season (expired or not) or free, or none. `None` when a row was taken meanwhile,
/// or the buyer would pass the season's per-buyer limit.
async fn take_seats(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    user: Uuid,
    season: SeasonTicketId,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for no key update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let fixtures: Vec<i64> = sqlx::query_scalar!(
        "select fixture_id from season_ticket_fixture where season_ticket_id = $1",
        season.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let lines = sqlx::query_scalar!(
        r#"select count(*) as "n!" from season_order_line where order_id = $1"#,
        order_id.0
    )
    .fetch_one(&mut *conn)
    .await?;
    let rows = sqlx::query!(
        r#"with wanted as (
             select i.fixture_id, i.seat_id from seat_inventory i
               join season_order_line l on l.seat_id = i.seat_id
              where l.order_id = $1 and i.fixture_id = any($3)
                and (i.state = 'free' or (i.state = 'held'
                     and ((i.holder_id = $2 and i.season_ticket_id = $4) or i.held_until <= now()))
                     or (i.state = 'locked' and i.kept_for_holder is not null and i.kept_for_holder =
                         (select o.renewal_holder_id from season_order o where o.order_id = $1)))
              order by i.fixture_id, i.seat_id for update of i
           ), sold as (
             select count(distinct seat_id) as n from seat_inventory
              where fixture_id = any($3) and season_ticket_id = $4 and holder_id = $2 and state = 'sold')
           update seat_inventory s set state = 'sold', holder_id = $2, held_until = null,
                  season_ticket_id = $4, reduction_id = null, holder_key = null,
                  kept_for_holder = null, kept_for_phase = null, updated_at = now()
             from wanted
            where s.fixture_id = wanted.fixture_id and s.seat_id = wanted.seat_id
              and (select count(*) from wanted) = cardinality($3) * $5::bigint
              and (select n from sold) + $5::bigint <= (select per_buyer_limit from season_ticket where id = $4)
        returning s.fixture_id as "fixture_id: FixtureId", s.seat_id as "seat_id: SeatId",
                  s.block_id as "block_id: BlockId""#,
        order_id.0,
        user,
        &fixtures,
        season.0,
        lines
    )
    .fetch_all(&mut *conn)
    .await?;
    if rows.len() as i64 != fixtures.len() as i64 * lines || rows.is_empty() {
        return Ok(None);
    }
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Sold))
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes))
}

/// An issuing attempt's start: a paid (or failed, retried) order becomes issuing when
/// `from_paid`, and `fresh` lines are marked asked for, in one statement.
pub async fn begin_issuing(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    from_paid: bool,
    fresh: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with started as (
             update season_order set state = $4, modified_at = now()
              where order_id = $1 and $2 and state in ($5, $6))
         update season_order_line set issue_requested_at = now(), issue_unanswered = true
          where line_id = any($3) and order_id = $1",
        order_id.0,
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

/// From now on, before asking again for these lines, look their titles up.
pub async fn mark_issue_requested(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order_line set issue_requested_at = now(), issue_unanswered = true
          where line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The ticketing system answered these lines' calls (so nothing will land later).
pub async fn mark_issue_answered(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_order_line set issue_unanswered = false where line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a line's season title; returns the title id the line keeps (another one when two
/// runs raced and the other stored first).
pub async fn record_season_title(
    conn: &mut PgConnection,
    line_id: i64,
    t: &IssuedTitle,
) -> Result<i64, sqlx::Error> {
    sqlx::query!(
        "update season_order_line set title_id = $2, seal = $3, barcode = $4, progressive = $5,
                title_state = 'valid', issued_at = now(), issue_unanswered = false
          where line_id = $1 and title_id is null",
        line_id,
        t.title_id,
        t.seal,
        t.barcode,
        t.progressive
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar!(
        r#"select title_id as "t!" from season_order_line where line_id = $1"#,
        line_id
    )
    .fetch_one(conn)
    .await
}

/// Stores a collection's match titles (a match that has one keeps it) and completes the line
/// when every covered match has its title. Returns the titles not kept (to cancel).
pub async fn record_match_titles(
    conn: &mut PgConnection,
    line_id: i64,
    titles: &[(FixtureId, IssuedTitle)],
) -> Result<Vec<i64>, sqlx::Error> {
    let fixtures: Vec<i64> = titles.iter().map(|(f, _)| f.0).collect();
    let ids: Vec<i64> = titles.iter().map(|(_, t)| t.title_id).collect();
    let seals: Vec<String> = titles.iter().map(|(_, t)| t.seal.clone()).collect();
    let barcodes: Vec<String> = titles.iter().map(|(_, t)| t.barcode.clone()).collect();
    let progressives: Vec<i64> = titles.iter().map(|(_, t)| t.progressive).collect();
    let kept = sqlx::query_scalar!(
        r#"insert into season_match_title (line_id, fixture_id, title_id, seal, barcode, progressive)
           select $1, * from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[])
           on conflict do nothing
           returning title_id"#,
        line_id,
        &fixtures,
        &ids,
        &seals,
        &barcodes,
        &progressives
    )
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query!(
        "update season_order_line l set issue_queue_status = 'COMPLETE', issued_at = now(),
                issue_unanswered = false
          where l.line_id = $1 and l.issue_queue_status = 'PENDING'
            and (select count(*) from season_match_title m where m.line_id = l.line_id)
                = (select count(*) from season_ticket_fixture c where c.season_ticket_id = l.season_ticket_id)",
        line_id
    )
    .execute(&mut *conn)
    .await?;
    Ok(ids.into_iter().filter(|id| !kept.contains(id)).collect())
}

/// Every line has its titles: the order is issued (once). Returns whether this call did it.
pub async fn mark_issued(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set state = $2, issued_at = now(), modified_at = now()
          where order_id = $1 and state = $3
            and not exists (select 1 from season_order_line where order_id = $1
                             and (case when is_collection then issue_queue_status = 'PENDING'
                                       else title_id is null end))",
        order_id.0,
        OrderState::Issued as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(&mut *conn)
    .await?;
    let done = r.rows_affected() == 1;
    if done {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Issued,
            json!({}),
        )
        .await?;
    }
    Ok(done)
}

/// Issuing gave up: the order is listed in the failed season issues.
pub async fn mark_failed(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    error: &str,
    attempts: i32,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set state = $4, failed_at = now(), issue_error = $2,
                issue_attempts = issue_attempts + $3, modified_at = now()
          where order_id = $1 and state in ($5, $6)",
        order_id.0,
        error,
        attempts,
        OrderState::Failed as OrderState,
        OrderState::Issuing as OrderState,
        OrderState::Paid as OrderState
    )
    .execute(&mut *conn)
    .await?;
    let done = r.rows_affected() == 1;
    if done {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Failed,
            json!({"error": error, "attempts": attempts}),
        )
        .await?;
    }
    Ok(done)
}

/// Staff retry a failed issue: back to issuing. The round of the retry, or `None` when the
/// order is not failed.
pub async fn retry_failed(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<Option<i32>, sqlx::Error> {
    let round = sqlx::query_scalar!(
        "update season_order set state = $2, modified_at = now()
          where order_id = $1 and state = $3 returning issue_attempts",
        order_id.0,
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

/// A refund is asked for (a failed issue, a lost seat, an order cancelled before its payment
/// arrived): the seats go back on sale. False when the order cannot be refunded now.
pub async fn start_refund(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    reason: &str,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    let r = sqlx::query!(
        r#"update season_order set state = $3, refund_reason = $2, modified_at = now()
            where order_id = $1 and state in ($4, $5)
              and (state = $5 or client_secret is not null)
        returning user_id, season_ticket_id"#,
        order_id.0,
        reason,
        OrderState::Refunding as OrderState,
        OrderState::Failed as OrderState,
        OrderState::Cancelled as OrderState
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = r else {
        return Ok(None);
    };
    sqlx::query!(
        "update season_order_line set live = false where order_id = $1",
        order_id.0
    )
    .execute(&mut *conn)
    .await?;
    let freed = sqlx::query!(
        r#"update seat_inventory i set state = 'free', holder_id = null, season_ticket_id = null,
                  held_until = null, updated_at = now()
             from season_order_line l
            where l.order_id = $1 and i.seat_id = l.seat_id and i.season_ticket_id = $2
              and i.holder_id = $3 and i.state = 'sold'
              and not exists (select 1 from season_order_line o where o.seat_id = l.seat_id
                               and o.season_ticket_id = $2 and o.live)
        returning i.fixture_id as "fixture_id: FixtureId", i.seat_id as "seat_id: SeatId",
                  i.block_id as "block_id: BlockId""#,
        order_id.0,
        r.season_ticket_id,
        r.user_id
    )
    .fetch_all(&mut *conn)
    .await?;
    let changes: Vec<Change> = freed
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Free))
        .collect();
    inventory::notify(conn, &changes).await?;
    audited(
        conn,
        order_id,
        None,
        OrderState::Refunding,
        json!({"reason": reason}),
    )
    .await?;
    Ok(Some(changes))
}

/// The money went back: the order is refunded (once).
pub async fn mark_refunded(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    refund_id: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set state = $3, payment_status = $4, refund_id = $2, refunded_at = now(),
                modified_at = now()
          where order_id = $1 and state = $5",
        order_id.0,
        refund_id,
        OrderState::Refunded as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        OrderState::Refunding as OrderState
    )
    .execute(&mut *conn)
    .await?;
    let done = r.rows_affected() == 1;
    if done {
        // Their titles were cancelled in the ticketing system before the refund.
        sqlx::query!(
            "with lines as (
                 update season_order_line set title_state = 'cancelled'
                  where order_id = $1 and title_id is not null returning line_id)
             update season_match_title set title_state = 'cancelled'
              where line_id in (select line_id from season_order_line where order_id = $1)",
            order_id.0
        )
        .execute(&mut *conn)
        .await?;
        audited(
            conn,
            order_id,
            Some(OrderState::Refunding),
            OrderState::Refunded,
            json!({"refund_id": refund_id}),
        )
        .await?;
    }
    Ok(done)
}

/// The titles are being e-mailed (in the e-mail's transaction). False when they already were.
pub async fn mark_tickets_sent(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set tickets_sent_at = now()
          where order_id = $1 and state = $2 and tickets_sent_at is null",
        order_id.0,
        OrderState::Issued as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// The buyer is told once that the titles wait for the ticketing system.
pub async fn mark_delay_notified(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update season_order set delay_notified_at = now()
          where order_id = $1 and state in ($2, $3) and delay_notified_at is null",
        order_id.0,
        OrderState::Paid as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// A season seat in a fan's wallet: the season title (or the collection's match titles) with
/// every covered match, the next one first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WalletSeason {
    pub line_id: i64,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: SeasonOrderId,
    pub season_name: String,
    pub label: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder_name: String,
    pub reduction_name: String,
    pub price_cents: Cents,
    pub collection: bool,
    pub issue_queue_status: IssueQueueStatus,
    /// The season title's seal and barcode (none for a collection).
    pub seal: Option<String>,
    pub barcode: Option<String>,
    pub matches: Vec<WalletMatch>,
}

/// A covered match as the wallet shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WalletMatch {
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub title: String,
    pub starts_at: DateTime<Utc>,
    /// `valid`, `used`, `cancelled`; `passed` once the match is over; `pending` while a
    /// collection's title for it is being issued; `passed_on` when the seat was passed on to
    /// someone else for this match.
    pub state: String,
    /// Who the seat was passed on to for this match.
    pub passed_to: Option<String>,
    /// A collection's title for this match.
    pub seal: Option<String>,
    pub barcode: Option<String>,
    /// The seat's resale offer for this match (listed, sold or completed).
    pub resale: Option<WalletResale>,
}

/// A season seat's match offered for resale, as its holder's wallet shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WalletResale {
    #[schema(value_type = String, format = Uuid)]
    pub id: crate::ids::ResaleId,
    pub state: crate::resale::ResaleState,
    pub price_cents: Cents,
}

/// The order of `user`'s season seat `line_id` while its titles are live (issuing or
/// issued); `None` for another fan's line, or one refunded or cancelled.
pub async fn owned_line(
    conn: &mut PgConnection,
    user: Uuid,
    line_id: i64,
) -> Result<Option<SeasonOrderId>, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select o.order_id from season_order_line l join season_order o on o.order_id = l.order_id
          where l.line_id = $1 and o.user_id = $2 and l.live and o.state in ('issuing', 'issued')",
        line_id,
        user
    )
    .fetch_optional(conn)
    .await?
    .map(SeasonOrderId))
}

/// Whose wallet a season seat is in: its order's buyer.
pub async fn line_owner(conn: &mut PgConnection, line: i64) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select o.user_id from season_order_line l join season_order o on o.order_id = l.order_id
          where l.line_id = $1",
        line
    )
    .fetch_optional(conn)
    .await
}

/// `user`'s season seats whose titles exist (a collection's as its match titles appear),
/// soonest next match first.
pub async fn wallet(conn: &mut PgConnection, user: Uuid) -> Result<Vec<WalletSeason>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.line_id, l.order_id, t.name as season_name, s.label, sec.name as sector_name,
                  b.code as block_code, s.row_label, s.number, b.gate, l.holder_first_name,
                  l.holder_last_name, r.name as reduction_name, l.price_cents, l.is_collection,
                  l.issue_queue_status as "issue_queue_status: IssueQueueStatus", l.seal, l.barcode,
                  l.title_state as "title_state: TitleState", l.season_ticket_id
             from season_order_line l join season_order o on o.order_id = l.order_id
             join season_ticket t on t.id = l.season_ticket_id
             join venue_seat s on s.id = l.seat_id join venue_block b on b.id = l.block_id
             join venue_sector sec on sec.code = b.sector_code join reduction r on r.id = l.reduction_id
            where o.user_id = $1 and o.state in ('issuing', 'issued') and l.live
              and (l.title_id is not null or exists (select 1 from season_match_title m where m.line_id = l.line_id))
            order by l.line_id"#,
        user
    )
    .fetch_all(&mut *conn)
    .await?;
    // Every line's covered matches in one query (the next match first), grouped below.
    let line_ids: Vec<i64> = rows.iter().map(|r| r.line_id).collect();
    let all_matches = sqlx::query!(
        r#"select l.line_id as "line_id!", f.id, f.title, f.starts_at, m.seal as "seal?",
                  m.barcode as "barcode?", m.title_state as "title_state?: TitleState",
                  x.to_first_name || ' ' || x.to_last_name as passed_to,
                  rs.resale_id as "resale_id?", rs.state as "resale_state?: crate::resale::ResaleState",
                  rs.price_cents as "resale_price_cents?"
             from season_order_line l
             join season_ticket_fixture c on c.season_ticket_id = l.season_ticket_id
             join fixture f on f.id = c.fixture_id
             left join season_match_title m on m.line_id = l.line_id and m.fixture_id = f.id
             left join title_transfer x on x.season_line_id = l.line_id and x.fixture_id = f.id
                                        and x.state = 'done'
             left join season_resale rs on rs.season_line_id = l.line_id and rs.fixture_id = f.id
                                        and rs.state in ('listed', 'sold', 'completed')
            where l.line_id = any($1)
            order by l.line_id, f.starts_at < now(), f.starts_at"#,
        &line_ids
    )
    .fetch_all(&mut *conn)
    .await?;
    let now = Utc::now();
    let mut out = vec![];
    for r in rows {
        let matches = all_matches
            .iter()
            .filter(|m| m.line_id == r.line_id)
            .map(|m| {
                let title_state = if r.is_collection {
                    m.title_state
                } else {
                    r.title_state
                };
                let state = match title_state {
                    _ if m.passed_to.is_some() => "passed_on".to_owned(),
                    None => "pending".to_owned(),
                    Some(TitleState::Valid) if m.starts_at < now => "passed".to_owned(),
                    Some(s) => serde_json::to_value(s)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default(),
                };
                WalletMatch {
                    fixture_id: FixtureId(m.id),
                    title: m.title.clone(),
                    starts_at: m.starts_at,
                    state,
                    seal: m.seal.clone(),
                    barcode: m.barcode.clone(),
                    passed_to: m.passed_to.clone(),
                    resale: match (m.resale_id, m.resale_state, m.resale_price_cents) {
                        (Some(id), Some(state), Some(price)) => Some(WalletResale {
                            id: crate::ids::ResaleId(id),
                            state,
                            price_cents: Cents(price),
                        }),
                        _ => None,
                    },
                }
            })
            .collect();
        out.push(WalletSeason {
            line_id: r.line_id,
            order_id: SeasonOrderId(r.order_id),
            season_name: r.season_name,
            label: r.label,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            holder_name: format!(
                "{} {}",
                r.holder_first_name.unwrap_or_default(),
                r.holder_last_name.unwrap_or_default()
            ),
            reduction_name: r.reduction_name,
            price_cents: Cents(r.price_cents),
            collection: r.is_collection,
            issue_queue_status: r.issue_queue_status,
            seal: r.seal,
            barcode: r.barcode,
            matches,
        });
    }
    Ok(out)
}

/// The audit row of a season order's transition, in its transaction.
async fn audited(
    conn: &mut PgConnection,
    order_id: SeasonOrderId,
    from: Option<OrderState>,
    to: OrderState,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    crate::orders::audited_as(
        conn,
        "season_order",
        &order_id.to_string(),
        from,
        to,
        details,
    )
    .await
}

/// A season order as staff list it (the season issued and failed lists).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonOrderRow {
    #[schema(value_type = String, format = Uuid)]
    pub id: SeasonOrderId,
    #[schema(value_type = i64)]
    pub season_ticket_id: SeasonTicketId,
    pub season_name: String,
    pub buyer_email: String,
    pub payment_status: PaymentStatus,
    pub state: OrderState,
    pub payment_method: PaymentMethod,
    /// Sold at the box office by this staff member (their e-mail); none for a fan's own.
    pub sold_by: Option<String>,
    pub total_cents: Cents,
    /// Seats, and of them collections.
    pub seats: i64,
    pub collections: i64,
    /// Titles issued so far, and how many the order needs (a season title per seat, a title
    /// per covered match per collection).
    pub titles_issued: i64,
    pub titles_expected: i64,
    pub error: Option<String>,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
}

/// What staff filter season orders by.
#[derive(Debug, Clone, Default)]
pub struct AdminQuery {
    pub season_ticket_id: Option<SeasonTicketId>,
    pub state: Option<OrderState>,
    /// Part of the buyer's e-mail.
    pub search: Option<String>,
    /// Oldest first when false.
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Season orders, newest first (or oldest), with their progress; one of them by id.
pub async fn admin_orders(
    conn: &mut PgConnection,
    q: &AdminQuery,
    id: Option<SeasonOrderId>,
) -> Result<(Vec<SeasonOrderRow>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select o.order_id, o.season_ticket_id, t.name as season_name, o.buyer_email,
                  o.payment_status as "payment_status: PaymentStatus", o.state as "state: OrderState",
                  o.payment_method as "payment_method: PaymentMethod", o.total_cents, o.issue_error,
                  o.issue_attempts, o.created_at, o.paid_at, o.failed_at,
                  (select s.email from app_user s where s.user_id = o.sold_by) as sold_by,
                  (select count(*) from season_order_line l where l.order_id = o.order_id) as "seats!",
                  (select count(*) from season_order_line l where l.order_id = o.order_id and l.is_collection) as "collections!",
                  (select count(*) from season_order_line l where l.order_id = o.order_id and l.title_id is not null)
                  + (select count(*) from season_match_title m join season_order_line l using (line_id)
                      where l.order_id = o.order_id) as "issued!",
                  (select count(*) from season_ticket_fixture c where c.season_ticket_id = o.season_ticket_id) as "matches!",
                  count(*) over () as "total!"
             from season_order o join season_ticket t on t.id = o.season_ticket_id
            where ($1::bigint is null or o.season_ticket_id = $1)
              and ($2::text is null or o.state = $2)
              -- a mass task's failed line is retried from its task, not the failed list
              and ($2::text is distinct from 'failed' or o.mass_task_id is null)
              and ($3::text is null or lower(o.buyer_email) like $3)
              and ($4::uuid is null or o.order_id = $4)
            order by case when $5 then coalesce(o.failed_at, o.paid_at, o.created_at) end desc,
                     coalesce(o.failed_at, o.paid_at, o.created_at), o.order_id
            offset $6 limit $7"#,
        q.season_ticket_id.map(|s| s.0),
        q.state.map(|s| s.as_str()),
        q.search.as_deref().map(crate::db::contains_pattern),
        id.map(|i| i.0),
        q.descending,
        q.offset,
        q.limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| SeasonOrderRow {
                id: SeasonOrderId(r.order_id),
                season_ticket_id: SeasonTicketId(r.season_ticket_id),
                season_name: r.season_name,
                buyer_email: r.buyer_email,
                payment_status: r.payment_status,
                state: r.state,
                payment_method: r.payment_method,
                sold_by: r.sold_by,
                total_cents: Cents(r.total_cents),
                seats: r.seats,
                collections: r.collections,
                titles_issued: r.issued,
                titles_expected: (r.seats - r.collections) + r.collections * r.matches,
                error: r.issue_error,
                attempts: r.issue_attempts,
                created_at: r.created_at,
                paid_at: r.paid_at,
                failed_at: r.failed_at,
            })
            .collect(),
        total,
    ))
}

/// A collection still waiting for match titles (the spec's season backlog, by seat).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BacklogLine {
    /// The order line (one season seat).
    pub id: i64,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: SeasonOrderId,
    pub season_name: String,
    pub seat_label: String,
    pub sector_name: String,
    pub holder_name: String,
    pub buyer_email: String,
    pub order_state: OrderState,
    pub titles_issued: i64,
    pub titles_expected: i64,
    pub issue_requested_at: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// The PENDING collections of paid orders, oldest payment first.
pub async fn backlog(
    conn: &mut PgConnection,
    season: Option<SeasonTicketId>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<BacklogLine>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select l.line_id, l.order_id, t.name as season_name, s.label, sec.name as sector_name,
                  coalesce(l.holder_first_name || ' ' || l.holder_last_name, '') as "holder!",
                  o.buyer_email, o.state as "state: OrderState", l.issue_requested_at, o.paid_at,
                  (select count(*) from season_match_title m where m.line_id = l.line_id) as "issued!",
                  (select count(*) from season_ticket_fixture c where c.season_ticket_id = l.season_ticket_id) as "expected!",
                  count(*) over () as "total!"
             from season_order_line l join season_order o on o.order_id = l.order_id
             join season_ticket t on t.id = l.season_ticket_id
             join venue_seat s on s.id = l.seat_id join venue_block b on b.id = l.block_id
             join venue_sector sec on sec.code = b.sector_code
            where l.issue_queue_status = 'PENDING' and l.live and o.payment_status = 1
              and ($1::bigint is null or l.season_ticket_id = $1)
            order by o.paid_at, l.line_id
            offset $2 limit $3"#,
        season.map(|s| s.0),
        offset,
        limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| BacklogLine {
                id: r.line_id,
                order_id: SeasonOrderId(r.order_id),
                season_name: r.season_name,
                seat_label: r.label,
                sector_name: r.sector_name,
                holder_name: r.holder,
                buyer_email: r.buyer_email,
                order_state: r.state,
                titles_issued: r.issued,
                titles_expected: r.expected,
                issue_requested_at: r.issue_requested_at,
                paid_at: r.paid_at,
            })
            .collect(),
        total,
    ))
}
