//! Change of holder (cessione) of a match title: the owner names a new holder; a job has the
//! ticketing system cancel the title and issue a new one on the same seat; the line then
//! carries the new title and belongs to the new holder (their wallet when they have an
//! account), and the owner's wallet shows the old one as passed on.
//!
//! A season seat is passed on the same way for one match at a time (abbonamento-cessione):
//! the ticketing system issues a match title on the seat to the new holder and the season
//! title stays; each season seat passes on at most the season ticket's `transfer_limit`
//! matches, counted under the seat's lock.
//!
//! One change at a time per title (a partial unique index: of two requests at once, one is
//! stored); the new title is stored only over the title that was passed on (a conditional
//! update), so a repeat or a race never stores two.

use crate::ids::{FixtureId, LineId, OrderId, ResaleId, SeasonOrderId, TransferId};
use crate::orders::{HolderDetails, HolderRule, TitleState};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// Where a change of holder is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum TransferState {
    /// Asked for: the job is passing it on.
    Requested,
    /// The new holder has the new title.
    Done,
    /// The ticketing system refused it (`refusal_code` says why); the title stays the owner's.
    Refused,
}

/// What is passed on: a match ticket (its order line), or a season seat for one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferSource {
    Line { line: LineId, order: OrderId },
    SeasonMatch { line: i64, order: SeasonOrderId },
}

/// A season seat's passing on, as the season limit counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeasonAllowance {
    /// How many matches it may pass on (the season ticket's `transfer_limit`).
    pub limit: i32,
    /// How many it passed on, or is passing on.
    pub used: i64,
    /// This match's seat was passed on already.
    pub done_for_match: bool,
    /// This match's seat is offered for resale (or sold that way).
    pub in_resale: bool,
}

/// A title its owner may pass on, with what the rules need. For a season seat, the season
/// title for one match (the match's kick-off and rules, the season title's seal and state).
#[derive(Debug, Clone)]
pub struct OwnedTitle {
    pub source: TransferSource,
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub starts_at: DateTime<Utc>,
    /// 0 scheduled, 1 on sale, 2 off sale, 3 closed, 4 cancelled.
    pub fixture_status: i16,
    pub transfers_open: bool,
    pub transfer_closes_hours: Option<i32>,
    pub title_id: i64,
    pub seal: String,
    pub state: TitleState,
    pub holder_name: String,
    pub holder_key: Option<String>,
    pub reduction_rule: HolderRule,
    pub season: Option<SeasonAllowance>,
    /// A ban in force on the title (staff's `banned_title`).
    pub banned: bool,
}

/// Why a title cannot be passed on now (a stable code the apps translate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotTransferable {
    /// Staff closed changes of holder for this match.
    TransfersClosed,
    /// Changes of holder closed `transfer_closes_hours` before kick-off.
    TransferWindowClosed,
    /// The match has started (or is over, closed or cancelled).
    MatchStarted,
    /// The ticket was used at the gate.
    TitleUsed,
    /// The ticket was cancelled.
    TitleCancelled,
    /// This season seat was already passed on for this match.
    AlreadyPassedOn,
    /// The season seat passed on as many matches as the season ticket allows.
    SeasonTransferLimit,
    /// The season seat is offered for resale for this match.
    InResale,
    /// Staff barred the title (the fan is not told why).
    TitleBanned,
}

impl NotTransferable {
    pub fn code(self) -> &'static str {
        match self {
            NotTransferable::TransfersClosed => "transfers_closed",
            NotTransferable::TransferWindowClosed => "transfer_window_closed",
            NotTransferable::MatchStarted => "match_started",
            NotTransferable::TitleUsed => "title_used",
            NotTransferable::TitleCancelled => "title_cancelled",
            NotTransferable::AlreadyPassedOn => "already_passed_on",
            NotTransferable::SeasonTransferLimit => "season_transfer_limit",
            NotTransferable::InResale => "in_resale",
            NotTransferable::TitleBanned => "title_banned",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            NotTransferable::TransfersClosed => "Changes of holder are closed for this match",
            NotTransferable::TransferWindowClosed => {
                "Changes of holder are closed this close to kick-off"
            }
            NotTransferable::MatchStarted => "The match has started",
            NotTransferable::TitleUsed => "The ticket was used",
            NotTransferable::TitleCancelled => "The ticket was cancelled",
            NotTransferable::AlreadyPassedOn => "This seat was already passed on for this match",
            NotTransferable::SeasonTransferLimit => {
                "This season ticket passed on as many matches as it may"
            }
            NotTransferable::InResale => "This seat is offered for resale for this match",
            NotTransferable::TitleBanned => "This ticket is barred",
        }
    }
}

