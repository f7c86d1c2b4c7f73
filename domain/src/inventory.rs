//! The seat inventory of each fixture: free, held, sold, locked. The hot path of an on-sale.
//!
//! Holding is all or nothing in one statement: every requested seat that is free (or whose
//! hold has expired) is taken, or none is. A hold lasts [`HOLD_SECONDS`]; expired holds are
//! freed by a scheduled job and, lazily, by the hold statement itself. Every change is
//! announced with `pg_notify` on [`CHANNEL`] in the same transaction, so seat maps update
//! when, and only when, it commits. Nothing here calls the ticketing system.

use crate::fixtures::SaleTerms;
use crate::ids::{BlockId, FixtureId, ReductionId, SeatId};
use crate::money::Cents;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// How long a hold lasts (the spec's "now plus 1800 s").
pub const HOLD_SECONDS: i32 = 1800;
/// The Postgres channel of seat changes.
pub const CHANNEL: &str = "seat_changes";
/// The reduction whose price is a seat's price before the fan picks a reduction.
pub const FULL_PRICE_CODE: &str = "INTERO";
/// Seats per notification (a NOTIFY payload holds at most 8000 bytes).
const SEATS_PER_NOTICE: usize = 300;

/// A place in a fixture's inventory (the database's `seat_state` enum).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "seat_state", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    Free,
    /// Held for a buyer until `held_until` (free again after it).
    Held,
    Sold,
    /// Kept off sale by staff.
    Locked,
}

/// A seat as one viewer sees it: its state, an expired hold as free, and their own hold as `mine`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum SeatShown {
    Free,
    Held,
    Sold,
    Locked,
    Mine,
    /// A season holder's seat offered for resale for this match (`resale_id` says which).
    Resale,
}

/// A seat's new state, as a notification and the live seat map carry it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub fixture_id: FixtureId,
    pub block_id: BlockId,
    pub seat_id: SeatId,
    pub state: SeatState,
}

impl Change {
    pub(crate) fn new(
        fixture_id: FixtureId,
        block_id: BlockId,
        seat_id: SeatId,
        state: SeatState,
    ) -> Change {
        Change {
            fixture_id,
            block_id,
            seat_id,
            state,
        }
    }
}

/// One notification: seats of one block of one fixture, or "refetch everything".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    #[serde(rename = "f")]
    pub fixture_id: FixtureId,
    #[serde(rename = "b", default = "no_block")]
    pub block_id: BlockId,
    /// (seat, state)
    #[serde(rename = "s", default)]
    pub seats: Vec<(SeatId, SeatState)>,
    #[serde(rename = "r", default)]
    pub refresh: bool,
}

/// A notice's block when it names none (a refresh).
fn no_block() -> BlockId {
    BlockId(0)
}

/// Why a hold was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoldRefusal {
    NotOnSale,
    /// These seats are taken (held, sold or locked).
    SeatsUnavailable(Vec<SeatId>),
    /// A no-map block has fewer places left than asked.
    SectorFull,
    /// Held and bought would exceed the per-buyer limit.
    BuyerLimit(i32),
    /// Seats that are not the fixture's, or a block that is not a no-map block.
    Unknown,
    /// These seats asked for a reduction not sold online for their sector.
    ReductionNotAllowed(Vec<SeatId>),
    /// These seats name a holder who already has a seat for the fixture (or twice here).
    HolderHasSeat(Vec<SeatId>),
    /// No row of the block has that many free seats side by side.
    NoAdjacentSeats,
    /// A pre-emption phase is on: only fans with its right may buy (issue 18).
    PreemptionPhase,
}

/// A named holder of a seat, as the ticketing system knows people.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct Holder {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: chrono::NaiveDate,
}

impl Holder {
    /// One person, however their name is typed: `LAST|FIRST|yyyy-mm-dd`, each name compatibility-
    /// normalised (NFKC), its look-alike letters folded to one (Unicode's confusables skeleton,
    /// so a Cyrillic "а" in "Mаrio" is the Latin "a"), accents dropped as the ticketing system
    /// compares names, spaces collapsed, upper case.
    pub fn key(&self) -> String {
        let norm = |s: &str| person_key(s);
        format!(
            "{}|{}|{}",
            norm(&self.last_name),
            norm(&self.first_name),
            self.birth_date
        )
    }
}

