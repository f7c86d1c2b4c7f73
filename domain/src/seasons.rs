//! Season tickets (issue 17; the spec's season_tickets): a season type of the ticketing system,
//! the fixtures it covers and its prices, and season seats.
//!
//! A season seat is one seat in every covered fixture. Holding or selling it marks that seat's
//! row in each covered fixture's inventory with the season ticket, in one statement: the rows
//! are the single-match inventory's own, one per (fixture, seat), so the database makes a seat
//! sold twice impossible, season against season and season against a single match. Rows are
//! locked in (fixture, seat) order, the order single-match holds lock them in, so a season hold
//! and a match hold never deadlock. Single-match holds never take a row marked for a season.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::ids::{BlockId, FixtureId, ReductionId, SeasonTicketId, SeatId};
use crate::inventory::{self, Change, HoldRefusal, SeatShown, SeatState};
use crate::money::Cents;

/// The season's label fans are shown (the spec's seasons/{label}).
pub const CURRENT_LABEL: &str = "2025-2026";
/// Who the club's own season tickets are created by (the spec's created_by).
pub const CLUB: &str = "COMO";
/// The sub-categories fans are shown.
pub const SHOWN_SUB_CATEGORIES: [i16; 2] = [4, 5];
/// How long a season seat is held while the fan names the holder and pays (the spec's 1800 s).
pub const HOLD_SECONDS: i32 = 1800;
pub const SCHEDULED: i16 = 0;
pub const ON_SALE: i16 = 1;
pub const OFF_SALE: i16 = 2;

/// A season type as the ticketing system lists it, with its events and prices.
#[derive(Debug, Clone)]
pub struct NewSeason {
    pub planet_season_type_id: i32,
    pub name: String,
    pub label: String,
    /// The ticketing system's events it covers.
    pub planet_event_ids: Vec<i32>,
    /// (sector, reduction, price)
    pub prices: Vec<(String, ReductionId, Cents)>,
}

/// A season ticket with what a list shows.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonTicket {
    #[schema(value_type = i64)]
    pub id: SeasonTicketId,
    pub planet_season_type_id: i32,
    pub name: String,
    pub label: String,
    /// 0 scheduled, 1 on sale, 2 off sale.
    pub status: i16,
    pub sub_category: i16,
    pub created_by: String,
    pub per_buyer_limit: i32,
    /// How many of its matches a holder may pass on to someone else (0: none).
    pub transfer_limit: i32,
    /// What the club keeps from each match seat its holders resell.
    pub resale_fee_cents: crate::money::Cents,
    /// How many matches it covers.
    pub matches: i64,
    pub first_match_at: Option<DateTime<Utc>>,
    pub last_match_at: Option<DateTime<Utc>>,
    /// Every covered match's seats are loaded: seats can be held.
    pub inventory_ready: bool,
    /// The lowest full price of a home sector.
    pub from_price_cents: Option<Cents>,
}

/// Imports season types: new ones scheduled, known ones renamed; their covered fixtures (the
/// events already imported as fixtures) and their prices replaced. Returns (imported, updated).
pub async fn import(
    conn: &mut PgConnection,
    seasons: &[NewSeason],
) -> Result<(i64, i64), sqlx::Error> {
    let (mut imported, mut updated) = (0, 0);
    for s in seasons {
        let row = sqlx::query!(
            r#"insert into season_ticket (planet_season_type_id, name, label)
               values ($1, $2, $3)
               on conflict (planet_season_type_id) do update set name = excluded.name,
                 label = excluded.label, updated_at = now()
               returning id as "id: SeasonTicketId", (xmax = 0) as "inserted!""#,
            s.planet_season_type_id,
            s.name,
            s.label
        )
        .fetch_one(&mut *conn)
        .await?;
        sqlx::query!(
            "delete from season_ticket_fixture where season_ticket_id = $1",
            row.id.0
        )
        .execute(&mut *conn)
        .await?;
        sqlx::query!(
            "insert into season_ticket_fixture (season_ticket_id, fixture_id)
             select $1, f.id from fixture f where f.planet_event_id = any($2)",
            row.id.0,
            &s.planet_event_ids
        )
        .execute(&mut *conn)
        .await?;
        let sectors: Vec<String> = s.prices.iter().map(|p| p.0.clone()).collect();
        let reductions: Vec<i32> = s.prices.iter().map(|p| p.1.0).collect();
        let cents: Vec<i64> = s.prices.iter().map(|p| p.2.0).collect();
        sqlx::query!(
            "delete from season_price where season_ticket_id = $1",
            row.id.0
        )
        .execute(&mut *conn)
        .await?;
        sqlx::query!(
            "insert into season_price (season_ticket_id, sector_code, reduction_id, price_cents)
             select $1, u.sector, u.reduction, u.cents
               from unnest($2::text[], $3::int[], $4::bigint[]) as u(sector, reduction, cents)
              where exists (select 1 from venue_sector where code = u.sector)
                and exists (select 1 from reduction where id = u.reduction)",
            row.id.0,
            &sectors,
            &reductions,
            &cents
        )
        .execute(&mut *conn)
        .await?;
        if row.inserted {
            imported += 1;
        } else {
            updated += 1;
        }
    }
    Ok((imported, updated))
}