impl OwnedTitle {
    /// Until when its holder may change: kick-off, or the hours before it staff set.
    pub fn closes_at(&self) -> DateTime<Utc> {
        self.starts_at - Duration::hours(i64::from(self.transfer_closes_hours.unwrap_or(0)))
    }

    /// Why this title cannot be passed on at `now`, by our own rules (the ticketing system
    /// has the last word on its own).
    pub fn refusal(&self, now: DateTime<Utc>) -> Option<NotTransferable> {
        if self.banned {
            return Some(NotTransferable::TitleBanned);
        }
        match self.state {
            TitleState::Used => return Some(NotTransferable::TitleUsed),
            TitleState::Cancelled => return Some(NotTransferable::TitleCancelled),
            TitleState::Valid => {}
        }
        if self.starts_at <= now || self.fixture_status >= 3 {
            return Some(NotTransferable::MatchStarted);
        }
        if !self.transfers_open {
            return Some(NotTransferable::TransfersClosed);
        }
        if self.closes_at() <= now {
            return Some(NotTransferable::TransferWindowClosed);
        }
        if let Some(season) = self.season {
            if season.done_for_match {
                return Some(NotTransferable::AlreadyPassedOn);
            }
            if season.in_resale {
                return Some(NotTransferable::InResale);
            }
            if season.used >= i64::from(season.limit) {
                return Some(NotTransferable::SeasonTransferLimit);
            }
        }
        None
    }
}

/// An [`OwnedTitle`] from a row with the fixture's rules, the title and its holder.
macro_rules! owned_title_of_row {
    ($r:ident, $source:expr, $season:expr) => {
        OwnedTitle {
            source: $source,
            fixture_id: $r.fixture_id,
            fixture_title: $r.title,
            starts_at: $r.starts_at,
            fixture_status: $r.status,
            transfers_open: $r.transfers_open,
            transfer_closes_hours: $r.transfer_closes_hours,
            title_id: $r.title_id,
            seal: $r.seal,
            state: $r.title_state.unwrap_or(TitleState::Valid),
            holder_name: format!(
                "{} {}",
                $r.holder_first_name.unwrap_or_default(),
                $r.holder_last_name.unwrap_or_default()
            )
            .trim()
            .to_owned(),
            holder_key: $r.holder_key,
            reduction_rule: HolderRule::parse(&$r.rule),
            season: $season,
            banned: $r.banned,
        }
    };
}

/// The title with fiscal seal `seal` when `user` owns it: the buyer of its order, or, once it
/// changed holder, the account it was passed to.
pub async fn owned_title(
    conn: &mut PgConnection,
    user: Uuid,
    seal: &str,
) -> Result<Option<OwnedTitle>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select l.order_line_id, l.order_id, f.id as "fixture_id: FixtureId", f.title, f.starts_at,
                  f.status, f.transfers_open, f.transfer_closes_hours,
                  l.title_id as "title_id!", l.seal as "seal!", l.title_state as "title_state: TitleState",
                  l.holder_first_name, l.holder_last_name, l.holder_key, r.rule,
                  exists (select 1 from banned_title b where b.ban_seal = l.seal and b.status <> 0
                             and b.ban_start_date <= now()
                             and (b.ban_end_date is null or b.ban_end_date > now())) as "banned!"
             from order_line l join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = l.fixture_id join reduction r on r.id = l.reduction_id
            where l.seal = $2 and l.live and l.refund_id is null and o.state = 'issued'
              and case when l.passed_on then l.holder_user_id = $1 else o.user_id = $1 end"#,
        user,
        seal
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        let source = TransferSource::Line {
            line: LineId(r.order_line_id),
            order: OrderId(r.order_id),
        };
        owned_title_of_row!(r, source, None)
    }))
}