/// A name as people are compared: see [`Holder::key`].
pub fn person_key(name: &str) -> String {
    use unicode_normalization::{UnicodeNormalization, char::is_combining_mark};
    let lower = name.nfkc().collect::<String>().to_lowercase();
    // Letter by letter: a non-ASCII letter becomes its confusables skeleton (Cyrillic "а" is
    // "a"); ASCII letters stay (the skeleton of the whole text would also make "rn" of "m",
    // and "Mami" the same person as "Marni").
    let folded: String = lower
        .chars()
        .flat_map(|c| {
            if c.is_ascii() {
                vec![c]
            } else {
                unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).collect()
            }
        })
        .collect::<String>()
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .collect();
    folded
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// What a hold may say of one seat: the reduction asked for and the named holder.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct Line {
    #[schema(value_type = i64)]
    pub seat_id: SeatId,
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub reduction_id: Option<ReductionId>,
    #[serde(default)]
    pub holder: Option<Holder>,
}

/// The unique index that keeps one seat per named holder per fixture.
const ONE_SEAT_PER_HOLDER: &str = "seat_inventory_one_seat_per_holder";

/// Records reductions and holders on seats `user` has just held, after the rules: the
/// reduction is sold online for the seat's sector; a holder has one seat per fixture. Run in
/// the hold's transaction; on a refusal the caller rolls back.
async fn set_lines(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    user: Uuid,
    lines: &[Line],
) -> Result<Option<HoldRefusal>, sqlx::Error> {
    let seats: Vec<SeatId> = lines.iter().map(|l| l.seat_id).collect();
    let reductions: Vec<Option<i32>> = lines.iter().map(|l| l.reduction_id.map(|r| r.0)).collect();
    let keys: Vec<Option<String>> = lines
        .iter()
        .map(|l| l.holder.as_ref().map(Holder::key))
        .collect();
    let refused = sqlx::query_scalar!(
        r#"select u.seat_id as "seat_id!: SeatId" from unnest($1::bigint[], $2::int[]) as u(seat_id, reduction_id)
             join venue_seat s on s.id = u.seat_id join venue_block b on b.id = s.block_id
            where u.reduction_id is not null and not exists (
                  select 1 from default_price p join reduction r on r.id = p.reduction_id
                   where p.sector_code = b.sector_code and p.reduction_id = u.reduction_id
                     and r.visibility >= 1)
            order by 1"#,
        &seats as &[SeatId],
        &reductions as &[Option<i32>]
    )
    .fetch_all(&mut *conn)
    .await?;
    if !refused.is_empty() {
        return Ok(Some(HoldRefusal::ReductionNotAllowed(refused)));
    }
    let named: Vec<(SeatId, &String)> = seats
        .iter()
        .zip(&keys)
        .filter_map(|(s, k)| k.as_ref().map(|k| (*s, k)))
        .collect();
    let twice: Vec<SeatId> = named
        .iter()
        .filter(|(_, k)| named.iter().filter(|(_, o)| o == k).count() > 1)
        .map(|(s, _)| *s)
        .collect();
    if !twice.is_empty() {
        return Ok(Some(HoldRefusal::HolderHasSeat(twice)));
    }
    let named_keys: Vec<String> = named.iter().map(|(_, k)| (*k).clone()).collect();
    // A holder's expired hold elsewhere no longer counts.
    sqlx::query!(
        "update seat_inventory set holder_key = null, reduction_id = null
          where fixture_id = $1 and holder_key = any($2) and state = 'held' and held_until <= now()",
        fixture_id.0,
        &named_keys
    )
    .execute(&mut *conn)
    .await?;
    let set = sqlx::query!(
        "update seat_inventory i set reduction_id = u.reduction_id, holder_key = u.holder_key
           from unnest($2::bigint[], $3::int[], $4::text[]) as u(seat_id, reduction_id, holder_key)
          where i.fixture_id = $1 and i.seat_id = u.seat_id and i.holder_id = $5 and i.state = 'held'
            and i.season_ticket_id is null",
        fixture_id.0,
        &seats as &[SeatId],
        &reductions as &[Option<i32>],
        &keys as &[Option<String>],
        user
    )
    .execute(&mut *conn)
    .await;
    match set {
        Ok(_) => Ok(None),
        Err(sqlx::Error::Database(e)) if e.constraint() == Some(ONE_SEAT_PER_HOLDER) => Ok(Some(
            HoldRefusal::HolderHasSeat(named.iter().map(|(s, _)| *s).collect()),
        )),
        Err(e) => Err(e),
    }
}