/// Season tickets: the fans' (on sale, the club's, the current season, sub-category 4 or 5),
/// or all of them for staff; the soonest first.
pub async fn list(
    conn: &mut PgConnection,
    shown_to_fans: bool,
    id: Option<SeasonTicketId>,
) -> Result<Vec<SeasonTicket>, sqlx::Error> {
    sqlx::query_as!(
        SeasonTicket,
        r#"select t.id as "id: SeasonTicketId", t.planet_season_type_id, t.name, t.label, t.status,
                  t.sub_category, t.created_by, t.per_buyer_limit, t.transfer_limit,
                  t.resale_fee_cents as "resale_fee_cents: crate::money::Cents",
                  count(f.id) as "matches!", min(f.starts_at) as first_match_at,
                  max(f.starts_at) as last_match_at,
                  count(f.id) > 0 and bool_and(f.inventory_loaded_at is not null) as "inventory_ready!",
                  (select min(p.price_cents) from season_price p
                     join reduction r on r.id = p.reduction_id
                     join venue_sector s on s.code = p.sector_code
                    where p.season_ticket_id = t.id and not s.away and r.rule in ('', 'none')
                      and r.visibility >= 1) as "from_price_cents: Cents"
             from season_ticket t
             left join season_ticket_fixture c on c.season_ticket_id = t.id
             left join fixture f on f.id = c.fixture_id
            where ($1::bigint is null or t.id = $1)
              and (not $2 or (t.status = 1 and t.created_by = $3 and t.label = $4
                              and t.sub_category = any($5)))
            group by t.id
            order by min(f.starts_at) nulls last, t.id"#,
        id.map(|i| i.0),
        shown_to_fans,
        CLUB,
        CURRENT_LABEL,
        &SHOWN_SUB_CATEGORIES
    )
    .fetch_all(conn)
    .await
}

