//! The waiting rooms as one api process sees them: every room's counters in memory, kept
//! fresh by the process's one database listener (a tick announces a room; the process reads
//! its row once, whatever the number of fans watching), the tick loop, and the places of the
//! fans waiting on this process's streams (looked up together, one query a placement).

use crate::live::{Live, LiveEvent};
use domain::waiting_room::{self as rooms, Room, RoomTarget};
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use tokio::sync::{broadcast, oneshot, watch};
use uuid::Uuid;

/// How often each api process ticks the open rooms (any process may; one at a time).
pub const TICK_EVERY: Duration = Duration::from_secs(1);

/// The process's waiting rooms (cheap to clone).
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Inner>,
}

/// The streams waiting for a fan's place, by fan.
type Unplaced = HashMap<Uuid, Vec<oneshot::Sender<i64>>>;

#[derive(Default)]
struct Inner {
    rooms: RwLock<HashMap<i64, watch::Sender<Arc<Room>>>>,
    by_target: RwLock<HashMap<RoomTarget, i64>>,
    /// Fans on this process's streams still without a place, per room.
    unplaced: Mutex<HashMap<i64, Unplaced>>,
}

impl Rooms {
    /// Loads the rooms and keeps them fresh from `live`'s events; ticks them every
    /// [`TICK_EVERY`] until `live` stops.
    pub fn start(pool: PgPool, live: &Live) -> Rooms {
        let rooms = Rooms {
            inner: Arc::default(),
        };
        let events = live.subscribe();
        tokio::spawn(follow(rooms.clone(), pool.clone(), events, live.clone()));
        tokio::spawn(tick_loop(pool, live.clone()));
        rooms
    }

    /// The room of an on-sale, whatever its state: from memory.
    pub fn of_target(&self, target: RoomTarget) -> Option<Arc<Room>> {
        let id = *self.inner.by_target.read().expect("rooms").get(&target)?;
        self.get(id)
    }

    /// The room of an on-sale, if it guards holding now (from the pre-queue's opening until it
    /// is closed): from memory.
    pub fn guarding(&self, target: RoomTarget) -> Option<Arc<Room>> {
        let room = self.of_target(target)?;
        room.guards(chrono::Utc::now()).then_some(room)
    }

    pub fn get(&self, id: i64) -> Option<Arc<Room>> {
        self.inner
            .rooms
            .read()
            .expect("rooms")
            .get(&id)
            .map(|tx| tx.borrow().clone())
    }

    /// A room's counters as they change.
    pub fn watch(&self, id: i64) -> Option<watch::Receiver<Arc<Room>>> {
        self.inner
            .rooms
            .read()
            .expect("rooms")
            .get(&id)
            .map(|tx| tx.subscribe())
    }

    /// Resolves with the fan's place when a tick places them.
    pub fn place_of(&self, id: i64, user: Uuid) -> oneshot::Receiver<i64> {
        let (tx, rx) = oneshot::channel();
        self.inner
            .unplaced
            .lock()
            .expect("unplaced")
            .entry(id)
            .or_default()
            .entry(user)
            .or_default()
            .push(tx);
        rx
    }

    /// Reads a room's row and publishes it; then hands their places to the fans waiting for
    /// one, when the room placed anyone.
    async fn reload(&self, pool: &PgPool, id: i64) -> Result<(), sqlx::Error> {
        let mut conn = pool.acquire().await?;
        let Some(room) = rooms::get(&mut conn, id).await? else {
            self.forget(id);
            return Ok(());
        };
        let target = match (room.fixture_id, room.season_ticket_id) {
            (Some(f), _) => RoomTarget::Fixture(f),
            (_, Some(s)) => RoomTarget::Season(s),
            _ => return Ok(()),
        };
        let placed = room.placed;
        let room = Arc::new(room);
        let previous = {
            let mut map = self.inner.rooms.write().expect("rooms");
            match map.get(&id) {
                Some(tx) => {
                    let before = tx.borrow().placed;
                    tx.send_replace(room);
                    before
                }
                None => {
                    map.insert(id, watch::channel(room).0);
                    0
                }
            }
        };
        self.inner
            .by_target
            .write()
            .expect("rooms")
            .insert(target, id);
        if placed > previous {
            self.hand_out_places(&mut conn, id).await?;
        }
        Ok(())
    }

