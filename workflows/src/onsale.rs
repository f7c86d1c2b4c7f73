//! Putting fixtures on sale: the venue and fixtures imported from the ticketing system, the
//! seat inventory copied from it when a fixture goes on sale (a job), reconciled afterwards
//! (a schedule), and staff seat locks mirrored to it (a job).

use crate::runtime::ticketing_error;
use crate::runtime::{Job, JobContext, JobError};
use domain::ids::{BlockId, FixtureId, ReductionId, SeatId};
use domain::money::Cents;
use domain::seasons;
use domain::{fixtures, inventory, venue};
use integrations::ticketing::TicketingClient;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::{HashMap, HashSet};

/// The hold key our staff locks carry in the ticketing system.
pub const LOCK_KEY: &str = "lario-staff-lock";

/// Imports the venue plan, reduction codes and their prices, then the events as fixtures.
/// Returns the venue counts and (fixtures imported, updated).
pub async fn import_catalogue(
    conn: &mut PgConnection,
    client: &TicketingClient,
) -> anyhow::Result<(venue::ImportCounts, (i64, i64))> {
    let plan = client.venue_plan().await?;
    let blocks: Vec<venue::PlanBlock> = plan
        .into_iter()
        .map(|b| venue::PlanBlock {
            id: b.id as i32,
            sector_code: b.sector,
            sector_name: b.sector_name,
            code: b.code,
            gate: b.gate,
            capacity: b.capacity as i32,
            away: b.away,
            no_map: b.no_map,
            seats: b
                .seats
                .into_iter()
                .map(|s| venue::PlanSeat {
                    planet_id: s.id as i32,
                    row: s.row,
                    number: s.number as i32,
                    label: s.label,
                })
                .collect(),
        })
        .collect();
    let counts = venue::import_plan(conn, &blocks).await?;
    let events = client.events().await?;
    if let Some(first) = events.first() {
        let reductions = client.reductions(first.id).await?;
        let codes: Vec<venue::Reduction> = reductions
            .iter()
            .map(|r| venue::Reduction {
                id: r.id as i32,
                code: r.code.clone(),
                name: r.name.clone(),
                visibility: i16::from(r.visibility),
                rule: r.rule.clone(),
            })
            .collect();
        let prices: Vec<(String, i32, Cents)> = reductions
            .iter()
            .flat_map(|r| {
                r.prices.iter().map(move |(sector, cents)| {
                    (sector.clone(), r.id as i32, Cents(i64::from(*cents)))
                })
            })
            .collect();
        venue::import_prices(conn, &codes, &prices).await?;
    }
    let fixtures: Vec<fixtures::NewFixture> = events
        .iter()
        .map(|e| fixtures::NewFixture {
            planet_event_id: e.id as i32,
            spettacolo_id: e.spettacolo_id as i32,
            title: e.descrizione.clone(),
            competition: e.competition.clone(),
            starts_at: e.starts_at,
            high_risk: e.high_risk,
            per_buyer_limit: e.per_buyer_limit as i32,
        })
        .collect();
    let imported = fixtures::import(conn, &fixtures).await?;
    let seasons = import_seasons(conn, client).await?;
    tracing::info!(
        imported = seasons.0,
        updated = seasons.1,
        "season tickets imported"
    );
    Ok((counts, imported))
}

/// The ticketing system's season types with the events they cover (already imported as
/// fixtures) and their season prices per sector and reduction (abbonamento-codiciriduzione).
/// Returns (imported, updated).
pub async fn import_seasons(
    conn: &mut PgConnection,
    client: &TicketingClient,
) -> anyhow::Result<(i64, i64)> {
    let mut seasons = vec![];
    for t in client.season_types().await? {
        if t.event_ids.is_empty() {
            // A past season kept for its holders' rights (pre-emption): nothing to sell.
            continue;
        }
        let prices = client
            .season_reductions(t.id)
            .await?
            .into_iter()
            .flat_map(|r| {
                r.prices.into_iter().map(move |(sector, cents)| {
                    (sector, ReductionId(r.id as i32), Cents(i64::from(cents)))
                })
            })
            .collect();
        seasons.push(seasons::NewSeason {
            planet_season_type_id: t.id as i32,
            label: season_label(&t.name),
            name: t.name,
            planet_event_ids: t.event_ids.iter().map(|e| *e as i32).collect(),
            prices,
        });
    }
    Ok(seasons::import(conn, &seasons).await?)
}