/// Sets how many matches a holder of the season ticket may pass on; false when there is no
/// such season ticket. Matches already passed on stay passed on.
pub async fn set_transfer_limit(
    conn: &mut PgConnection,
    id: SeasonTicketId,
    limit: i32,
) -> Result<bool, sqlx::Error> {
    let n = sqlx::query!(
        "update season_ticket set transfer_limit = $2, updated_at = now() where id = $1",
        id.0,
        limit
    )
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Sets the fee the club keeps from each resale of its seats; false when there is no such
/// season ticket.
pub async fn set_resale_fee(
    conn: &mut PgConnection,
    id: SeasonTicketId,
    fee: crate::money::Cents,
) -> Result<bool, sqlx::Error> {
    let n = sqlx::query!(
        "update season_ticket set resale_fee_cents = $2, updated_at = now() where id = $1",
        id.0,
        fee.0
    )
    .execute(conn)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Why a status change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusRefusal {
    NotFound,
    /// Its first match has started: the campaign is over.
    Started,
}

/// Sets a season ticket's status. Going on sale returns the covered fixtures whose seats are
/// still to be copied from the ticketing system (a job per fixture does it).
pub async fn set_status(
    conn: &mut PgConnection,
    id: SeasonTicketId,
    status: i16,
) -> Result<Result<Vec<FixtureId>, StatusRefusal>, sqlx::Error> {
    let updated = sqlx::query!(
        "update season_ticket t set status = $2::smallint, updated_at = now()
          where t.id = $1 and ($2::smallint <> 1 or not exists (
                select 1 from season_ticket_fixture c join fixture f on f.id = c.fixture_id
                 where c.season_ticket_id = t.id and f.starts_at <= now()))",
        id.0,
        status
    )
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() == 0 {
        let exists = sqlx::query_scalar!(
            r#"select exists(select 1 from season_ticket where id = $1) as "e!""#,
            id.0
        )
        .fetch_one(&mut *conn)
        .await?;
        return Ok(Err(if exists {
            StatusRefusal::Started
        } else {
            StatusRefusal::NotFound
        }));
    }
    if status != ON_SALE {
        return Ok(Ok(vec![]));
    }
    Ok(Ok(sqlx::query_scalar!(
        r#"select f.id as "id: FixtureId" from season_ticket_fixture c join fixture f on f.id = c.fixture_id
            where c.season_ticket_id = $1 and f.inventory_loaded_at is null order by f.id"#,
        id.0
    )
    .fetch_all(conn)
    .await?))
}

/// What a season hold needs to know.
#[derive(Debug, Clone)]
pub struct SeasonTerms {
    pub id: SeasonTicketId,
    pub status: i16,
    pub per_buyer_limit: i32,
    pub fixtures: Vec<FixtureId>,
    pub first_match_at: Option<DateTime<Utc>>,
    pub inventory_ready: bool,
    /// The sale's current phase (issue 18); `None` is the free sale, as `FreeSale` is.
    pub phase: Option<crate::preemption::phases::PhaseKind>,
}

impl SeasonTerms {
    /// Whether season seats may be held now: on sale, covering matches whose seats are all
    /// loaded, before the first of them.
    pub fn on_sale(&self, now: DateTime<Utc>) -> bool {
        self.status == ON_SALE
            && self.inventory_ready
            && self.first_match_at.is_some_and(|first| first > now)
    }
}

pub async fn terms(
    conn: &mut PgConnection,
    id: SeasonTicketId,
) -> Result<Option<SeasonTerms>, sqlx::Error> {
    let Some(t) = sqlx::query!(
        r#"select t.status, t.per_buyer_limit,
                  coalesce(array_agg(f.id order by f.id) filter (where f.id is not null), '{}') as "fixtures!",
                  min(f.starts_at) as first_match_at,
                  count(f.id) > 0 and bool_and(f.inventory_loaded_at is not null) as "ready!",
                  (select p.kind from sale_phase p where p.season_ticket_id = t.id
                      and p.starts_at <= now() and now() < p.ends_at
                    order by p.starts_at desc, p.id desc limit 1)
                    as "phase: crate::preemption::phases::PhaseKind"
             from season_ticket t
             left join season_ticket_fixture c on c.season_ticket_id = t.id
             left join fixture f on f.id = c.fixture_id
            where t.id = $1
            group by t.id"#,
        id.0
    )
    .fetch_optional(conn)
    .await?
    else {
        return Ok(None);
    };
    Ok(Some(SeasonTerms {
        id,
        status: t.status,
        per_buyer_limit: t.per_buyer_limit,
        fixtures: t.fixtures.into_iter().map(FixtureId).collect(),
        first_match_at: t.first_match_at,
        inventory_ready: t.ready,
        phase: t.phase,
    }))
}

/// Holds season seats for `user`, all or none, in every covered fixture, for
/// [`HOLD_SECONDS`]; a new hold replaces the fan's earlier hold on the same season ticket.
/// Run it in a transaction; commit on `Ok(Ok(_))`, roll back otherwise.
pub async fn hold(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
    user: Uuid,
    seat_ids: &[SeatId],
) -> Result<Result<Vec<Change>, HoldRefusal>, sqlx::Error> {
    if !terms.on_sale(Utc::now()) {
        return Ok(Err(HoldRefusal::NotOnSale));
    }
    // A pre-emption phase: only its rights' own paths (a renewal) sell now.
    if terms
        .phase
        .is_some_and(|p| p != crate::preemption::phases::PhaseKind::FreeSale)
    {
        return Ok(Err(HoldRefusal::PreemptionPhase));
    }
    if seat_ids.is_empty() || seat_ids.len() > terms.per_buyer_limit as usize {
        return Ok(Err(HoldRefusal::BuyerLimit(terms.per_buyer_limit)));
    }
    let mut changes = release(conn, terms, user).await?;
    // The one statement: the requested seats' rows in every covered fixture, free (or held and
    // expired), in season-sellable numbered blocks, locked in (fixture, seat) order; taken only
    // if that is every one of them.
    let rows = sqlx::query!(
        r#"with wanted as (
             select i.fixture_id, i.seat_id from seat_inventory i
               join venue_block b on b.id = i.block_id
              where i.fixture_id = any($1) and i.seat_id = any($2)
                and b.season_sellable and not b.no_map
                and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
              order by i.fixture_id, i.seat_id
                for update of i
           )
           update seat_inventory s
              set state = 'held', holder_id = $3, season_ticket_id = $4,
                  held_until = now() + make_interval(secs => $5), updated_at = now(),
                  reduction_id = null, holder_key = null
             from wanted
            where s.fixture_id = wanted.fixture_id and s.seat_id = wanted.seat_id
              and (select count(*) from wanted) = cardinality($1) * cardinality($2)
        returning s.fixture_id as "fixture_id: FixtureId", s.seat_id as "seat_id: SeatId",
                  s.block_id as "block_id: BlockId""#,
        &terms.fixtures as &[FixtureId],
        seat_ids as &[SeatId],
        user,
        terms.id.0,
        f64::from(HOLD_SECONDS)
    )
    .fetch_all(&mut *conn)
    .await?;
    if rows.is_empty() {
        return Ok(Err(unavailable(conn, terms, user, seat_ids).await?));
    }
    // The buyer's season seats, held and bought, within the limit: counted after the hold with
    // the buyer's row locked (as single-match holds do), so two tabs cannot both pass.
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for no key update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let have = sqlx::query_scalar!(
        r#"select count(distinct seat_id) as "n!" from seat_inventory
            where fixture_id = any($1) and season_ticket_id = $2 and holder_id = $3
              and (state = 'sold' or (state = 'held' and held_until > now()))"#,
        &terms.fixtures as &[FixtureId],
        terms.id.0,
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    if have > i64::from(terms.per_buyer_limit) {
        return Ok(Err(HoldRefusal::BuyerLimit(terms.per_buyer_limit)));
    }
    changes.extend(
        rows.into_iter()
            .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Held)),
    );
    inventory::notify(conn, &changes).await?;
    Ok(Ok(changes))
}

