//! The tickets mismatch report (spec: /admin/reports/tickets_mismatch_report): a fixture's
//! titles here, compared by a job with the ticketing system's journal and title info; every
//! divergence is stored until staff reconcile it, and reconciling makes ours agree with the
//! ticketing system, which holds the fiscal record.

use crate::build_state::BuildState;
use crate::ids::{BlockId, FixtureId, SeatId};
use crate::inventory::{self, Change, SeatState};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

/// What a divergence is (text with a CHECK of the same values).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
#[schema(as = MismatchKind)]
pub enum Kind {
    /// Valid there, and no valid title of ours (a stray issue).
    UnknownHere,
    /// Cancelled there, valid here.
    CancelledThere,
    /// Ours, unknown there.
    MissingThere,
    /// Both know it, on different seats.
    DifferentSeat,
    /// Both know it, for different holders.
    DifferentHolder,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::UnknownHere => "unknown_here",
            Kind::CancelledThere => "cancelled_there",
            Kind::MissingThere => "missing_there",
            Kind::DifferentSeat => "different_seat",
            Kind::DifferentHolder => "different_holder",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        [
            Kind::UnknownHere,
            Kind::CancelledThere,
            Kind::MissingThere,
            Kind::DifferentSeat,
            Kind::DifferentHolder,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

/// Asks for a report of `fixture_id`.
pub async fn create_report(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    staff: Uuid,
) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into mismatch_report (report_id, fixture_id, requested_by) values ($1, $2, $3)",
        id,
        fixture_id.0,
        staff
    )
    .execute(conn)
    .await?;
    Ok(id)
}

/// A report as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Report {
    pub id: Uuid,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub state: BuildState,
    pub titles_here: Option<i32>,
    pub titles_there: Option<i32>,
    pub divergences: i64,
    pub unresolved: i64,
    pub error: Option<String>,
    pub requested_by: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Reports, newest first (of one fixture), with the total; or the one `id`.
pub async fn reports(
    conn: &mut PgConnection,
    fixture_id: Option<FixtureId>,
    id: Option<Uuid>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Report>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select r.report_id, r.fixture_id as "fixture_id: FixtureId", f.title, r.state as "state: BuildState", r.titles_here, r.titles_there,
                  r.error, u.email, r.created_at, r.finished_at,
                  (select count(*) from ticket_mismatch m where m.report_id = r.report_id) as "divergences!",
                  (select count(*) from ticket_mismatch m where m.report_id = r.report_id
                      and m.resolved_at is null) as "unresolved!",
                  count(*) over () as "full_count!"
             from mismatch_report r
             join fixture f on f.id = r.fixture_id
             join app_user u on u.user_id = r.requested_by
            where ($1::uuid is null or r.report_id = $1) and ($2::bigint is null or r.fixture_id = $2)
            order by r.created_at desc
           offset $3 limit $4"#,
        id,
        fixture_id.map(|i| i.0),
        if id.is_some() { 0 } else { offset },
        if id.is_some() { 1 } else { limit }
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| Report {
                id: r.report_id,
                fixture_id: r.fixture_id,
                fixture_title: r.title,
                state: r.state,
                titles_here: r.titles_here,
                titles_there: r.titles_there,
                divergences: r.divergences,
                unresolved: r.unresolved,
                error: r.error,
                requested_by: r.email,
                created_at: r.created_at,
                finished_at: r.finished_at,
            })
            .collect(),
        total,
    ))
}

/// The report's fixture (its ticketing event) and state.
pub async fn report_job(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<(FixtureId, i32, BuildState)>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"select r.fixture_id as "fixture_id: FixtureId", f.planet_event_id, r.state as "state: BuildState"
           from mismatch_report r join fixture f on f.id = r.fixture_id where r.report_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| (r.fixture_id, r.planet_event_id, r.state)))
}

/// One of our titles of a fixture.
#[derive(Debug, Clone)]
pub struct Ours {
    pub title_id: i64,
    pub seal: String,
    pub label: String,
    pub planet_seat_id: Option<i32>,
    pub first_name: String,
    pub last_name: String,
    /// valid, used or cancelled
    pub state: String,
}