/// `user`'s issued season seat `line` (a season title, not a collection) for its covered
/// match `fixture`, with the season limit's count.
pub async fn owned_season_match(
    conn: &mut PgConnection,
    user: Uuid,
    line: i64,
    fixture: FixtureId,
) -> Result<Option<OwnedTitle>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select l.line_id, l.order_id, f.id as "fixture_id: FixtureId", f.title, f.starts_at,
                  f.status, f.transfers_open, f.transfer_closes_hours,
                  l.title_id as "title_id!", l.seal as "seal!", l.title_state as "title_state: TitleState",
                  l.holder_first_name, l.holder_last_name, l.holder_key, r.rule, t.transfer_limit,
                  (select count(*) from title_transfer x
                    where x.season_line_id = l.line_id and x.state <> 'refused'
                      and x.resale_id is null) as "used!",
                  exists (select 1 from title_transfer x where x.season_line_id = l.line_id
                             and x.fixture_id = f.id and x.state = 'done') as "done_for_match!",
                  exists (select 1 from season_resale x where x.season_line_id = l.line_id
                             and x.fixture_id = f.id and x.state in ('listed', 'sold'))
                    as "in_resale!",
                  exists (select 1 from banned_title b where b.ban_seal = l.seal and b.status <> 0
                             and b.ban_start_date <= now()
                             and (b.ban_end_date is null or b.ban_end_date > now())) as "banned!"
             from season_order_line l join season_order o on o.order_id = l.order_id
             join season_ticket t on t.id = l.season_ticket_id
             join season_ticket_fixture c on c.season_ticket_id = l.season_ticket_id and c.fixture_id = $3
             join fixture f on f.id = c.fixture_id join reduction r on r.id = l.reduction_id
            where l.line_id = $2 and o.user_id = $1 and l.live and o.state = 'issued'
              and not l.is_collection and l.title_id is not null"#,
        user,
        line,
        fixture.0
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        let source = TransferSource::SeasonMatch {
            line: r.line_id,
            order: SeasonOrderId(r.order_id),
        };
        let season = Some(SeasonAllowance {
            limit: r.transfer_limit,
            used: r.used,
            done_for_match: r.done_for_match,
            in_resale: r.in_resale,
        });
        owned_title_of_row!(r, source, season)
    }))
}

/// Whether `key` already holds a live seat of the fixture (other than through `except`).
pub async fn holds_seat(
    conn: &mut PgConnection,
    fixture: FixtureId,
    key: &str,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from order_line
                           where fixture_id = $1 and holder_key = $2 and live) as "x!""#,
        fixture.0,
        key
    )
    .fetch_one(conn)
    .await
}

/// Whether a change of holder of the title is under way.
pub async fn in_progress(conn: &mut PgConnection, title: &OwnedTitle) -> Result<bool, sqlx::Error> {
    let (line, season_line) = match title.source {
        TransferSource::Line { line, .. } => (Some(line.0), None),
        TransferSource::SeasonMatch { line, .. } => (None, Some(line)),
    };
    sqlx::query_scalar!(
        r#"select exists (select 1 from title_transfer
                           where state = 'requested' and (order_line_id = $1
                                 or (season_line_id = $2 and fixture_id = $3))) as "x!""#,
        line,
        season_line,
        title.fixture_id.0
    )
    .fetch_one(conn)
    .await
}

/// The account with this e-mail, if any (where a passed-on title lands).
pub async fn account_by_email(
    conn: &mut PgConnection,
    email: &str,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select user_id from app_user where lower(email) = lower($1) limit 1",
        email
    )
    .fetch_optional(conn)
    .await
}

/// A change of holder as asked for.
pub struct NewTransfer<'a> {
    pub title: &'a OwnedTitle,
    pub from_user: Uuid,
    pub holder: &'a HolderDetails,
    pub email: &'a str,
    pub to_user: Option<Uuid>,
    pub language: &'a str,
    /// The resale this change completes: not counted in the season limit.
    pub resale: Option<ResaleId>,
}

