//! Football fixtures (the spec's fixtures collection): imported from the ticketing system's
//! events with their planet_ref, put on sale and off sale by staff.

use crate::money::Cents;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::PgConnection;

use crate::ids::FixtureId;

/// Fans see fixtures below this status.
pub const SHOWN_BELOW: i16 = 3;
pub const SCHEDULED: i16 = 0;
pub const ON_SALE: i16 = 1;
pub const OFF_SALE: i16 = 2;

/// How long a match lasts, for its end time.
pub fn match_length() -> Duration {
    Duration::minutes(120)
}

/// League or cup (text with a CHECK of the same values).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum FixtureKind {
    League,
    Cup,
}

/// A fixture with what a list shows: its "from" price and free places.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Fixture {
    #[schema(value_type = i64)]
    pub id: FixtureId,
    pub planet_event_id: i32,
    pub spettacolo_id: i32,
    pub title: String,
    pub competition: String,
    pub kind: FixtureKind,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub status: i16,
    /// When fans may start buying, if later than going on sale (status 1).
    pub sale_opens_at: Option<DateTime<Utc>>,
    pub high_risk: bool,
    pub per_buyer_limit: i32,
    /// Fans may pass their tickets on to someone else (a change of holder) ...
    pub transfers_open: bool,
    /// ... until this many hours before kick-off (none: until kick-off).
    pub transfer_closes_hours: Option<i32>,
    /// Postponed: its ticket holders may ask for a refund.
    pub postponed: bool,
    pub inventory_ready: bool,
    pub from_price_cents: Option<Cents>,
    pub free: i64,
}

/// An event of the ticketing system, as imported.
#[derive(Debug, Clone)]
pub struct NewFixture {
    pub planet_event_id: i32,
    pub spettacolo_id: i32,
    pub title: String,
    pub competition: String,
    pub starts_at: DateTime<Utc>,
    pub high_risk: bool,
    pub per_buyer_limit: i32,
}

impl NewFixture {
    /// League or cup, from the competition's name.
    pub fn kind(&self) -> FixtureKind {
        let c = self.competition.to_lowercase();
        if c.contains("coppa") || c.contains("cup") {
            FixtureKind::Cup
        } else {
            FixtureKind::League
        }
    }
}

/// Imports events: new ones as scheduled fixtures; known ones get the system's title, date,
/// risk and limit (status and inventory stay). Returns (imported, updated).
pub async fn import(
    conn: &mut PgConnection,
    events: &[NewFixture],
) -> Result<(i64, i64), sqlx::Error> {
    let (mut imported, mut updated) = (0, 0);
    for e in events {
        let inserted = sqlx::query_scalar!(
            r#"insert into fixture (planet_event_id, spettacolo_id, title, competition, kind, starts_at,
                                    ends_at, high_risk, per_buyer_limit)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
               on conflict (planet_event_id) do update set spettacolo_id = excluded.spettacolo_id,
                 title = excluded.title, competition = excluded.competition, kind = excluded.kind,
                 starts_at = excluded.starts_at, ends_at = excluded.ends_at,
                 high_risk = excluded.high_risk, per_buyer_limit = excluded.per_buyer_limit,
                 updated_at = now()
               returning (xmax = 0) as "inserted!""#,
            e.planet_event_id,
            e.spettacolo_id,
            e.title,
            e.competition,
            e.kind() as FixtureKind,
            e.starts_at,
            e.starts_at + match_length(),
            e.high_risk,
            e.per_buyer_limit
        )
        .fetch_one(&mut *conn)
        .await?;
        if inserted {
            imported += 1;
        } else {
            updated += 1;
        }
    }
    Ok((imported, updated))
}