impl Ours {
    pub fn holder(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

/// Every title of ours for a fixture.
pub async fn titles_here(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
) -> Result<Vec<Ours>, sqlx::Error> {
    sqlx::query_as!(
        Ours,
        r#"select l.title_id as "title_id!", l.seal as "seal!", s.label, s.planet_seat_id,
                  coalesce(l.holder_first_name, '') as "first_name!",
                  coalesce(l.holder_last_name, '') as "last_name!",
                  coalesce(l.title_state, 'valid') as "state!"
             from order_line l join venue_seat s on s.id = l.seat_id
            where l.fixture_id = $1 and l.title_id is not null
            order by l.title_id"#,
        fixture_id.0
    )
    .fetch_all(conn)
    .await
}

/// A divergence found.
#[derive(Debug, Clone)]
pub struct NewMismatch {
    pub kind: Kind,
    pub title_id: i64,
    pub seal: Option<String>,
    pub here: Option<Value>,
    pub there: Option<Value>,
    /// The ticketing system's seat (its id there), for `different_seat`.
    pub there_seat: Option<i64>,
    /// The ticketing system's holder `{first_name, last_name, birth_date}`.
    pub there_holder: Option<Value>,
}

/// A side of a divergence as staff read it.
pub fn side(label: Option<&str>, holder: &str, state: &str) -> Value {
    json!({"label": label, "holder": holder, "state": state})
}

/// Starts (or restarts, after a crash) a report's run.
pub async fn start(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update mismatch_report set state = $2, error = null where report_id = $1 and state <> $3",
        id,
        BuildState::Running as BuildState,
        BuildState::Done as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a finished report's divergences (replacing any a crashed run left).
pub async fn finish(
    conn: &mut PgConnection,
    id: Uuid,
    here: i32,
    there: i32,
    found: &[NewMismatch],
) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from ticket_mismatch where report_id = $1", id)
        .execute(&mut *conn)
        .await?;
    for m in found {
        sqlx::query!(
            "insert into ticket_mismatch (report_id, kind, title_id, seal, here, there, there_seat, there_holder)
             values ($1, $2, $3, $4, $5, $6, $7, $8)",
            id,
            m.kind as Kind,
            m.title_id,
            m.seal,
            m.here,
            m.there,
            m.there_seat,
            m.there_holder
        )
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query!(
        "update mismatch_report set state = $4, titles_here = $2, titles_there = $3, finished_at = now()
          where report_id = $1",
        id,
        here,
        there,
        BuildState::Done as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The run gave up.
pub async fn fail(conn: &mut PgConnection, id: Uuid, error: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update mismatch_report set state = $3, error = $2, finished_at = now()
          where report_id = $1 and state <> $4",
        id,
        error,
        BuildState::Failed as BuildState,
        BuildState::Done as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A divergence as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Mismatch {
    pub id: i64,
    pub report_id: Uuid,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub kind: Kind,
    pub title_id: i64,
    pub seal: Option<String>,
    pub here: Option<Value>,
    pub there: Option<Value>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolution: Option<String>,
    #[serde(skip)]
    pub there_seat: Option<i64>,
    #[serde(skip)]
    pub there_holder: Option<Value>,
}

/// Divergences of a report (all, resolved or not), in order found; or the one `id`.
pub async fn mismatches(
    conn: &mut PgConnection,
    report_id: Option<Uuid>,
    resolved: Option<bool>,
    id: Option<i64>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Mismatch>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select m.mismatch_id, m.report_id, r.fixture_id as "fixture_id: FixtureId", m.kind as "kind: Kind", m.title_id, m.seal, m.here,
                  m.there, m.resolved_at, m.resolution, m.there_seat, m.there_holder,
                  count(*) over () as "full_count!"
             from ticket_mismatch m join mismatch_report r on r.report_id = m.report_id
            where ($1::bigint is null or m.mismatch_id = $1)
              and ($2::uuid is null or m.report_id = $2)
              and ($3::bool is null or (m.resolved_at is not null) = $3)
            order by m.report_id, m.mismatch_id
           offset $4 limit $5"#,
        id,
        report_id,
        resolved,
        if id.is_some() { 0 } else { offset },
        if id.is_some() { 1 } else { limit }
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| Mismatch {
                id: r.mismatch_id,
                report_id: r.report_id,
                fixture_id: r.fixture_id,
                kind: r.kind,
                title_id: r.title_id,
                seal: r.seal,
                here: r.here,
                there: r.there,
                resolved_at: r.resolved_at,
                resolution: r.resolution,
                there_seat: r.there_seat,
                there_holder: r.there_holder,
            })
            .collect(),
        total,
    ))
}

/// Marks a divergence resolved. False when it already was.
pub async fn mark_resolved(
    conn: &mut PgConnection,
    id: i64,
    staff: Option<Uuid>,
    resolution: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_mismatch set resolved_at = now(), resolved_by = $2, resolution = $3
          where mismatch_id = $1 and resolved_at is null",
        id,
        staff,
        resolution
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Locks a divergence until commit; its resolution time (`Some(None)`: open).
pub async fn lock(
    conn: &mut PgConnection,
    id: i64,
) -> Result<Option<Option<DateTime<Utc>>>, sqlx::Error> {
    Ok(sqlx::query!(
        "select resolved_at from ticket_mismatch where mismatch_id = $1 for update",
        id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| r.resolved_at))
}

/// Our title is cancelled as the ticketing system says: marked so, its order line no longer
/// holds the seat, and the seat is free again (announced to the seat maps).
pub async fn cancel_ours(conn: &mut PgConnection, title_id: i64) -> Result<(), sqlx::Error> {
    let Some(line) = sqlx::query!(
        r#"update order_line set title_state = 'cancelled', live = false
          where title_id = $1 returning fixture_id as "fixture_id: FixtureId", seat_id, block_id"#,
        title_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(());
    };
    let freed = sqlx::query!(
        "update seat_inventory set state = 'free', holder_id = null, held_until = null,
                reduction_id = null, holder_key = null, updated_at = now()
          where fixture_id = $1 and seat_id = $2 and state = 'sold' and season_ticket_id is null",
        line.fixture_id.0,
        line.seat_id
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if freed == 1 {
        inventory::notify(
            conn,
            &[Change::new(
                line.fixture_id,
                BlockId(line.block_id),
                SeatId(line.seat_id),
                SeatState::Free,
            )],
        )
        .await?;
    }
    Ok(())
}

/// Why ours cannot take the ticketing system's version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeRefusal {
    /// Their seat is not ours to move to (unknown, or sold to someone else here).
    SeatConflict,
    /// Their holder already holds another seat of the fixture here.
    HolderConflict,
}

/// Our title takes the ticketing system's holder. Run in a transaction.
pub async fn take_their_holder(
    conn: &mut PgConnection,
    title_id: i64,
    first_name: &str,
    last_name: &str,
    birth_date: NaiveDate,
) -> Result<Result<(), TakeRefusal>, sqlx::Error> {
    let key = inventory::Holder {
        first_name: first_name.to_owned(),
        last_name: last_name.to_owned(),
        birth_date,
    }
    .key();
    let taken = sqlx::query_scalar!(
        r#"select exists(select 1 from order_line o join order_line l on l.fixture_id = o.fixture_id
                          where o.title_id = $1 and l.live and l.holder_key = $2
                            and l.order_line_id <> o.order_line_id) as "e!""#,
        title_id,
        key
    )
    .fetch_one(&mut *conn)
    .await?;
    if taken {
        return Ok(Err(TakeRefusal::HolderConflict));
    }
    sqlx::query!(
        "update order_line set holder_first_name = $2, holder_last_name = $3, holder_birth_date = $4,
                holder_key = case when live then $5 end
          where title_id = $1",
        title_id,
        first_name,
        last_name,
        birth_date,
        key
    )
    .execute(conn)
    .await?;
    Ok(Ok(()))
}

/// Our title moves to the ticketing system's seat (`planet_seat_id`): the old seat is freed,
/// the new one sold, both announced. Run in a transaction.
pub async fn take_their_seat(
    conn: &mut PgConnection,
    title_id: i64,
    planet_seat_id: i64,
) -> Result<Result<(), TakeRefusal>, sqlx::Error> {
    let Some(line) = sqlx::query!(
        r#"select l.order_line_id, l.fixture_id as "fixture_id: FixtureId", l.seat_id, l.block_id, o.user_id
           from order_line l join ticket_order o on o.order_id = l.order_id
          where l.title_id = $1 for update of l"#,
        title_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(Err(TakeRefusal::SeatConflict));
    };
    // Their seat, if free here: taken for this title's buyer.
    let Some(new) = sqlx::query!(
        "update seat_inventory i set state = 'sold', holder_id = $3, held_until = null,
                season_ticket_id = null, updated_at = now()
           from venue_seat s
          where s.planet_seat_id = $2 and i.seat_id = s.id and i.fixture_id = $1
            and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
            and not exists (select 1 from order_line l where l.fixture_id = $1 and l.seat_id = s.id and l.live)
        returning i.seat_id, i.block_id",
        line.fixture_id.0,
        planet_seat_id as i32,
        line.user_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(Err(TakeRefusal::SeatConflict));
    };
    sqlx::query!(
        "update order_line set seat_id = $2, block_id = $3 where order_line_id = $1",
        line.order_line_id,
        new.seat_id,
        new.block_id
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update seat_inventory set state = 'free', holder_id = null, held_until = null,
                reduction_id = null, holder_key = null, updated_at = now()
          where fixture_id = $1 and seat_id = $2 and state = 'sold' and season_ticket_id is null",
        line.fixture_id.0,
        line.seat_id
    )
    .execute(&mut *conn)
    .await?;
    inventory::notify(
        conn,
        &[
            Change::new(
                line.fixture_id,
                BlockId(line.block_id),
                SeatId(line.seat_id),
                SeatState::Free,
            ),
            Change::new(
                line.fixture_id,
                BlockId(new.block_id),
                SeatId(new.seat_id),
                SeatState::Sold,
            ),
        ],
    )
    .await?;
    Ok(Ok(()))
}

/// A reconciliation that needs the ticketing system has been asked for: noted, still open
/// until its job is done. False when already resolved or asked for.
pub async fn request_resolution(
    conn: &mut PgConnection,
    id: i64,
    staff: Uuid,
    resolution: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_mismatch set resolution = $3, resolved_by = $2
          where mismatch_id = $1 and resolved_at is null and resolution is null",
        id,
        staff,
        resolution
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}