/// Why a change of holder was not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestRefusal {
    /// One is already under way for the title (of two requests at once, the index keeps one),
    /// or, for a season seat, the match was already passed on.
    InProgress,
    /// The ticket is being refunded, or no longer live.
    NotLive,
    /// The season seat passed on as many matches as its season ticket allows.
    SeasonLimit,
    /// The season seat is offered for resale for this match.
    InResale,
}

/// Records a change of holder, in the caller's transaction.
pub async fn request(
    conn: &mut PgConnection,
    t: &NewTransfer<'_>,
) -> Result<Result<TransferId, RequestRefusal>, sqlx::Error> {
    // The line is locked first: a refund of it at the same moment either committed first
    // (and the line is no longer refundable here) or waits and then sees this change. A
    // season seat's lock also serializes its requests, so the limit is counted once.
    let (line, season_line) = match t.title.source {
        TransferSource::Line { line, .. } => {
            let live = sqlx::query_scalar!(
                "select order_line_id from order_line
                  where order_line_id = $1 and live and refund_id is null for update",
                line.0
            )
            .fetch_optional(&mut *conn)
            .await?;
            if live.is_none() {
                return Ok(Err(RequestRefusal::NotLive));
            }
            (Some(line.0), None)
        }
        TransferSource::SeasonMatch { line, .. } => {
            let limit = sqlx::query_scalar!(
                "select t.transfer_limit from season_order_line l
                   join season_ticket t on t.id = l.season_ticket_id
                  where l.line_id = $1 and l.live for update of l",
                line
            )
            .fetch_optional(&mut *conn)
            .await?;
            let Some(limit) = limit else {
                return Ok(Err(RequestRefusal::NotLive));
            };
            if t.resale.is_none() {
                let (used, in_resale) = sqlx::query!(
                    r#"select (select count(*) from title_transfer
                                where season_line_id = $1 and state <> 'refused'
                                  and resale_id is null) as "used!",
                              exists (select 1 from season_resale where season_line_id = $1
                                         and fixture_id = $2 and state in ('listed', 'sold'))
                                as "in_resale!""#,
                    line,
                    t.title.fixture_id.0
                )
                .fetch_one(&mut *conn)
                .await
                .map(|r| (r.used, r.in_resale))?;
                if in_resale {
                    return Ok(Err(RequestRefusal::InResale));
                }
                if used >= i64::from(limit) {
                    return Ok(Err(RequestRefusal::SeasonLimit));
                }
            }
            (None, Some(line))
        }
    };
    let id = Uuid::now_v7();
    let prefix = if season_line.is_some() {
        "cessione-abb"
    } else {
        "cessione"
    };
    let stored = sqlx::query_scalar!(
        r#"insert into title_transfer (transfer_id, order_line_id, season_line_id, fixture_id, from_user,
                  from_title_id, from_seal, from_holder_name, to_first_name, to_last_name, to_birth_date,
                  to_birth_place, to_document_type, to_document_number, to_sex, to_holder_key, to_email,
                  to_user, language, transaction_id, resale_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
           on conflict do nothing
           returning transfer_id"#,
        id,
        line,
        season_line,
        t.title.fixture_id.0,
        t.from_user,
        t.title.title_id,
        t.title.seal,
        t.title.holder_name,
        t.holder.first_name,
        t.holder.last_name,
        t.holder.birth_date,
        t.holder.birth_place,
        t.holder.document_type,
        t.holder.document_number,
        t.holder.sex,
        t.holder.key(),
        t.email,
        t.to_user,
        t.language,
        format!("{prefix}-{id}"),
        t.resale.map(|r| r.0),
    )
    .fetch_optional(conn)
    .await?;
    Ok(stored.map(TransferId).ok_or(RequestRefusal::InProgress))
}

/// A change of holder as stored.
#[derive(Debug, Clone)]
pub struct Transfer {
    pub id: TransferId,
    pub source: TransferSource,
    pub fixture_id: FixtureId,
    pub from_user: Uuid,
    pub from_title_id: i64,
    pub from_seal: String,
    pub holder: HolderDetails,
    pub to_email: String,
    pub to_user: Option<Uuid>,
    pub language: String,
    pub state: TransferState,
    pub transaction_id: String,
    pub call_requested_at: Option<DateTime<Utc>>,
    pub call_unanswered: bool,
}