/// What staff filter the match list by.
#[derive(Debug, Clone, Default)]
pub struct FixtureQuery {
    /// `Some(true)`: not yet ended; `Some(false)`: ended.
    pub upcoming: Option<bool>,
    pub kind: Option<FixtureKind>,
    pub search: Option<String>,
    /// Fans' view: only statuses below 3.
    pub shown_to_fans: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Fixtures by the query, soonest first (ended ones: latest first), with the total.
pub async fn search(
    conn: &mut PgConnection,
    q: &FixtureQuery,
) -> Result<(Vec<Fixture>, i64), sqlx::Error> {
    let search = q
        .search
        .as_deref()
        .map(|s| format!("%{}%", s.to_lowercase()));
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from fixture f
            where ($1::bool is null or (f.ends_at > now()) = $1)
              and ($2::text is null or f.kind = $2)
              and ($3::text is null or lower(f.title) like $3 or lower(f.competition) like $3)
              and (not $4 or f.status < 3)"#,
        q.upcoming,
        q.kind as Option<FixtureKind>,
        search,
        q.shown_to_fans
    )
    .fetch_one(&mut *conn)
    .await?;
    let rows = sqlx::query_as!(
        Fixture,
        r#"select f.id as "id: FixtureId", f.planet_event_id, f.spettacolo_id, f.title, f.competition, f.kind as "kind: FixtureKind",
                  f.starts_at, f.ends_at, f.status, f.sale_opens_at, f.high_risk, f.per_buyer_limit,
                  f.transfers_open, f.transfer_closes_hours, f.postponed, f.inventory_loaded_at is not null as "inventory_ready!",
                  (select min(p.price_cents) from default_price p
                     join reduction r on r.id = p.reduction_id
                     join venue_sector s on s.code = p.sector_code
                    where r.visibility >= 1 and not s.away and r.rule in ('', 'none')) as "from_price_cents: Cents",
                  (select count(*) from seat_inventory i where i.fixture_id = f.id
                      and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))) as "free!"
             from fixture f
            where ($1::bool is null or (f.ends_at > now()) = $1)
              and ($2::text is null or f.kind = $2)
              and ($3::text is null or lower(f.title) like $3 or lower(f.competition) like $3)
              and (not $4 or f.status < 3)
            order by case when $1 = false then -extract(epoch from f.starts_at)
                          else extract(epoch from f.starts_at) end, f.id
            offset $5 limit $6"#,
        q.upcoming,
        q.kind as Option<FixtureKind>,
        search,
        q.shown_to_fans,
        q.offset,
        q.limit
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

pub async fn find(conn: &mut PgConnection, id: FixtureId) -> Result<Option<Fixture>, sqlx::Error> {
    sqlx::query_as!(
        Fixture,
        r#"select f.id as "id: FixtureId", f.planet_event_id, f.spettacolo_id, f.title, f.competition, f.kind as "kind: FixtureKind",
                  f.starts_at, f.ends_at, f.status, f.sale_opens_at, f.high_risk, f.per_buyer_limit,
                  f.transfers_open, f.transfer_closes_hours, f.postponed, f.inventory_loaded_at is not null as "inventory_ready!",
                  (select min(p.price_cents) from default_price p
                     join reduction r on r.id = p.reduction_id
                     join venue_sector s on s.code = p.sector_code
                    where r.visibility >= 1 and not s.away and r.rule in ('', 'none')) as "from_price_cents: Cents",
                  (select count(*) from seat_inventory i where i.fixture_id = f.id
                      and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))) as "free!"
             from fixture f where f.id = $1"#,
        id.0
    )
    .fetch_optional(conn)
    .await
}

/// What a hold needs to know about a fixture, without the counts a page shows (which read
/// every seat of the fixture: not for the hot path).
#[derive(Debug, Clone, Copy)]
pub struct SaleTerms {
    pub id: FixtureId,
    pub status: i16,
    pub per_buyer_limit: i32,
    pub starts_at: DateTime<Utc>,
    pub inventory_ready: bool,
    /// Fans wait for this; staff sales clear it ([`SaleTerms::for_staff`]).
    pub opens_at: Option<DateTime<Utc>>,
    /// The sale's current phase (issue 18); `None` is the free sale, as `FreeSale` is. Staff
    /// sales ignore it ([`SaleTerms::for_staff`]).
    pub phase: Option<crate::preemption::phases::PhaseKind>,
}