/// Announces changes (in the caller's transaction: delivered on commit).
pub async fn notify(conn: &mut PgConnection, changes: &[Change]) -> Result<(), sqlx::Error> {
    let mut by_block: BTreeMap<(FixtureId, BlockId), Vec<(SeatId, SeatState)>> = BTreeMap::new();
    for c in changes {
        by_block
            .entry((c.fixture_id, c.block_id))
            .or_default()
            .push((c.seat_id, c.state));
    }
    for ((fixture_id, block_id), seats) in by_block {
        for chunk in seats.chunks(SEATS_PER_NOTICE) {
            let notice = Notice {
                fixture_id,
                block_id,
                seats: chunk.to_vec(),
                refresh: false,
            };
            send(conn, &notice).await?;
        }
    }
    Ok(())
}

/// Announces `changes` (see [`notify`]) and hands them back.
async fn announced(
    conn: &mut PgConnection,
    changes: Vec<Change>,
) -> Result<Vec<Change>, sqlx::Error> {
    notify(conn, &changes).await?;
    Ok(changes)
}

async fn send(conn: &mut PgConnection, notice: &Notice) -> Result<(), sqlx::Error> {
    let payload = serde_json::to_string(notice).expect("a notice serialises");
    sqlx::query!("select pg_notify($1, $2)", CHANNEL, payload)
        .execute(conn)
        .await?;
    Ok(())
}

/// After the seats are taken: serialises one buyer's holds (their row lock, kept to commit),
/// then counts what they hold (unexpired, this transaction's seats included), have in a
/// pending order (whose hold may have expired: the order can still be paid) and bought on the
/// fixture. Over the limit, the caller rolls back. Checking after the hold keeps the common
/// case, a seat lost to someone else, to the one statement.
async fn over_limit(
    conn: &mut PgConnection,
    fixture: &SaleTerms,
    user: Uuid,
) -> Result<Option<HoldRefusal>, sqlx::Error> {
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for no key update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let have = sqlx::query_scalar!(
        r#"select count(*) as "n!" from (
             select seat_id from seat_inventory
              where fixture_id = $1 and holder_id = $2 and season_ticket_id is null
                and (state = 'sold' or (state = 'held' and held_until > now()))
             union
             select l.seat_id from order_line l join ticket_order o on o.order_id = l.order_id
              where l.fixture_id = $1 and o.user_id = $2 and l.live and o.state = 'pending'
           ) counted"#,
        fixture.id.0,
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok((have > i64::from(fixture.per_buyer_limit))
        .then_some(HoldRefusal::BuyerLimit(fixture.per_buyer_limit)))
}

/// Holds numbered seats for `user`, all or none, for [`HOLD_SECONDS`]. Run it in a
/// transaction; commit on `Ok(Ok(_))`, roll back otherwise (a refusal may follow writes).
pub async fn hold_seats(
    conn: &mut PgConnection,
    fixture: &SaleTerms,
    user: Uuid,
    seat_ids: &[SeatId],
    lines: &[Line],
) -> Result<Result<Vec<Change>, HoldRefusal>, sqlx::Error> {
    if !fixture.on_sale(chrono::Utc::now()) {
        return Ok(Err(HoldRefusal::NotOnSale));
    }
    // The one statement: lock the requested seats that are free (or expired, or already the
    // buyer's) in seat order, take them only if that is all of them, and otherwise say which
    // were not available (as of the statement's start).
    let rows = sqlx::query!(
        r#"with wanted as (
             select i.seat_id from seat_inventory i join venue_block b on b.id = i.block_id
              where i.fixture_id = $1 and i.seat_id = any($2) and not b.no_map
                and (i.state = 'free'
                     or (i.state = 'held' and (i.held_until <= now()
                         or (i.holder_id = $3 and i.season_ticket_id is null))))
              order by i.seat_id
                for update of i
           ), taken as (
             update seat_inventory s
                set state = 'held', holder_id = $3, season_ticket_id = null,
                    held_until = now() + make_interval(secs => $4), updated_at = now(),
                    reduction_id = case when s.holder_id = $3 and s.held_until > now()
                                        then s.reduction_id end,
                    holder_key = case when s.holder_id = $3 and s.held_until > now()
                                      then s.holder_key end
               from wanted
              where s.fixture_id = $1 and s.seat_id = wanted.seat_id
                and (select count(*) from wanted) = cardinality($2)
          returning s.seat_id, s.block_id
           )
           select seat_id as "seat_id!: SeatId", block_id as "block_id!", true as "taken!", false as "no_map!"
             from taken
           union all
           select i.seat_id, i.block_id, false, b.no_map
             from seat_inventory i join venue_block b on b.id = i.block_id
            where i.fixture_id = $1 and i.seat_id = any($2) and not exists (select 1 from taken)
              and (b.no_map or not (i.state = 'free'
                   or (i.state = 'held' and (i.held_until <= now()
                       or (i.holder_id = $3 and i.season_ticket_id is null)))))"#,
        fixture.id.0,
        seat_ids as &[SeatId],
        user,
        f64::from(HOLD_SECONDS)
    )
    .fetch_all(&mut *conn)
    .await?;
    let (taken, unavailable): (Vec<_>, Vec<_>) = rows.into_iter().partition(|r| r.taken);
    if taken.len() != seat_ids.len() {
        if unavailable.iter().any(|r| r.no_map) {
            return Ok(Err(HoldRefusal::Unknown));
        }
        if unavailable.is_empty() {
            // Unknown seats, or seats a concurrent buyer took after this statement began.
            return Ok(Err(lost_seats(conn, fixture.id, user, seat_ids).await?));
        }
        let mut lost: Vec<SeatId> = unavailable.iter().map(|r| r.seat_id).collect();
        lost.sort_unstable();
        return Ok(Err(HoldRefusal::SeatsUnavailable(lost)));
    }
    if let Some(r) = over_limit(conn, fixture, user).await? {
        return Ok(Err(r));
    }
    if !lines.is_empty()
        && let Some(r) = set_lines(conn, fixture.id, user, lines).await?
    {
        return Ok(Err(r));
    }
    let changes = taken
        .into_iter()
        .map(|r| Change::new(fixture.id, BlockId(r.block_id), r.seat_id, SeatState::Held))
        .collect();
    Ok(Ok(announced(conn, changes).await?))
}