pub async fn load(
    conn: &mut PgConnection,
    id: TransferId,
) -> Result<Option<Transfer>, sqlx::Error> {
    let r = sqlx::query!(
        r#"select t.transfer_id, t.order_line_id, l.order_id as "order_id?", t.season_line_id,
                  sl.order_id as "season_order_id?", t.fixture_id as "fixture_id: FixtureId",
                  t.from_user, t.from_title_id, t.from_seal, t.to_first_name, t.to_last_name, t.to_birth_date,
                  t.to_birth_place, t.to_document_type, t.to_document_number, t.to_sex, t.to_email, t.to_user,
                  t.language, t.state as "state: TransferState", t.transaction_id, t.call_requested_at,
                  t.call_unanswered
             from title_transfer t left join order_line l on l.order_line_id = t.order_line_id
             left join season_order_line sl on sl.line_id = t.season_line_id
            where t.transfer_id = $1"#,
        id.0
    )
    .fetch_optional(conn)
    .await?;
    let Some(r) = r else { return Ok(None) };
    let source = match (
        r.order_line_id,
        r.order_id,
        r.season_line_id,
        r.season_order_id,
    ) {
        (Some(line), Some(order), _, _) => TransferSource::Line {
            line: LineId(line),
            order: OrderId(order),
        },
        (_, _, Some(line), Some(order)) => TransferSource::SeasonMatch {
            line,
            order: SeasonOrderId(order),
        },
        _ => return Ok(None),
    };
    Ok(Some(Transfer {
        id: TransferId(r.transfer_id),
        source,
        fixture_id: r.fixture_id,
        from_user: r.from_user,
        from_title_id: r.from_title_id,
        from_seal: r.from_seal,
        holder: HolderDetails {
            first_name: r.to_first_name,
            last_name: r.to_last_name,
            birth_date: r.to_birth_date,
            birth_place: r.to_birth_place,
            document_type: r.to_document_type,
            document_number: r.to_document_number,
            sex: r.to_sex,
        },
        to_email: r.to_email,
        to_user: r.to_user,
        language: r.language,
        state: r.state,
        transaction_id: r.transaction_id,
        call_requested_at: r.call_requested_at,
        call_unanswered: r.call_unanswered,
    }))
}