/// The season a type's name speaks of ("Abbonamento Serie A 2025-2026": 2025-2026); the
/// current season when it names none.
fn season_label(name: &str) -> String {
    name.split_whitespace()
        .rev()
        .find(|w| {
            let b = w.as_bytes();
            b.len() == 9 && b[4] == b'-' && w.chars().filter(char::is_ascii_digit).count() == 8
        })
        .map_or_else(|| seasons::CURRENT_LABEL.to_owned(), str::to_owned)
}

/// What the ticketing system says is taken for an event: numbered seats not free, and places
/// sold per no-map block.
async fn taken(
    conn: &mut PgConnection,
    client: &TicketingClient,
    event: u32,
) -> Result<inventory::Taken, JobError> {
    let ours = venue_seats_by_block(conn).await?;
    let mut taken = inventory::Taken::default();
    for b in client.blocks(event).await.map_err(ticketing_error)? {
        if b.no_map {
            taken.standing_sold.push((
                BlockId(b.id as i32),
                i64::from(b.capacity.saturating_sub(b.free)),
            ));
            continue;
        }
        let free: HashSet<i32> = client
            .free_seats(event, b.id)
            .await
            .map_err(ticketing_error)?
            .into_iter()
            .map(|s| s.id as i32)
            .collect();
        if let Some(seats) = ours.get(&(b.id as i32)) {
            taken
                .planet_seat_ids
                .extend(seats.iter().filter(|s| !free.contains(s)));
        }
    }
    Ok(taken)
}

async fn venue_seats_by_block(
    conn: &mut PgConnection,
) -> Result<HashMap<i32, Vec<i32>>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select block_id, planet_seat_id as "planet!" from venue_seat where planet_seat_id is not null"#
    )
    .fetch_all(conn)
    .await?;
    let mut by_block: HashMap<i32, Vec<i32>> = HashMap::new();
    for r in rows {
        by_block.entry(r.block_id).or_default().push(r.planet);
    }
    Ok(by_block)
}

/// Copies a fixture's seat inventory from the ticketing system when it goes on sale.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoadInventory {
    pub fixture_id: FixtureId,
}

impl Job for LoadInventory {
    const QUEUE: &'static str = "onsale::load_inventory";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("fixture-{}", self.fixture_id))
    }

    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        load_inventory(&ctx.pool, &ctx.ticketing, self.fixture_id).await
    }
}

/// Imports the catalogue and puts the next league fixture on sale with its seat inventory:
/// a ready stadium for benches and tests. Returns the fixture's id.
pub async fn next_league_fixture_on_sale(
    pool: &sqlx::PgPool,
    client: &TicketingClient,
) -> anyhow::Result<FixtureId> {
    let mut conn = pool.acquire().await?;
    import_catalogue(&mut conn, client).await?;
    let fixture = fixtures::next_upcoming(&mut conn, fixtures::FixtureKind::League)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no league fixture ahead"))?;
    fixtures::set_status(&mut conn, fixture, fixtures::ON_SALE)
        .await?
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    drop(conn);
    load_inventory(pool, client, fixture).await?;
    Ok(fixture)
}