/// Which of the requested seats are not available (or not the fixture's).
async fn lost_seats(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    user: Uuid,
    seat_ids: &[SeatId],
) -> Result<HoldRefusal, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select i.seat_id, b.no_map,
                  (i.state = 'free' or (i.state = 'held'
                     and (i.held_until <= now()
                          or (i.holder_id = $3 and i.season_ticket_id is null)))) as "available!"
             from seat_inventory i join venue_block b on b.id = i.block_id
            where i.fixture_id = $1 and i.seat_id = any($2)"#,
        fixture_id.0,
        seat_ids as &[SeatId],
        user
    )
    .fetch_all(conn)
    .await?;
    if rows.len() != seat_ids.len() || rows.iter().any(|r| r.no_map) {
        return Ok(HoldRefusal::Unknown);
    }
    let mut lost: Vec<SeatId> = rows
        .iter()
        .filter(|r| !r.available)
        .map(|r| SeatId(r.seat_id))
        .collect();
    if lost.is_empty() {
        // Taken by a buyer whose transaction then failed: all of them were contended.
        lost = seat_ids.to_vec();
    }
    lost.sort_unstable();
    Ok(HoldRefusal::SeatsUnavailable(lost))
}

/// Holds `quantity` places of a no-map block, all or none, never beyond its capacity (each
/// place is a row). Run it in a transaction; roll back on a refusal.
pub async fn hold_standing(
    conn: &mut PgConnection,
    fixture: &SaleTerms,
    user: Uuid,
    block_id: BlockId,
    quantity: i64,
) -> Result<Result<Vec<Change>, HoldRefusal>, sqlx::Error> {
    if !fixture.on_sale(chrono::Utc::now()) {
        return Ok(Err(HoldRefusal::NotOnSale));
    }
    let no_map = sqlx::query_scalar!("select no_map from venue_block where id = $1", block_id.0)
        .fetch_optional(&mut *conn)
        .await?;
    if no_map != Some(true) {
        return Ok(Err(HoldRefusal::Unknown));
    }
    let taken = sqlx::query!(
        r#"with wanted as (
             select seat_id from seat_inventory
              where fixture_id = $1 and block_id = $2
                and (state = 'free' or (state = 'held' and held_until <= now()))
              order by seat_id limit $3
                for update skip locked
           )
           update seat_inventory s
              set state = 'held', holder_id = $4, season_ticket_id = null,
                  held_until = now() + make_interval(secs => $5), updated_at = now(),
                  reduction_id = null, holder_key = null
             from wanted
            where s.fixture_id = $1 and s.seat_id = wanted.seat_id
              and (select count(*) from wanted) = $3
        returning s.seat_id"#,
        fixture.id.0,
        block_id.0,
        quantity,
        user,
        f64::from(HOLD_SECONDS)
    )
    .fetch_all(&mut *conn)
    .await?;
    if taken.len() as i64 != quantity {
        return Ok(Err(HoldRefusal::SectorFull));
    }
    let seats: Vec<SeatId> = taken.into_iter().map(|r| SeatId(r.seat_id)).collect();
    held_in_block(conn, fixture, user, block_id, seats).await
}