/// Marks the change asked for, before the call (from then on, look before asking again).
pub async fn mark_call_requested(
    conn: &mut PgConnection,
    id: TransferId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update title_transfer set call_requested_at = now(), call_unanswered = true
          where transfer_id = $1 and state = 'requested'",
        id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The ticketing system did answer the call (so it will not land later).
pub async fn mark_call_answered(
    conn: &mut PgConnection,
    id: TransferId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update title_transfer set call_unanswered = false where transfer_id = $1",
        id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The new title, as the ticketing system issued it.
#[derive(Debug, Clone)]
pub struct NewTitle {
    pub title_id: i64,
    pub seal: String,
    pub barcode: String,
    pub progressive: i64,
}

/// Stores the new title: the change is done and the line carries the new title and holder,
/// owned by the new holder. Only over the title that was passed on, once: false when the
/// change was already stored (a repeat) or the line no longer carries that title.
pub async fn record_done(
    conn: &mut PgConnection,
    t: &Transfer,
    title: &NewTitle,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update title_transfer set state = 'done', title_id = $2, seal = $3, barcode = $4,
                progressive = $5, done_at = now(), call_unanswered = false
          where transfer_id = $1 and state = 'requested'",
        t.id.0,
        title.title_id,
        title.seal,
        title.barcode,
        title.progressive
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    let TransferSource::Line { line, .. } = t.source else {
        // A season seat's match title lives on the change itself; the season title stays.
        return Ok(true);
    };
    let moved = sqlx::query!(
        "update order_line set title_id = $3, seal = $4, barcode = $5, progressive = $6,
                title_state = 'valid', issued_at = now(), holder_first_name = $7,
                holder_last_name = $8, holder_birth_date = $9, holder_birth_place = $10,
                holder_document_type = $11, holder_document_number = $12, holder_sex = $13,
                holder_key = $14, eligible = true, ineligible_reason = null, passed_on = true,
                holder_user_id = $15, holder_email = $16
          where order_line_id = $1 and title_id = $2",
        line.0,
        t.from_title_id,
        title.title_id,
        title.seal,
        title.barcode,
        title.progressive,
        t.holder.first_name,
        t.holder.last_name,
        t.holder.birth_date,
        t.holder.birth_place,
        t.holder.document_type,
        t.holder.document_number,
        t.holder.sex,
        t.holder.key(),
        t.to_user,
        t.to_email,
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(moved == 1)
}

/// The ticketing system refused the change: the title stays the owner's.
pub async fn record_refused(
    conn: &mut PgConnection,
    id: TransferId,
    code: &str,
    message: &str,
) -> Result<bool, sqlx::Error> {
    let n = sqlx::query!(
        "update title_transfer set state = 'refused', refusal_code = $2, refusal_message = $3,
                call_unanswered = false
          where transfer_id = $1 and state = 'requested'",
        id.0,
        code,
        message
    )
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// A season seat passed on for one match, as its receiver's wallet shows it: a match ticket
/// in their name, which they cannot pass on.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReceivedSeasonMatch {
    #[schema(value_type = String, format = Uuid)]
    pub transfer_id: TransferId,
    pub fixture: crate::orders::FixtureRef,
    pub season_name: String,
    pub label: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub no_map: bool,
    pub holder_name: String,
    pub reduction_name: String,
    /// The season holder who passed it on.
    pub from_holder_name: String,
    /// What the receiver paid: a resale's price; nothing when it was passed on as a gift.
    pub price_cents: crate::money::Cents,
    pub seal: String,
    pub barcode: String,
    pub issued_at: DateTime<Utc>,
}

/// The match titles passed on from season seats to `to_user` (their wallet's), soonest match
/// first; or the one of change `one` (for `to_user`, or for anyone when `to_user` is none: the
/// job that e-mails it).
pub async fn received_season_matches(
    conn: &mut PgConnection,
    to_user: Option<Uuid>,
    one: Option<TransferId>,
) -> Result<Vec<ReceivedSeasonMatch>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select t.transfer_id, f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at,
                  f.planet_event_id, st.name as season_name, s.label, sec.name as sector_name,
                  b.code as block_code, s.row_label, s.number, b.gate, b.no_map, t.to_first_name,
                  t.to_last_name, r.name as reduction_name, t.from_holder_name, t.seal as "seal!",
                  t.barcode as "barcode!", t.done_at as "done_at!",
                  coalesce(x.price_cents, 0) as "price_cents!"
             from title_transfer t join season_order_line sl on sl.line_id = t.season_line_id
             left join season_resale x on x.resale_id = t.resale_id
             join season_ticket st on st.id = sl.season_ticket_id join fixture f on f.id = t.fixture_id
             join venue_seat s on s.id = sl.seat_id join venue_block b on b.id = sl.block_id
             join venue_sector sec on sec.code = b.sector_code join reduction r on r.id = sl.reduction_id
            where t.state = 'done' and ($1::uuid is null or t.to_user = $1)
              and ($2::uuid is null or t.transfer_id = $2) and ($1::uuid is not null or $2::uuid is not null)
            order by f.starts_at, t.transfer_id"#,
        to_user,
        one.map(|o| o.0)
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| ReceivedSeasonMatch {
            transfer_id: TransferId(r.transfer_id),
            fixture: crate::orders::FixtureRef {
                id: r.fixture_id,
                title: r.title,
                competition: r.competition,
                starts_at: r.starts_at,
                planet_event_id: r.planet_event_id,
            },
            season_name: r.season_name,
            label: r.label,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            no_map: r.no_map,
            holder_name: format!("{} {}", r.to_first_name, r.to_last_name),
            reduction_name: r.reduction_name,
            from_holder_name: r.from_holder_name,
            price_cents: crate::money::Cents(r.price_cents),
            seal: r.seal,
            barcode: r.barcode,
            issued_at: r.done_at,
        })
        .collect())
}

