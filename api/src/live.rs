//! Live seat maps, waiting rooms and the club's settings: one Postgres LISTEN per api process, fanned out to every
//! open seat map over server-sent events (and to the process's waiting rooms, see
//! `crate::waiting_room`). Seat changes pass straight through; free counts per block are
//! recounted at most every [`RECOUNT_EVERY`], once per changed block, whatever the number of
//! people watching.

use domain::ids::{BlockId, FixtureId, SeatId};
use domain::inventory::{CHANNEL, Notice};
use sqlx::{PgPool, postgres::PgListener};
use std::{collections::BTreeSet, sync::Arc, time::Duration};
use tokio::sync::{broadcast, watch};

/// How often changed blocks are recounted.
pub const RECOUNT_EVERY: Duration = Duration::from_millis(400);

/// What a seat map receives.
#[derive(Debug, Clone)]
pub enum LiveEvent {
    /// Seats of a block changed state.
    Seats {
        fixture_id: FixtureId,
        block_id: BlockId,
        seats: Vec<(SeatId, domain::inventory::SeatState)>,
    },
    /// Free places of blocks.
    Blocks {
        fixture_id: FixtureId,
        blocks: Vec<(BlockId, i64)>,
    },
    /// Refetch everything (`None`: every fixture, after a lost connection).
    Refresh { fixture_id: Option<FixtureId> },
    /// A waiting room's counters or settings changed.
    Room { room_id: i64 },
    /// The club's settings changed (`domain::settings`).
    Settings,
}

impl LiveEvent {
    pub fn concerns(&self, fixture: FixtureId) -> bool {
        match self {
            LiveEvent::Seats { fixture_id, .. } | LiveEvent::Blocks { fixture_id, .. } => {
                *fixture_id == fixture
            }
            LiveEvent::Refresh { fixture_id } => fixture_id.is_none_or(|f| f == fixture),
            LiveEvent::Room { .. } | LiveEvent::Settings => false,
        }
    }
}

/// The process's hub of live events.
#[derive(Clone)]
pub struct Live {
    tx: broadcast::Sender<Arc<LiveEvent>>,
    stop: watch::Receiver<bool>,
}

impl Live {
    /// Starts listening on `pool`'s database until `stop` turns true.
    pub fn start(pool: PgPool, stop: watch::Receiver<bool>) -> Live {
        let (tx, _) = broadcast::channel(4096);
        tokio::spawn(listen(pool, tx.clone(), stop.clone()));
        Live { tx, stop }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<LiveEvent>> {
        self.tx.subscribe()
    }

    /// Resolves when the process is shutting down (streams end then).
    pub async fn stopped(&self) {
        let mut stop = self.stop.clone();
        let _ = stop.wait_for(|s| *s).await;
    }
}

async fn until_stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

async fn listen(
    pool: PgPool,
    tx: broadcast::Sender<Arc<LiveEvent>>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        if *stop.borrow() {
            return;
        }
        match listen_once(&pool, &tx, &mut stop).await {
            Ok(()) => return,
            Err(e) => {
                tracing::warn!(error = %e, "seat change listener lost its connection; reconnecting");
                let _ = tx.send(Arc::new(LiveEvent::Refresh { fixture_id: None }));
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = until_stopped(&mut stop) => return,
                }
            }
        }
    }
}

/// Listens until the connection fails (`Err`) or the process stops (`Ok`).
async fn listen_once(
    pool: &PgPool,
    tx: &broadcast::Sender<Arc<LiveEvent>>,
    stop: &mut watch::Receiver<bool>,
) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener
        .listen_all([
            CHANNEL,
            domain::waiting_room::CHANNEL,
            domain::settings::CHANNEL,
        ])
        .await?;
    let mut dirty: BTreeSet<(FixtureId, BlockId)> = BTreeSet::new();
    let mut recount = tokio::time::interval(RECOUNT_EVERY);
    loop {
        tokio::select! {
            n = listener.recv() => {
                let n = n?;
                if n.channel() == domain::settings::CHANNEL {
                    let _ = tx.send(Arc::new(LiveEvent::Settings));
                    continue;
                }
                if n.channel() == domain::waiting_room::CHANNEL {
                    if let Ok(room_id) = n.payload().parse() {
                        let _ = tx.send(Arc::new(LiveEvent::Room { room_id }));
                    }
                    continue;
                }
                let Ok(notice) = serde_json::from_str::<Notice>(n.payload()) else {
                    tracing::warn!(payload = n.payload(), "unreadable seat notice");
                    continue;
                };
                if notice.refresh {
                    let _ = tx.send(Arc::new(LiveEvent::Refresh { fixture_id: Some(notice.fixture_id) }));
                    continue;
                }
                dirty.insert((notice.fixture_id, notice.block_id));
                let _ = tx.send(Arc::new(LiveEvent::Seats {
                    fixture_id: notice.fixture_id,
                    block_id: notice.block_id,
                    seats: notice.seats,
                }));
            }
            _ = recount.tick(), if !dirty.is_empty() => {
                let blocks = std::mem::take(&mut dirty);
                if tx.receiver_count() > 0 {
                    recount_blocks(pool, tx, blocks).await?;
                }
            }
            _ = until_stopped(stop) => return Ok(()),
        }
    }
}

async fn recount_blocks(
    pool: &PgPool,
    tx: &broadcast::Sender<Arc<LiveEvent>>,
    blocks: BTreeSet<(FixtureId, BlockId)>,
) -> Result<(), sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let mut by_fixture: std::collections::BTreeMap<FixtureId, Vec<BlockId>> = Default::default();
    for (f, b) in blocks {
        by_fixture.entry(f).or_default().push(b);
    }
    for (fixture_id, blocks) in by_fixture {
        let counts = domain::inventory::free_in_blocks(&mut conn, fixture_id, &blocks).await?;
        let _ = tx.send(Arc::new(LiveEvent::Blocks {
            fixture_id,
            blocks: counts,
        }));
    }
    Ok(())
}