/// Places of one block just taken for `user`: refused over the per-buyer limit, else announced.
async fn held_in_block(
    conn: &mut PgConnection,
    fixture: &SaleTerms,
    user: Uuid,
    block_id: BlockId,
    seats: Vec<SeatId>,
) -> Result<Result<Vec<Change>, HoldRefusal>, sqlx::Error> {
    if let Some(r) = over_limit(conn, fixture, user).await? {
        return Ok(Err(r));
    }
    let changes = seats
        .into_iter()
        .map(|seat| Change::new(fixture.id, block_id, seat, SeatState::Held))
        .collect();
    Ok(Ok(announced(conn, changes).await?))
}

/// "Best available": holds `quantity` free seats side by side in one row of a seated block,
/// the row nearest the pitch first, then the run nearest the middle of the row. Each try is one
/// statement that finds the run and takes it whole or not at all; a run another buyer took
/// meanwhile (its seats locked or changed) is tried again with the next best. Run it in a
/// transaction; roll back on a refusal.
pub async fn hold_best_available(
    conn: &mut PgConnection,
    fixture: &SaleTerms,
    user: Uuid,
    block_id: BlockId,
    quantity: i64,
) -> Result<Result<Vec<Change>, HoldRefusal>, sqlx::Error> {
    if !fixture.on_sale(chrono::Utc::now()) {
        return Ok(Err(HoldRefusal::NotOnSale));
    }
    for _ in 0..3 {
        let taken = sqlx::query!(
            r#"with free as (
                 select i.seat_id, s.row_label, s.number,
                        s.number - row_number() over (partition by s.row_label order by s.number) as run
                   from seat_inventory i join venue_seat s on s.id = i.seat_id
                   join venue_block b on b.id = i.block_id
                  where i.fixture_id = $1 and i.block_id = $2 and not b.no_map
                    and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
               ), runs as (
                 select row_label, array_agg(seat_id order by number) as seats,
                        min(number) as first, max(number) as last
                   from free group by row_label, run having count(*) >= $3
               ), middle as (
                 select row_label, (min(number) + max(number)) / 2.0 as mid
                   from venue_seat where block_id = $2 group by row_label
               ), placed as (
                 -- in each run, the window of $3 seats nearest the row's middle
                 select r.row_label, r.seats, r.first, m.mid,
                        greatest(r.first, least(r.last - $3::int + 1,
                                                round(m.mid - ($3::int - 1) / 2.0)::int)) as start
                   from runs r join middle m using (row_label)
               ), best as (
                 select seats[(start - first + 1):(start - first + $3::int)] as seats
                   from placed
                  order by length(row_label), row_label, abs(start + ($3::int - 1) / 2.0 - mid)
                  limit 1
               ), wanted as (
                 select i.seat_id from seat_inventory i, best
                  where i.fixture_id = $1 and i.seat_id = any(best.seats)
                    and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
                  order by i.seat_id
                    for update of i skip locked
               )
               update seat_inventory s
                  set state = 'held', holder_id = $4, season_ticket_id = null,
                      held_until = now() + make_interval(secs => $5), updated_at = now(),
                      reduction_id = null, holder_key = null
                 from wanted
                where s.fixture_id = $1 and s.seat_id = wanted.seat_id
                  and (select count(*) from wanted) = $3
            returning s.seat_id, (select count(*) from runs) as "runs!""#,
            fixture.id.0,
            block_id.0,
            quantity,
            user,
            f64::from(HOLD_SECONDS)
        )
        .fetch_all(&mut *conn)
        .await?;
        if taken.len() as i64 == quantity {
            let seats = taken.into_iter().map(|r| SeatId(r.seat_id)).collect();
            return held_in_block(conn, fixture, user, block_id, seats).await;
        }
        // Nothing taken: either no run at all, or another buyer took the best one meanwhile.
        let runs = sqlx::query_scalar!(
            r#"select count(*) as "n!" from (
                 select s.row_label, s.number - row_number() over (partition by s.row_label order by s.number) as run
                   from seat_inventory i join venue_seat s on s.id = i.seat_id
                  where i.fixture_id = $1 and i.block_id = $2
                    and (i.state = 'free' or (i.state = 'held' and i.held_until <= now()))
               ) f group by row_label, run having count(*) >= $3"#,
            fixture.id.0,
            block_id.0,
            quantity
        )
        .fetch_all(&mut *conn)
        .await?;
        if runs.is_empty() {
            return Ok(Err(HoldRefusal::NoAdjacentSeats));
        }
    }
    Ok(Err(HoldRefusal::NoAdjacentSeats))
}