/// Copies a fixture's seat inventory from the ticketing system (idempotent).
pub async fn load_inventory(
    pool: &sqlx::PgPool,
    client: &TicketingClient,
    fixture_id: FixtureId,
) -> Result<(), JobError> {
    let mut conn = pool.acquire().await?;
    let fixture = fixtures::find(&mut conn, fixture_id)
        .await?
        .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("no fixture {fixture_id}")))?;
    let taken = taken(&mut conn, client, fixture.planet_event_id as u32).await?;
    let mut tx = pool.begin().await?;
    let inserted = inventory::load(&mut tx, fixture.id, &taken).await?;
    tx.commit().await?;
    tracing::info!(
        fixture = fixture.id.0,
        inserted,
        taken = taken.planet_seat_ids.len(),
        "inventory loaded"
    );
    Ok(())
}

/// Brings every on-sale fixture's numbered seats in line with the ticketing system (sales
/// made elsewhere, cancelled there). Run by the worker's schedule.
pub async fn reconcile_on_sale(ctx: &JobContext) -> Result<usize, JobError> {
    let mut conn = ctx.pool.acquire().await?;
    let ids = sqlx::query_scalar!(
        r#"select id as "id: FixtureId" from fixture
            where status = 1 and inventory_loaded_at is not null and starts_at > now()"#
    )
    .fetch_all(&mut *conn)
    .await?;
    drop(conn);
    let mut changed = 0;
    for id in ids {
        changed += reconcile_fixture(&ctx.pool, &ctx.ticketing, id).await?;
    }
    Ok(changed)
}

/// Reconciles one fixture's numbered seats with the ticketing system; returns how many
/// changed.
pub async fn reconcile_fixture(
    pool: &sqlx::PgPool,
    client: &TicketingClient,
    fixture_id: FixtureId,
) -> Result<usize, JobError> {
    let mut conn = pool.acquire().await?;
    let Some(fixture) = fixtures::find(&mut conn, fixture_id).await? else {
        return Ok(0);
    };
    let taken = taken(&mut conn, client, fixture.planet_event_id as u32).await?;
    drop(conn);
    let mut tx = pool.begin().await?;
    let changed = inventory::reconcile(&mut tx, fixture_id, &taken.planet_seat_ids)
        .await?
        .len();
    tx.commit().await?;
    Ok(changed)
}

/// Mirrors a staff lock (or unlock) of seats to the ticketing system, held there under
/// [`LOCK_KEY`] until the match starts.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MirrorLocks {
    pub fixture_id: FixtureId,
    pub seat_ids: Vec<SeatId>,
    pub locked: bool,
    /// Unique per staff action (the audit entry), so the same action is mirrored once.
    pub action_id: String,
}

impl Job for MirrorLocks {
    const QUEUE: &'static str = "onsale::mirror_locks";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.action_id.clone())
    }

    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let fixture = fixtures::find(&mut conn, self.fixture_id)
            .await?
            .ok_or_else(|| {
                JobError::Permanent(anyhow::anyhow!("no fixture {}", self.fixture_id))
            })?;
        let seats: Vec<u32> = inventory::planet_seat_ids(&mut conn, &self.seat_ids)
            .await?
            .into_iter()
            .map(|s| s as u32)
            .collect();
        if seats.is_empty() {
            return Ok(());
        }
        let event = fixture.planet_event_id as u32;
        let result = if self.locked {
            let minutes = (fixture.starts_at - chrono::Utc::now())
                .num_minutes()
                .max(1) as u32;
            ctx.ticketing
                .hold_seats(event, &seats, LOCK_KEY, minutes)
                .await
        } else {
            ctx.ticketing.release_seats(event, &seats, LOCK_KEY).await
        };
        result.map_err(ticketing_error)
    }
}

#[cfg(test)]
mod tests {
    use super::season_label;

    #[test]
    fn a_season_label_is_read_from_the_type_name() {
        assert_eq!(season_label("Abbonamento Serie A 2025-2026"), "2025-2026");
        assert_eq!(season_label("Abbonamento 2026-2027 Curva"), "2026-2027");
        assert_eq!(season_label("Abbonamento Serie A"), "2025-2026");
        assert_eq!(season_label("Mini 20-25 abbonamento"), "2025-2026");
    }
}