/// Which requested seats cannot be had for the season: unknown or not sold for seasons
/// (`Unknown`), or taken in at least one covered match.
async fn unavailable(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
    user: Uuid,
    seat_ids: &[SeatId],
) -> Result<HoldRefusal, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select s.id as "seat_id: SeatId", b.season_sellable and not b.no_map as "sellable!",
                  coalesce(bool_and(i.state = 'free' or (i.state = 'held'
                      and (i.held_until <= now() or (i.holder_id = $3 and i.season_ticket_id = $4)))),
                      false) as "available!"
             from venue_seat s join venue_block b on b.id = s.block_id
             left join seat_inventory i on i.seat_id = s.id and i.fixture_id = any($1)
            where s.id = any($2)
            group by s.id, b.season_sellable, b.no_map"#,
        &terms.fixtures as &[FixtureId],
        seat_ids as &[SeatId],
        user,
        terms.id.0
    )
    .fetch_all(conn)
    .await?;
    if rows.len() != seat_ids.len() || rows.iter().any(|r| !r.sellable) {
        return Ok(HoldRefusal::Unknown);
    }
    let mut lost: Vec<SeatId> = rows
        .iter()
        .filter(|r| !r.available)
        .map(|r| r.seat_id)
        .collect();
    if lost.is_empty() {
        // Taken by a buyer whose transaction then failed: all of them were contended.
        lost = seat_ids.to_vec();
    }
    lost.sort_unstable();
    Ok(HoldRefusal::SeatsUnavailable(lost))
}