/// Releases what `user` holds on a fixture (the spec's cancel), except the seats of their
/// pending order: those are released by cancelling the order ([`crate::orders::cancel`]), or
/// a fan could free them, hold others and pay both orders past the per-buyer limit.
pub async fn release(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    user: Uuid,
) -> Result<Vec<Change>, sqlx::Error> {
    let rows = sqlx::query!(
        "update seat_inventory i set state = 'free', holder_id = null, held_until = null, reduction_id = null, holder_key = null, updated_at = now()
          where i.fixture_id = $1 and i.holder_id = $2 and i.state = 'held'
            and i.season_ticket_id is null
            and not exists (
                select 1 from order_line l join ticket_order o on o.order_id = l.order_id
                 where l.fixture_id = i.fixture_id and l.seat_id = i.seat_id and l.live
                   and o.state = 'pending' and o.user_id = $2)
        returning i.seat_id, i.block_id",
        fixture_id.0,
        user
    )
    .fetch_all(&mut *conn)
    .await?;
    let changes = rows
        .into_iter()
        .map(|r| {
            Change::new(
                fixture_id,
                BlockId(r.block_id),
                SeatId(r.seat_id),
                SeatState::Free,
            )
        })
        .collect();
    announced(conn, changes).await
}

/// Frees every expired hold (the scheduled job); returns what changed.
pub async fn expire_holds(conn: &mut PgConnection) -> Result<Vec<Change>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"update seat_inventory set state = 'free', holder_id = null, held_until = null, reduction_id = null, holder_key = null,
                season_ticket_id = null, updated_at = now()
          where state = 'held' and held_until <= now()
        returning fixture_id as "fixture_id: FixtureId", seat_id, block_id"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let changes = rows
        .into_iter()
        .map(|r| {
            Change::new(
                r.fixture_id,
                BlockId(r.block_id),
                SeatId(r.seat_id),
                SeatState::Free,
            )
        })
        .collect();
    announced(conn, changes).await
}

/// A seat (or place) the fan holds, with where it is and its full price.
#[derive(Debug, Clone, Serialize)]
pub struct HeldSeat {
    pub id: SeatId,
    pub label: String,
    pub block_id: BlockId,
    pub sector_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub price_cents: Option<Cents>,
    pub no_map: bool,
    pub held_until: chrono::DateTime<chrono::Utc>,
    /// The reduction asked for (the full price's when none).
    pub reduction_id: Option<ReductionId>,
    pub named: bool,
}

/// What `user` holds on a fixture now.
pub async fn held_by(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    user: Uuid,
) -> Result<Vec<HeldSeat>, sqlx::Error> {
    sqlx::query_as!(
        HeldSeat,
        r#"select s.id as "id: SeatId", s.label, b.id as "block_id: BlockId", b.sector_code, s.row_label as row, s.number, b.gate,
                  (select p.price_cents from default_price p join reduction r on r.id = p.reduction_id
                    where p.sector_code = b.sector_code
                      and (r.id = i.reduction_id or (i.reduction_id is null and r.code = $3))) as "price_cents: Cents",
                  b.no_map, i.held_until as "held_until!", i.reduction_id as "reduction_id: ReductionId",
                  i.holder_key is not null as "named!"
             from seat_inventory i join venue_seat s on s.id = i.seat_id
             join venue_block b on b.id = i.block_id
            where i.fixture_id = $1 and i.holder_id = $2 and i.state = 'held' and i.held_until > now()
              and i.season_ticket_id is null
            order by b.id, s.id"#,
        fixture_id.0,
        user,
        FULL_PRICE_CODE
    )
    .fetch_all(conn)
    .await
}

/// A seat of a block with its state as `viewer` sees it (`mine` for their own holds).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatView {
    #[schema(value_type = i64)]
    pub id: SeatId,
    pub row: String,
    pub number: i32,
    pub label: String,
    pub state: SeatShown,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held_until: Option<chrono::DateTime<chrono::Utc>>,
    /// The resale offer of a `resale` seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub resale_id: Option<Uuid>,
}