    async fn hand_out_places(
        &self,
        conn: &mut sqlx::PgConnection,
        id: i64,
    ) -> Result<(), sqlx::Error> {
        let users: Vec<Uuid> = {
            let mut unplaced = self.inner.unplaced.lock().expect("unplaced");
            let Some(waiting) = unplaced.get_mut(&id) else {
                return Ok(());
            };
            // Streams that ended dropped their receivers.
            waiting.retain(|_, senders| {
                senders.retain(|s| !s.is_closed());
                !senders.is_empty()
            });
            waiting.keys().copied().collect()
        };
        if users.is_empty() {
            return Ok(());
        }
        let places = rooms::positions(conn, id, &users).await?;
        let mut unplaced = self.inner.unplaced.lock().expect("unplaced");
        if let Some(waiting) = unplaced.get_mut(&id) {
            for (user, position) in places {
                for s in waiting.remove(&user).unwrap_or_default() {
                    let _ = s.send(position);
                }
            }
        }
        Ok(())
    }

    fn forget(&self, id: i64) {
        self.inner.rooms.write().expect("rooms").remove(&id);
        self.inner
            .by_target
            .write()
            .expect("rooms")
            .retain(|_, r| *r != id);
    }

    async fn load_all(&self, pool: &PgPool) -> Result<(), sqlx::Error> {
        let ids: Vec<i64> = {
            let mut conn = pool.acquire().await?;
            rooms::list(&mut conn)
                .await?
                .into_iter()
                .map(|r| r.id)
                .collect()
        };
        for id in ids {
            self.reload(pool, id).await?;
        }
        Ok(())
    }
}

/// Follows the listener's events: a room announced is read again; after a lost connection,
/// every room is.
async fn follow(
    rooms: Rooms,
    pool: PgPool,
    mut events: broadcast::Receiver<Arc<LiveEvent>>,
    live: Live,
) {
    while let Err(e) = rooms.load_all(&pool).await {
        tracing::warn!(error = %e, "waiting rooms not loaded; trying again");
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = live.stopped() => return,
        }
    }
    loop {
        let event = tokio::select! {
            e = events.recv() => e,
            _ = live.stopped() => return,
        };
        let result = match event {
            Ok(e) => match &*e {
                LiveEvent::Room { room_id } => rooms.reload(&pool, *room_id).await,
                LiveEvent::Refresh { fixture_id: None } => rooms.load_all(&pool).await,
                _ => Ok(()),
            },
            Err(broadcast::error::RecvError::Lagged(_)) => rooms.load_all(&pool).await,
            Err(broadcast::error::RecvError::Closed) => return,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "a waiting room not read again");
        }
    }
}

/// Ticks every open room every [`TICK_EVERY`], each in its own transaction.
async fn tick_loop(pool: PgPool, live: Live) {
    let mut every = tokio::time::interval(TICK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = live.stopped() => return,
        }
        if let Err(e) = tick_all(&pool).await {
            tracing::warn!(error = %e, "waiting rooms not ticked");
        }
    }
}

async fn tick_all(pool: &PgPool) -> Result<(), sqlx::Error> {
    let ids = {
        let mut conn = pool.acquire().await?;
        rooms::live_ids(&mut conn).await?
    };
    for id in ids {
        let mut tx = pool.begin().await?;
        rooms::tick(&mut tx, id).await?;
        tx.commit().await?;
    }
    Ok(())
}

/// The header a fan's app sends its admission in.
pub const ADMISSION_HEADER: &str = "x-admission";

/// While a room guards an on-sale, holding needs the fan's admission: the `X-Admission`
/// token, signed for this fan and room and unexpired, checked here without the database;
/// then their entry, in the caller's transaction (an admission ended by leaving, or a room
/// closed meanwhile, is seen there). 403 `admission_required` (with the room's id) otherwise.
pub async fn check_admission(
    state: &crate::state::AppState,
    conn: &mut sqlx::PgConnection,
    headers: &axum::http::HeaderMap,
    target: RoomTarget,
    user: Uuid,
) -> crate::error::ApiResult<()> {
    use secrecy::ExposeSecret;
    let Some(room) = state.rooms.guarding(target) else {
        return Ok(());
    };
    let refused = || {
        crate::error::ApiError::new(
            axum::http::StatusCode::FORBIDDEN,
            "admission_required",
            "Join the waiting room: your turn has not come",
        )
        .with_detail("room_id", serde_json::json!(room.id))
    };
    let token = headers
        .get(ADMISSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(refused)?;
    let key = state.config.auth.secret.expose_secret().as_bytes().to_vec();
    let admission = rooms::Admission::verify(&key, token, user, chrono::Utc::now())
        .filter(|a| a.room_id == room.id)
        .ok_or_else(refused)?;
    if !rooms::still_admitted(conn, admission.room_id, user).await? {
        return Err(refused());
    }
    Ok(())
}