impl SaleTerms {
    /// Whether only fans with a pre-emption right may hold seats now.
    pub fn in_preemption(&self) -> bool {
        self.phase
            .is_some_and(|p| p != crate::preemption::phases::PhaseKind::FreeSale)
    }

    /// Whether seats may be held now: on sale, its seats loaded, not started, and open.
    pub fn on_sale(&self, now: DateTime<Utc>) -> bool {
        self.status == ON_SALE
            && self.inventory_ready
            && self.starts_at > now
            && self.opens_at.is_none_or(|at| at <= now)
    }

    /// The terms for a staff sale (box office, mass issue): on sale before fans' opening.
    pub fn for_staff(self) -> Self {
        Self {
            opens_at: None,
            phase: None,
            ..self
        }
    }
}

/// The next fixture of `kind` (`league` or `cup`) that has not started.
pub async fn next_upcoming(
    conn: &mut PgConnection,
    kind: FixtureKind,
) -> Result<Option<FixtureId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select id as "id: FixtureId" from fixture where kind = $1 and starts_at > now() order by starts_at limit 1"#,
        kind as FixtureKind
    )
    .fetch_optional(conn)
    .await
}

pub async fn sale_terms(
    conn: &mut PgConnection,
    id: FixtureId,
) -> Result<Option<SaleTerms>, sqlx::Error> {
    sqlx::query_as!(
        SaleTerms,
        r#"select id as "id: FixtureId", status, per_buyer_limit, starts_at,
                  inventory_loaded_at is not null as "inventory_ready!", sale_opens_at as opens_at,
                  (select p.kind from sale_phase p where p.fixture_id = fixture.id
                      and p.starts_at <= now() and now() < p.ends_at
                    order by p.starts_at desc, p.id desc limit 1)
                    as "phase: crate::preemption::phases::PhaseKind"
             from fixture where id = $1"#,
        id.0
    )
    .fetch_optional(conn)
    .await
}

/// Why a status change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusRefusal {
    NotFound,
    /// A fixture cannot go on sale once it has started.
    Started,
}

/// Sets when a fixture's sale opens to fans (`None`: as soon as it is on sale). Returns
/// whether the fixture exists.
pub async fn set_sale_opens_at(
    conn: &mut PgConnection,
    id: FixtureId,
    opens_at: Option<DateTime<Utc>>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update fixture set sale_opens_at = $2, updated_at = now() where id = $1",
        id.0,
        opens_at
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a fixture postponed (its ticket holders may ask for a refund), or not.
pub async fn set_postponed(
    conn: &mut PgConnection,
    id: FixtureId,
    postponed: bool,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update fixture set postponed = $2, updated_at = now() where id = $1",
        id.0,
        postponed
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Staff's rules for changes of holder of the fixture's tickets: open or closed, and closed
/// how many hours before kick-off.
pub async fn set_transfer_rules(
    conn: &mut PgConnection,
    id: FixtureId,
    open: bool,
    closes_hours: Option<i32>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update fixture set transfers_open = $2, transfer_closes_hours = $3, updated_at = now()
          where id = $1",
        id.0,
        open,
        closes_hours
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets a fixture's status. Returns whether its seat inventory still has to be copied from
/// the ticketing system (going on sale for the first time).
pub async fn set_status(
    conn: &mut PgConnection,
    id: FixtureId,
    status: i16,
) -> Result<Result<bool, StatusRefusal>, sqlx::Error> {
    let row = sqlx::query!(
        r#"update fixture set status = $2::smallint, updated_at = now()
            where id = $1 and ($2::smallint <> 1 or starts_at > now())
        returning inventory_loaded_at is null as "needs_inventory!""#,
        id.0,
        status
    )
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(r) => Ok(Ok(status == ON_SALE && r.needs_inventory)),
        None => {
            let exists = sqlx::query_scalar!(
                r#"select exists(select 1 from fixture where id = $1) as "e!""#,
                id.0
            )
            .fetch_one(conn)
            .await?;
            Ok(Err(if exists {
                StatusRefusal::Started
            } else {
                StatusRefusal::NotFound
            }))
        }
    }
}