/// A change of holder as its sender (or its receiver) sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TransferView {
    #[schema(value_type = String, format = Uuid)]
    pub id: TransferId,
    pub state: TransferState,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub starts_at: DateTime<Utc>,
    pub sector_name: String,
    pub row: String,
    pub number: i32,
    pub no_map: bool,
    /// A season seat passed on for this match (its season order line); none for a match
    /// ticket.
    pub season_line_id: Option<i64>,
    /// The seal of the title passed on (cancelled once the change is done; a season title
    /// stays valid for the other matches).
    pub from_seal: String,
    pub from_holder_name: String,
    pub to_name: String,
    pub to_email: String,
    /// Why the ticketing system refused it (a stable code the apps translate).
    pub refusal_code: Option<String>,
    pub created_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
}

/// `user`'s changes of holder (those they asked for), newest first (the latest 200); or one
/// of them.
pub async fn sent_by(
    conn: &mut PgConnection,
    user: Uuid,
    one: Option<TransferId>,
) -> Result<Vec<TransferView>, sqlx::Error> {
    let filter = StaffFilter {
        from_user: Some(user),
        id: one,
        ..Default::default()
    };
    let (items, _) = list_for_staff(conn, &filter, 0, 200).await?;
    Ok(items.into_iter().map(|s| s.transfer).collect())
}

/// A change of holder as staff see it: the fan's view, who asked, and the ticketing system's
/// own words when it refused.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaffTransferView {
    #[serde(flatten)]
    pub transfer: TransferView,
    /// The order of the ticket, or of the season seat, passed on.
    #[schema(value_type = String, format = Uuid)]
    pub order_id: Uuid,
    /// The account that passed it on.
    pub from_email: String,
    /// The new holder has an account with `to_email` (the title is in its wallet).
    pub to_account: bool,
    /// The new title's seal, once done.
    pub seal: Option<String>,
    pub refusal_message: Option<String>,
}

/// What staff filter changes of holder by.
#[derive(Debug, Clone, Default)]
pub struct StaffFilter {
    /// The fan who asked (their own list).
    pub from_user: Option<Uuid>,
    pub id: Option<TransferId>,
    pub fixture: Option<FixtureId>,
    pub state: Option<TransferState>,
    /// A seal (old or new), an e-mail or a name, in part.
    pub search: Option<String>,
}