pub async fn block_seats(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    block_id: BlockId,
    viewer: Option<Uuid>,
) -> Result<Vec<SeatView>, sqlx::Error> {
    sqlx::query_as!(
        SeatView,
        r#"select s.id as "id: SeatId", s.row_label as row, s.number, s.label,
                  case when i.state = 'held' and i.held_until <= now() then 'free'
                       when i.state = 'held' and i.holder_id = $3 and i.season_ticket_id is null then 'mine'
                       when x.resale_id is not null then 'resale'
                       else i.state::text end as "state!: SeatShown",
                  case when i.state = 'held' and i.held_until > now() then i.held_until end as held_until,
                  x.resale_id as "resale_id?"
             from venue_seat s join seat_inventory i on i.seat_id = s.id and i.fixture_id = $1
             left join season_resale x on x.fixture_id = $1 and x.seat_id = s.id and x.state = 'listed'
                   and x.deadline > now() and i.state = 'sold'
                   and (x.reserved_until is null or x.reserved_until <= now())
            where s.block_id = $2
            order by length(s.row_label), s.row_label, s.number"#,
        fixture_id.0,
        block_id.0,
        viewer
    )
    .fetch_all(conn)
    .await
}

/// Free places per block of a fixture.
pub async fn free_by_block(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
) -> Result<BTreeMap<BlockId, i64>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select block_id, count(*) filter (where state = 'free'
                    or (state = 'held' and held_until <= now())) as "free!"
             from seat_inventory where fixture_id = $1 group by block_id"#,
        fixture_id.0
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (BlockId(r.block_id), r.free))
        .collect())
}

/// Free places of some blocks (the live map's block counts).
pub async fn free_in_blocks(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    blocks: &[BlockId],
) -> Result<Vec<(BlockId, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select block_id, count(*) filter (where state = 'free'
                    or (state = 'held' and held_until <= now())) as "free!"
             from seat_inventory where fixture_id = $1 and block_id = any($2) group by block_id"#,
        fixture_id.0,
        blocks as &[BlockId]
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (BlockId(r.block_id), r.free))
        .collect())
}

/// Seat ids by their labels (`TC-TC1-1-1`); unknown labels are left out.
pub async fn seats_by_label(
    conn: &mut PgConnection,
    labels: &[String],
) -> Result<Vec<(SeatId, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select id as "id: SeatId", label from venue_seat where label = any($1)"#,
        labels
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.label)).collect())
}

/// A seat a lock or unlock left alone, and why (its state).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Skipped {
    #[schema(value_type = i64)]
    pub id: SeatId,
    pub label: String,
    pub state: SeatState,
}

/// Locks free seats (or unlocks locked ones) of a fixture; held and sold seats are skipped.
/// Returns (changed, skipped).
pub async fn set_locked(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    seat_ids: &[SeatId],
    locked: bool,
) -> Result<(Vec<Change>, Vec<Skipped>), sqlx::Error> {
    let rows = if locked {
        sqlx::query!(
            "update seat_inventory set state = 'locked', holder_id = null, held_until = null, reduction_id = null, holder_key = null,
                    season_ticket_id = null, updated_at = now()
              where fixture_id = $1 and seat_id = any($2)
                and (state = 'free' or (state = 'held' and held_until <= now()))
            returning seat_id, block_id",
            fixture_id.0,
            seat_ids as &[SeatId]
        )
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| (r.seat_id, r.block_id))
        .collect::<Vec<_>>()
    } else {
        sqlx::query!(
            "update seat_inventory set state = 'free', updated_at = now()
              where fixture_id = $1 and seat_id = any($2) and state = 'locked'
            returning seat_id, block_id",
            fixture_id.0,
            seat_ids as &[SeatId]
        )
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| (r.seat_id, r.block_id))
        .collect()
    };
    let state = if locked {
        SeatState::Locked
    } else {
        SeatState::Free
    };
    let changes: Vec<Change> = rows
        .iter()
        .map(|(seat_id, block_id)| {
            Change::new(fixture_id, BlockId(*block_id), SeatId(*seat_id), state)
        })
        .collect();
    let changed: Vec<SeatId> = rows.iter().map(|(s, _)| SeatId(*s)).collect();
    let skipped = sqlx::query_as!(
        Skipped,
        r#"select s.id as "id: SeatId", s.label,
                  case when i.state = 'held' and i.held_until <= now() then 'free'::seat_state
                       else i.state end as "state!: SeatState"
             from seat_inventory i join venue_seat s on s.id = i.seat_id
            where i.fixture_id = $1 and i.seat_id = any($2) and not (i.seat_id = any($3))
            order by s.id"#,
        fixture_id.0,
        seat_ids as &[SeatId],
        &changed as &[SeatId]
    )
    .fetch_all(&mut *conn)
    .await?;
    notify(conn, &changes).await?;
    Ok((changes, skipped))
}