/// Releases what `user` holds for a season ticket, in every covered fixture.
pub async fn release(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
    user: Uuid,
) -> Result<Vec<Change>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"update seat_inventory set state = 'free', holder_id = null, held_until = null,
                reduction_id = null, holder_key = null, season_ticket_id = null, updated_at = now()
          where fixture_id = any($1) and season_ticket_id = $2 and holder_id = $3 and state = 'held'
        returning fixture_id as "fixture_id: FixtureId", seat_id as "seat_id: SeatId",
                  block_id as "block_id: BlockId""#,
        &terms.fixtures as &[FixtureId],
        terms.id.0,
        user
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Free))
        .collect())
}

/// A season seat the caller holds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HeldSeasonSeat {
    #[schema(value_type = i64)]
    pub id: SeatId,
    pub label: String,
    #[schema(value_type = i32)]
    pub block_id: BlockId,
    pub sector_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    /// The season's full price in its sector.
    pub price_cents: Option<Cents>,
    pub held_until: DateTime<Utc>,
}

/// What `user` holds for a season ticket now (each seat once, whatever the matches).
pub async fn held_by(
    conn: &mut PgConnection,
    id: SeasonTicketId,
    user: Uuid,
) -> Result<Vec<HeldSeasonSeat>, sqlx::Error> {
    sqlx::query_as!(
        HeldSeasonSeat,
        r#"select s.id as "id: SeatId", s.label, b.id as "block_id: BlockId", b.sector_code,
                  s.row_label as row, s.number, b.gate,
                  (select p.price_cents from season_price p join reduction r on r.id = p.reduction_id
                    where p.season_ticket_id = $1 and p.sector_code = b.sector_code
                      and r.code = $3) as "price_cents: Cents",
                  min(i.held_until) as "held_until!"
             from seat_inventory i join venue_seat s on s.id = i.seat_id
             join venue_block b on b.id = i.block_id
            where i.season_ticket_id = $1 and i.holder_id = $2 and i.state = 'held'
              and i.held_until > now()
            group by s.id, b.id
            order by b.id, s.id"#,
        id.0,
        user,
        inventory::FULL_PRICE_CODE
    )
    .fetch_all(conn)
    .await
}

/// A block's seats for a season as `viewer` sees them: free only if free in every covered
/// match; `mine` when held by the viewer for this season; sold, locked or held otherwise.
pub async fn block_seats(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
    block_id: BlockId,
    viewer: Option<Uuid>,
) -> Result<Vec<inventory::SeatView>, sqlx::Error> {
    sqlx::query_as!(
        inventory::SeatView,
        r#"select s.id as "id: SeatId", s.row_label as row, s.number, s.label,
                  case when bool_and(i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
                         then 'free'
                       when bool_and(i.state = 'held' and i.held_until > now()
                                     and i.season_ticket_id = $3 and i.holder_id = $4)
                         then 'mine'
                       when bool_or(i.state = 'sold') then 'sold'
                       when bool_or(i.state = 'locked') then 'locked'
                       else 'held' end as "state!: SeatShown",
                  min(i.held_until) filter (where i.state = 'held' and i.held_until > now()) as held_until,
                  null::uuid as "resale_id?"
             from venue_seat s join seat_inventory i on i.seat_id = s.id and i.fixture_id = any($1)
            where s.block_id = $2
            group by s.id
            order by length(s.row_label), s.row_label, s.number"#,
        &terms.fixtures as &[FixtureId],
        block_id.0,
        terms.id.0,
        viewer
    )
    .fetch_all(conn)
    .await
}

/// Season-free places per season-sellable numbered block: seats free in every covered match.
pub async fn free_by_block(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
) -> Result<Vec<(BlockId, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select b.id as "block_id: BlockId", count(*) filter (where free.ok) as "free!"
             from venue_block b
             join lateral (
               select bool_and(i.state = 'free' or (i.state = 'held' and i.held_until <= now())) as ok
                 from seat_inventory i
                where i.block_id = b.id and i.fixture_id = any($1)
                group by i.seat_id
             ) free on true
            where b.season_sellable and not b.no_map
            group by b.id
            order by b.id"#,
        &terms.fixtures as &[FixtureId]
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.block_id, r.free)).collect())
}