/// Changes of holder for staff, newest first: a page of them and how many match.
pub async fn list_for_staff(
    conn: &mut PgConnection,
    filter: &StaffFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<StaffTransferView>, i64), sqlx::Error> {
    let search = filter
        .search
        .as_deref()
        .map(|q| format!("%{}%", q.trim().to_lowercase().replace(['%', '_'], "")));
    let rows = sqlx::query!(
        r#"select t.transfer_id, t.state as "state: TransferState", f.id as "fixture_id: FixtureId",
                  f.title, f.starts_at, sec.name as sector_name, s.row_label, s.number, b.no_map,
                  t.from_seal, t.from_holder_name, t.to_first_name, t.to_last_name, t.to_email,
                  t.refusal_code, t.refusal_message, t.created_at, t.done_at, t.season_line_id,
                  coalesce(l.order_id, sl.order_id) as "order_id!", u.email as from_email,
                  t.to_user is not null as "to_account!", t.seal, count(*) over () as "total!"
             from title_transfer t left join order_line l on l.order_line_id = t.order_line_id
             left join season_order_line sl on sl.line_id = t.season_line_id
             join fixture f on f.id = t.fixture_id join venue_seat s on s.id = coalesce(l.seat_id, sl.seat_id)
             join venue_block b on b.id = coalesce(l.block_id, sl.block_id)
             join venue_sector sec on sec.code = b.sector_code
             join app_user u on u.user_id = t.from_user
            where ($1::bigint is null or t.fixture_id = $1)
              and ($2::text is null or t.state = $2)
              and ($3::text is null or lower(t.from_seal) like $3 or lower(coalesce(t.seal, '')) like $3
                   or lower(t.to_email) like $3 or lower(u.email) like $3
                   or lower(t.to_first_name || ' ' || t.to_last_name) like $3)
              and ($6::uuid is null or t.from_user = $6) and ($7::uuid is null or t.transfer_id = $7)
            order by t.created_at desc
            offset $4 limit $5"#,
        filter.fixture.map(|f| f.0),
        filter.state as Option<TransferState>,
        search,
        offset,
        limit,
        filter.from_user,
        filter.id.map(|i| i.0)
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    let items = rows
        .into_iter()
        .map(|r| StaffTransferView {
            transfer: TransferView {
                id: TransferId(r.transfer_id),
                state: r.state,
                fixture_id: r.fixture_id,
                fixture_title: r.title,
                starts_at: r.starts_at,
                sector_name: r.sector_name,
                row: r.row_label,
                number: r.number,
                no_map: r.no_map,
                season_line_id: r.season_line_id,
                from_seal: r.from_seal,
                from_holder_name: r.from_holder_name,
                to_name: format!("{} {}", r.to_first_name, r.to_last_name),
                to_email: r.to_email,
                refusal_code: r.refusal_code,
                created_at: r.created_at,
                done_at: r.done_at,
            },
            order_id: r.order_id,
            from_email: r.from_email,
            to_account: r.to_account,
            seal: r.seal,
            refusal_message: r.refusal_message,
        })
        .collect();
    Ok((items, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn title(starts_in_hours: i64) -> OwnedTitle {
        OwnedTitle {
            source: TransferSource::Line {
                line: LineId(1),
                order: OrderId(Uuid::nil()),
            },
            fixture_id: FixtureId(1),
            fixture_title: "Como - Lazio".into(),
            starts_at: Utc::now() + Duration::hours(starts_in_hours),
            fixture_status: 1,
            transfers_open: true,
            transfer_closes_hours: None,
            title_id: 1,
            seal: "S".into(),
            state: TitleState::Valid,
            holder_name: "Luca Neri".into(),
            holder_key: None,
            reduction_rule: HolderRule::Anyone,
            season: None,
            banned: false,
        }
    }

    #[test]
    fn a_valid_title_of_a_match_ahead_may_be_passed_on() {
        assert_eq!(title(48).refusal(Utc::now()), None);
    }

    #[test]
    fn a_banned_title_may_not_be_passed_on() {
        let banned = OwnedTitle {
            banned: true,
            ..title(48)
        };
        assert_eq!(
            banned.refusal(Utc::now()),
            Some(NotTransferable::TitleBanned)
        );
    }

    #[test]
    fn used_cancelled_started_and_closed_titles_may_not() {
        let now = Utc::now();
        let mut t = title(48);
        t.state = TitleState::Used;
        assert_eq!(t.refusal(now), Some(NotTransferable::TitleUsed));
        t.state = TitleState::Cancelled;
        assert_eq!(t.refusal(now), Some(NotTransferable::TitleCancelled));
        assert_eq!(title(-1).refusal(now), Some(NotTransferable::MatchStarted));
        let mut closed = title(48);
        closed.transfers_open = false;
        assert_eq!(closed.refusal(now), Some(NotTransferable::TransfersClosed));
    }

    #[test]
    fn the_window_closes_the_hours_staff_set_before_kick_off() {
        let now = Utc::now();
        let mut t = title(10);
        t.transfer_closes_hours = Some(12);
        assert_eq!(t.refusal(now), Some(NotTransferable::TransferWindowClosed));
        t.transfer_closes_hours = Some(9);
        assert_eq!(t.refusal(now), None);
    }

    #[test]
    fn a_season_seat_passes_on_each_match_once_and_up_to_its_limit() {
        let now = Utc::now();
        let mut t = title(48);
        let allowance = SeasonAllowance {
            limit: 2,
            used: 1,
            done_for_match: false,
            in_resale: false,
        };
        t.season = Some(allowance);
        assert_eq!(t.refusal(now), None);
        t.season = Some(SeasonAllowance {
            used: 2,
            ..allowance
        });
        assert_eq!(t.refusal(now), Some(NotTransferable::SeasonTransferLimit));
        t.season = Some(SeasonAllowance {
            done_for_match: true,
            ..allowance
        });
        assert_eq!(t.refusal(now), Some(NotTransferable::AlreadyPassedOn));
        t.season = Some(SeasonAllowance {
            in_resale: true,
            ..allowance
        });
        assert_eq!(t.refusal(now), Some(NotTransferable::InResale));
        t.season = Some(SeasonAllowance {
            limit: 0,
            used: 0,
            done_for_match: false,
            in_resale: false,
        });
        assert_eq!(t.refusal(now), Some(NotTransferable::SeasonTransferLimit));
    }
}