/// The planet seat ids of seats (already imported) and the places sold per no-map block:
/// what the ticketing system says is taken.
#[derive(Debug, Clone, Default)]
pub struct Taken {
    pub planet_seat_ids: Vec<i32>,
    pub standing_sold: Vec<(BlockId, i64)>,
}

/// Copies a fixture's seat inventory: every seat and place of the venue, taken ones as sold
/// elsewhere; then marks the fixture's inventory ready. Idempotent: a second run changes
/// nothing.
pub async fn load(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    taken: &Taken,
) -> Result<u64, sqlx::Error> {
    let inserted = sqlx::query!(
        "insert into seat_inventory (fixture_id, seat_id, block_id, state, sold_elsewhere)
         select $1, s.id, s.block_id,
                case when s.planet_seat_id = any($2) then 'sold'::seat_state else 'free' end,
                coalesce(s.planet_seat_id = any($2), false)
           from venue_seat s
         on conflict do nothing",
        fixture_id.0,
        &taken.planet_seat_ids
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted > 0 {
        for (block, sold) in &taken.standing_sold {
            sqlx::query!(
                "update seat_inventory set state = 'sold', sold_elsewhere = true
                  where fixture_id = $1 and seat_id in (
                    select seat_id from seat_inventory where fixture_id = $1 and block_id = $2
                       and state = 'free' order by seat_id limit $3)",
                fixture_id.0,
                block.0,
                sold
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    sqlx::query!(
        "update fixture set inventory_loaded_at = coalesce(inventory_loaded_at, now()), updated_at = now()
          where id = $1",
        fixture_id.0
    )
    .execute(&mut *conn)
    .await?;
    send(
        conn,
        &Notice {
            fixture_id,
            block_id: no_block(),
            seats: vec![],
            refresh: true,
        },
    )
    .await?;
    Ok(inserted)
}

/// Brings the inventory in line with the ticketing system for numbered seats: free (or held)
/// here but taken there becomes sold elsewhere; sold elsewhere here but free there becomes
/// free. Our own sales are left alone. Returns the changes.
pub async fn reconcile(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    taken_planet_seat_ids: &[i32],
) -> Result<Vec<Change>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"update seat_inventory i
              set state = case when s.planet_seat_id = any($2) then 'sold'::seat_state else 'free' end,
                  sold_elsewhere = s.planet_seat_id = any($2),
                  holder_id = null, held_until = null, reduction_id = null, holder_key = null,
                  season_ticket_id = null, updated_at = now()
             from venue_seat s
            where i.fixture_id = $1 and s.id = i.seat_id and s.planet_seat_id is not null
              and ((s.planet_seat_id = any($2) and i.state in ('free', 'held'))
                or (not s.planet_seat_id = any($2) and i.state = 'sold' and i.sold_elsewhere))
        returning i.seat_id, i.block_id, i.state as "state!: SeatState""#,
        fixture_id.0,
        taken_planet_seat_ids
    )
    .fetch_all(&mut *conn)
    .await?;
    let changes = rows
        .into_iter()
        .map(|r| Change::new(fixture_id, BlockId(r.block_id), SeatId(r.seat_id), r.state))
        .collect();
    announced(conn, changes).await
}

/// Planet seat ids of seats, for mirroring locks to the ticketing system.
pub async fn planet_seat_ids(
    conn: &mut PgConnection,
    seat_ids: &[SeatId],
) -> Result<Vec<i32>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select planet_seat_id as "id!" from venue_seat where id = any($1) and planet_seat_id is not null"#,
        seat_ids as &[SeatId]
    )
    .fetch_all(conn)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(first: &str, last: &str) -> String {
        Holder {
            first_name: first.into(),
            last_name: last.into(),
            birth_date: chrono::NaiveDate::from_ymd_opt(1990, 4, 1).unwrap(),
        }
        .key()
    }

    #[test]
    fn look_alike_letters_accents_case_and_spaces_make_the_same_person() {
        let mario = key("Mario", "Rossi");
        assert_eq!(key("M\u{0430}rio", "Rossi"), mario, "a Cyrillic a");
        assert_eq!(key("MARIO", "  rossi "), mario);
        assert_eq!(
            key("Ｍａｒｉｏ", "Rossi"),
            mario,
            "full-width letters (NFKC)"
        );
        assert_eq!(
            key("Niccolò", "Della  Valle"),
            key("NICCOLO", "della valle")
        );
        assert_eq!(key("Łukasz", "Dvořák"), key("ŁUKASZ", "Dvorak"));
        assert_ne!(key("Maria", "Rossi"), mario);
        assert_ne!(key("Mami", "Rossi"), key("Marni", "Rossi"), "rn is not m");
    }
}