/// A season price of a sector with a reduction.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonPrice {
    pub sector_code: String,
    #[schema(value_type = i32)]
    pub reduction_id: ReductionId,
    pub reduction_code: String,
    pub reduction_name: String,
    pub rule: crate::orders::HolderRule,
    pub price_cents: Cents,
}

/// A season ticket's prices sold online, by sector then reduction.
pub async fn prices(
    conn: &mut PgConnection,
    id: SeasonTicketId,
) -> Result<Vec<SeasonPrice>, sqlx::Error> {
    sqlx::query_as!(
        SeasonPrice,
        r#"select p.sector_code, p.reduction_id as "reduction_id: ReductionId", r.code as reduction_code,
                  r.name as reduction_name, r.rule as "rule: crate::orders::HolderRule",
                  p.price_cents as "price_cents: Cents"
             from season_price p join reduction r on r.id = p.reduction_id
             join venue_sector s on s.code = p.sector_code
            where p.season_ticket_id = $1 and r.visibility >= 1
            order by s.sort_order, r.id"#,
        id.0
    )
    .fetch_all(conn)
    .await
}

/// A sector's season seats for staff: sold and held for this season ticket, and free in
/// every covered match (seats taken in some match by a single-match sale are none of these).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SectorCount {
    /// The sector's code, the row's id for react-admin.
    pub id: String,
    pub sector_name: String,
    pub seats: i64,
    pub sold: i64,
    pub held: i64,
    pub free: i64,
}

/// Per sector with season-sellable numbered blocks: its season seats sold, held and free.
pub async fn sector_counts(
    conn: &mut PgConnection,
    terms: &SeasonTerms,
) -> Result<Vec<SectorCount>, sqlx::Error> {
    sqlx::query_as!(
        SectorCount,
        r#"select b.sector_code as "id!", sec.name as sector_name, count(*) as "seats!",
                  count(*) filter (where x.sold) as "sold!",
                  count(*) filter (where x.held) as "held!",
                  count(*) filter (where x.free) as "free!"
             from venue_block b
             join venue_sector sec on sec.code = b.sector_code
             join lateral (
               select bool_and(i.state = 'free' or (i.state = 'held' and i.held_until <= now())) as free,
                      bool_and(i.state = 'sold' and i.season_ticket_id = $2) as sold,
                      bool_and(i.state = 'held' and i.held_until > now() and i.season_ticket_id = $2) as held
                 from seat_inventory i
                where i.block_id = b.id and i.fixture_id = any($1)
                group by i.seat_id
             ) x on true
            where b.season_sellable and not b.no_map
            group by b.sector_code, sec.name, sec.sort_order
            order by sec.sort_order"#,
        &terms.fixtures as &[FixtureId],
        terms.id.0
    )
    .fetch_all(conn)
    .await
}

/// A covered match, as a season ticket's page lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeasonMatch {
    #[schema(value_type = i64)]
    pub id: FixtureId,
    pub title: String,
    pub competition: String,
    pub starts_at: DateTime<Utc>,
}

/// The matches a season ticket covers, soonest first, in one read (without the free-place
/// counts a fixture's own page computes).
pub async fn matches(
    conn: &mut PgConnection,
    id: SeasonTicketId,
) -> Result<Vec<SeasonMatch>, sqlx::Error> {
    sqlx::query_as!(
        SeasonMatch,
        r#"select f.id as "id: FixtureId", f.title, f.competition, f.starts_at
             from season_ticket_fixture c join fixture f on f.id = c.fixture_id
            where c.season_ticket_id = $1
            order by f.starts_at, f.id"#,
        id.0
    )
    .fetch_all(conn)
    .await
}
