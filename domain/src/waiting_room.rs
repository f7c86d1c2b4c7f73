//! The waiting room of a big on-sale (issue 19; the spec's fixtures_queue and season_queue).
//!
//! Staff enable a room for a fixture's or a season ticket's on-sale. Fans join from the
//! pre-queue's opening on; joining twice keeps one place. At the opening the pre-queue is
//! shuffled (arriving early gives no edge), later arrivals are placed in the order they came,
//! each within a tick. Every tick admits the next places at the rate staff set, never more
//! shopping at once than they allow, and never banking admissions while the room is idle,
//! full or paused. The room's counters live in its row: any api process may tick it (one at a
//! time, under the row's lock) and the fans' positions follow from them, so the room survives
//! restarts and shares its rate between processes.
//!
//! An admission is a signed, expiring token bound to the fan and the room: the hold path
//! checks it without the database, and the hold statement checks the entry again.

use crate::ids::{FixtureId, SeasonTicketId};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// The channel a tick announces a room's counters on.
pub const CHANNEL: &str = "waiting_room";

/// What a room lets in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoomTarget {
    Fixture(FixtureId),
    Season(SeasonTicketId),
}

impl RoomTarget {
    fn ids(self) -> (Option<i64>, Option<i64>) {
        match self {
            RoomTarget::Fixture(f) => (Some(f.0), None),
            RoomTarget::Season(s) => (None, Some(s.0)),
        }
    }
}

/// Where a room is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomState {
    /// Before the pre-queue opens: nobody may join yet.
    Scheduled,
    /// Fans join and wait for the opening, without a place.
    Prequeue,
    /// Fans are placed and admitted in turn.
    Open,
    /// Fans keep their places; nobody is admitted until staff resume.
    Paused,
    /// The room is over: holding needs no admission.
    Closed,
}

/// A room and its counters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Room {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    #[schema(value_type = Option<i64>)]
    pub season_ticket_id: Option<SeasonTicketId>,
    pub prequeue_opens_at: DateTime<Utc>,
    pub opens_at: DateTime<Utc>,
    pub admit_per_minute: i32,
    pub max_shopping: i32,
    pub admission_seconds: i32,
    pub paused: bool,
    pub closed_at: Option<DateTime<Utc>>,
    /// The last place admitted.
    pub admitted: i64,
    /// The last place handed out.
    pub placed: i64,
    pub shuffled_at: Option<DateTime<Utc>>,
    /// Admissions are earned from this instant on.
    #[serde(skip)]
    pub admit_clock: Option<DateTime<Utc>>,
}

impl Room {
    pub fn state(&self, now: DateTime<Utc>) -> RoomState {
        if self.closed_at.is_some() {
            RoomState::Closed
        } else if now < self.prequeue_opens_at {
            RoomState::Scheduled
        } else if now < self.opens_at {
            RoomState::Prequeue
        } else if self.paused {
            RoomState::Paused
        } else {
            RoomState::Open
        }
    }

    /// Whether holding seats needs an admission now: from the pre-queue's opening until the
    /// room is closed.
    pub fn guards(&self, now: DateTime<Utc>) -> bool {
        !matches!(self.state(now), RoomState::Scheduled | RoomState::Closed)
    }

    /// The estimated wait, in seconds, of someone `ahead` places from their turn.
    pub fn wait_seconds(&self, ahead: i64) -> i64 {
        let rate = i64::from(self.admit_per_minute.max(1));
        (ahead * 60 + rate - 1) / rate
    }
}

/// What staff set.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct RoomSettings {
    pub prequeue_opens_at: DateTime<Utc>,
    pub opens_at: DateTime<Utc>,
    /// Fans admitted per minute.
    pub admit_per_minute: i32,
    /// Fans admitted and shopping at once, at most.
    pub max_shopping: i32,
    /// How long an admission lasts, in seconds.
    pub admission_seconds: i32,
}

impl RoomSettings {
    /// The fields that are out of bounds, with what they must be.
    pub fn problems(&self) -> Vec<(&'static str, &'static str)> {
        let mut out = vec![];
        if self.prequeue_opens_at > self.opens_at {
            out.push(("prequeue_opens_at", "at or before the opening"));
        }
        if !(1..=1_000_000).contains(&self.admit_per_minute) {
            out.push(("admit_per_minute", "between 1 and 1,000,000"));
        }
        if !(1..=1_000_000).contains(&self.max_shopping) {
            out.push(("max_shopping", "between 1 and 1,000,000"));
        }
        if !(60..=7200).contains(&self.admission_seconds) {
            out.push(("admission_seconds", "between 60 and 7,200"));
        }
        out
    }
}

macro_rules! room_select {
    ($where:literal, $($arg:expr),*) => {
        sqlx::query_as!(
            Room,
            r#"select id, fixture_id as "fixture_id: FixtureId",
                      season_ticket_id as "season_ticket_id: SeasonTicketId", prequeue_opens_at,
                      opens_at, admit_per_minute, max_shopping, admission_seconds, paused, closed_at,
                      admitted, placed, shuffled_at, admit_clock
                 from waiting_room where "# + $where,
            $($arg),*
        )
    };
}

pub async fn get(conn: &mut PgConnection, id: i64) -> Result<Option<Room>, sqlx::Error> {
    room_select!("id = $1", id).fetch_optional(conn).await
}

/// The room of an on-sale, if staff enabled one.
pub async fn of_target(
    conn: &mut PgConnection,
    target: RoomTarget,
) -> Result<Option<Room>, sqlx::Error> {
    let (fixture, season) = target.ids();
    room_select!(
        "(fixture_id = $1 or season_ticket_id = $2)",
        fixture,
        season
    )
    .fetch_optional(conn)
    .await
}

/// Every room, the newest first.
pub async fn list(conn: &mut PgConnection) -> Result<Vec<Room>, sqlx::Error> {
    room_select!("true order by opens_at desc, id desc",)
        .fetch_all(conn)
        .await
}

/// The rooms a tick has work in: opened and not closed.
pub async fn live_ids(conn: &mut PgConnection) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select id from waiting_room where closed_at is null and opens_at <= now() order by id"
    )
    .fetch_all(conn)
    .await
}

/// Enables a room for an on-sale; `None` when it has one already.
pub async fn create(
    conn: &mut PgConnection,
    target: RoomTarget,
    s: &RoomSettings,
) -> Result<Option<Room>, sqlx::Error> {
    let (fixture, season) = target.ids();
    let id = sqlx::query_scalar!(
        "insert into waiting_room (fixture_id, season_ticket_id, prequeue_opens_at, opens_at,
                                   admit_per_minute, max_shopping, admission_seconds)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict do nothing returning id",
        fixture,
        season,
        s.prequeue_opens_at,
        s.opens_at,
        s.admit_per_minute,
        s.max_shopping,
        s.admission_seconds
    )
    .fetch_optional(&mut *conn)
    .await?;
    match id {
        Some(id) => {
            announce(conn, id).await?;
            get(conn, id).await
        }
        None => Ok(None),
    }
}

/// Why staff cannot change a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeRefusal {
    NotFound,
    /// A closed room stays closed.
    Closed,
    /// The opening has passed and the pre-queue was shuffled: its times are history.
    AlreadyOpened,
}

/// New settings for a room not closed; the times only until it opened.
pub async fn update(
    conn: &mut PgConnection,
    id: i64,
    s: &RoomSettings,
) -> Result<Result<Room, ChangeRefusal>, sqlx::Error> {
    let Some(room) = locked(conn, id).await? else {
        return Ok(Err(ChangeRefusal::NotFound));
    };
    if room.closed_at.is_some() {
        return Ok(Err(ChangeRefusal::Closed));
    }
    if room.shuffled_at.is_some()
        && (room.opens_at != s.opens_at || room.prequeue_opens_at != s.prequeue_opens_at)
    {
        return Ok(Err(ChangeRefusal::AlreadyOpened));
    }
    sqlx::query!(
        "update waiting_room set prequeue_opens_at = $2, opens_at = $3, admit_per_minute = $4,
                max_shopping = $5, admission_seconds = $6, updated_at = now()
          where id = $1",
        id,
        s.prequeue_opens_at,
        s.opens_at,
        s.admit_per_minute,
        s.max_shopping,
        s.admission_seconds
    )
    .execute(&mut *conn)
    .await?;
    announce(conn, id).await?;
    Ok(get(conn, id).await?.ok_or(ChangeRefusal::NotFound))
}

/// Pauses or resumes admissions. Resuming does not pay out the paused time.
pub async fn set_paused(
    conn: &mut PgConnection,
    id: i64,
    paused: bool,
) -> Result<Result<Room, ChangeRefusal>, sqlx::Error> {
    let Some(room) = locked(conn, id).await? else {
        return Ok(Err(ChangeRefusal::NotFound));
    };
    if room.closed_at.is_some() {
        return Ok(Err(ChangeRefusal::Closed));
    }
    sqlx::query!(
        "update waiting_room set paused = $2, admit_clock = case when admit_clock is null then null else now() end,
                updated_at = now()
          where id = $1",
        id,
        paused
    )
    .execute(&mut *conn)
    .await?;
    announce(conn, id).await?;
    Ok(get(conn, id).await?.ok_or(ChangeRefusal::NotFound))
}

/// Closes a room for good: holding needs no admission from now on.
pub async fn close(
    conn: &mut PgConnection,
    id: i64,
) -> Result<Result<Room, ChangeRefusal>, sqlx::Error> {
    let Some(room) = locked(conn, id).await? else {
        return Ok(Err(ChangeRefusal::NotFound));
    };
    if room.closed_at.is_none() {
        sqlx::query!(
            "update waiting_room set closed_at = now(), updated_at = now() where id = $1",
            id
        )
        .execute(&mut *conn)
        .await?;
        announce(conn, id).await?;
    }
    Ok(get(conn, id).await?.ok_or(ChangeRefusal::NotFound))
}

async fn locked(conn: &mut PgConnection, id: i64) -> Result<Option<Room>, sqlx::Error> {
    room_select!("id = $1 for update", id)
        .fetch_optional(conn)
        .await
}

/// A fan's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub joined_at: DateTime<Utc>,
    pub position: Option<i64>,
    pub admitted_at: Option<DateTime<Utc>>,
    pub left_at: Option<DateTime<Utc>>,
}

/// Why a fan cannot join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinRefusal {
    NotFound,
    /// The pre-queue has not opened: the room's times say when it does.
    NotYet,
    Closed,
}

/// A draw from the server's random source, for a fan joining.
pub fn draw() -> i64 {
    use rand::RngExt;
    rand::rng().random()
}

/// The fan joins the room (again: the same place). `draw` comes from the server's random
/// source and orders the pre-queue's shuffle.
pub async fn join(
    conn: &mut PgConnection,
    id: i64,
    user: Uuid,
    draw: i64,
) -> Result<Result<(Room, Entry), JoinRefusal>, sqlx::Error> {
    let Some(room) = get(conn, id).await? else {
        return Ok(Err(JoinRefusal::NotFound));
    };
    match room.state(Utc::now()) {
        RoomState::Scheduled => return Ok(Err(JoinRefusal::NotYet)),
        RoomState::Closed => return Ok(Err(JoinRefusal::Closed)),
        _ => {}
    }
    sqlx::query!(
        "insert into waiting_room_entry (room_id, user_id, draw) values ($1, $2, $3)
         on conflict (room_id, user_id) do nothing",
        id,
        user,
        draw
    )
    .execute(&mut *conn)
    .await?;
    let entry = entry(conn, id, user)
        .await?
        .expect("the entry was just written");
    Ok(Ok((room, entry)))
}

pub async fn entry(
    conn: &mut PgConnection,
    id: i64,
    user: Uuid,
) -> Result<Option<Entry>, sqlx::Error> {
    sqlx::query_as!(
        Entry,
        "select joined_at, position, admitted_at, left_at from waiting_room_entry
          where room_id = $1 and user_id = $2",
        id,
        user
    )
    .fetch_optional(conn)
    .await
}

/// The places of some fans, for the live streams of one api process (one query a tick).
pub async fn positions(
    conn: &mut PgConnection,
    id: i64,
    users: &[Uuid],
) -> Result<Vec<(Uuid, i64)>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"select user_id, position as "position!" from waiting_room_entry
            where room_id = $1 and user_id = any($2) and position is not null"#,
        id,
        users
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.user_id, r.position))
    .collect())
}

/// Whether the fan's admission to a room holds now: their turn came, they have not left and
/// it has not lapsed, and the room still guards (not closed).
pub async fn still_admitted(
    conn: &mut PgConnection,
    id: i64,
    user: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (
             select 1 from waiting_room_entry e join waiting_room r on r.id = e.room_id
              where e.room_id = $1 and e.user_id = $2 and e.left_at is null
                and (r.closed_at is not null
                     or e.admitted_at > now() - make_interval(secs => r.admission_seconds::float8))
           ) as "ok!""#,
        id,
        user
    )
    .fetch_one(conn)
    .await
}

/// The fan is done shopping (paid, or gave up): their admission no longer counts.
pub async fn leave(conn: &mut PgConnection, id: i64, user: Uuid) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query!(
        "update waiting_room_entry set left_at = now()
          where room_id = $1 and user_id = $2 and left_at is null",
        id,
        user
    )
    .execute(conn)
    .await?
    .rows_affected()
        > 0)
}

/// Where a fan stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Standing {
    pub state: RoomState,
    /// Their place, once placed (the pre-queue is placed at the opening).
    pub position: Option<i64>,
    /// Places before theirs still waiting.
    pub ahead: Option<i64>,
    /// Everyone placed so far (for the progress bar: `admitted` of `placed`).
    pub placed: i64,
    pub admitted: i64,
    pub estimated_wait_seconds: Option<i64>,
    /// Their turn came (the spec's status 1).
    pub turn: bool,
    pub opens_at: DateTime<Utc>,
}

/// A fan's standing from the room's counters and their place: no database.
pub fn standing(room: &Room, position: Option<i64>, now: DateTime<Utc>) -> Standing {
    let state = room.state(now);
    let turn = position.is_some_and(|p| p <= room.admitted);
    let ahead = position.map(|p| (p - room.admitted - 1).max(0));
    Standing {
        state,
        position,
        ahead,
        placed: room.placed,
        admitted: room.admitted,
        estimated_wait_seconds: ahead.filter(|_| !turn).map(|a| room.wait_seconds(a + 1)),
        turn,
        opens_at: room.opens_at,
    }
}

/// The live counts staff watch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RoomCounts {
    /// Joined and not yet admitted.
    pub waiting: i64,
    /// Admitted so far.
    pub admitted: i64,
    /// Admitted, not left, admission unexpired.
    pub shopping: i64,
    /// Admitted and left (done).
    pub done: i64,
    /// Admitted in the last minute.
    pub admitted_last_minute: i64,
    /// The estimated wait at the back of the line, in seconds.
    pub wait_at_back_seconds: i64,
}

pub async fn counts(conn: &mut PgConnection, room: &Room) -> Result<RoomCounts, sqlx::Error> {
    let r = sqlx::query!(
        r#"select count(*) filter (where admitted_at is null) as "waiting!",
                  count(*) filter (where admitted_at is not null) as "admitted!",
                  count(*) filter (where admitted_at > now() - make_interval(secs => $2) and left_at is null) as "shopping!",
                  count(*) filter (where left_at is not null and admitted_at is not null) as "done!",
                  count(*) filter (where admitted_at > now() - interval '1 minute') as "last_minute!"
             from waiting_room_entry where room_id = $1"#,
        room.id,
        f64::from(room.admission_seconds)
    )
    .fetch_one(conn)
    .await?;
    Ok(RoomCounts {
        waiting: r.waiting,
        admitted: r.admitted,
        shopping: r.shopping,
        done: r.done,
        admitted_last_minute: r.last_minute,
        wait_at_back_seconds: room.wait_seconds(r.waiting),
    })
}

/// What a tick did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tick {
    pub placed: i64,
    pub admitted: i64,
}

/// One tick of a room: the unplaced entries placed (the pre-queue shuffled by its draws, then
/// later arrivals in the order they came), then the next places admitted. Under the room's
/// row lock, skipped when another process holds it: ticking twice never admits twice.
/// Announces the counters when something changed. `None` when there was nothing to do.
pub async fn tick(conn: &mut PgConnection, id: i64) -> Result<Option<Tick>, sqlx::Error> {
    let room = room_select!(
        "id = $1 and closed_at is null and opens_at <= now() for update skip locked",
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(room) = room else {
        return Ok(None);
    };
    let placed = sqlx::query_scalar!(
        r#"with unplaced as (
             select user_id, row_number() over (
                      order by joined_at >= $2, case when joined_at < $2 then draw end, joined_at, draw) as n
               from waiting_room_entry where room_id = $1 and position is null
           )
           update waiting_room_entry e set position = $3 + unplaced.n
             from unplaced where e.room_id = $1 and e.user_id = unplaced.user_id
           returning e.position"#,
        id,
        room.opens_at,
        room.placed
    )
    .fetch_all(&mut *conn)
    .await?
    .len() as i64;
    let now = Utc::now();
    let mut admit = 0;
    let mut clock = room.admit_clock.unwrap_or(now);
    if !room.paused {
        let shopping = sqlx::query_scalar!(
            r#"select count(*) as "n!" from waiting_room_entry
                where room_id = $1 and admitted_at > now() - make_interval(secs => $2) and left_at is null"#,
            id,
            f64::from(room.admission_seconds)
        )
        .fetch_one(&mut *conn)
        .await?;
        let rate = i64::from(room.admit_per_minute);
        let earned = ((now - clock).num_milliseconds().max(0) * rate) / 60_000;
        let room_for = i64::from(room.max_shopping) - shopping;
        let waiting = room.placed + placed - room.admitted;
        admit = earned.min(room_for).min(waiting).max(0);
        clock = if admit == earned {
            // Limited by the rate: the part of a place not yet earned carries over.
            clock + Duration::milliseconds(admit * 60_000 / rate)
        } else {
            // Idle or full: nothing is banked.
            now
        };
        if admit > 0 {
            sqlx::query!(
                "update waiting_room_entry set admitted_at = now()
                  where room_id = $1 and position > $2 and position <= $2 + $3",
                id,
                room.admitted,
                admit
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    sqlx::query!(
        "update waiting_room set placed = placed + $2, admitted = admitted + $3, admit_clock = $4,
                shuffled_at = coalesce(shuffled_at, now()), updated_at = now()
          where id = $1",
        id,
        placed,
        admit,
        clock
    )
    .execute(&mut *conn)
    .await?;
    if placed > 0 || admit > 0 {
        announce(conn, id).await?;
    }
    Ok(Some(Tick {
        placed,
        admitted: admit,
    }))
}

/// Tells every api process a room changed (its id; they read its row once each).
async fn announce(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_notify($1, $2::bigint::text)", CHANNEL, id)
        .execute(conn)
        .await?;
    Ok(())
}

/// An admission: the room, the fan, until when; signed with the server's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admission {
    pub room_id: i64,
    pub user: Uuid,
    pub expires_at: DateTime<Utc>,
}

fn signature(key: &[u8], room: i64, user: Uuid, expires: i64) -> Vec<u8> {
    crate::secrets::keyed_hash(key, &format!("admission|{room}|{user}|{expires}"))
}

impl Admission {
    /// The token the fan's app sends back: `room.expires.signature`.
    pub fn token(&self, key: &[u8]) -> String {
        let expires = self.expires_at.timestamp();
        let sig = signature(key, self.room_id, self.user, expires);
        format!("{}.{expires}.{}", self.room_id, URL_SAFE_NO_PAD.encode(sig))
    }

    /// The admission a token carries for `user`, if it is theirs, signed with `key` and not
    /// expired at `now`.
    pub fn verify(key: &[u8], token: &str, user: Uuid, now: DateTime<Utc>) -> Option<Admission> {
        let mut parts = token.trim().splitn(3, '.');
        let room_id: i64 = parts.next()?.parse().ok()?;
        let expires: i64 = parts.next()?.parse().ok()?;
        let sig = URL_SAFE_NO_PAD.decode(parts.next()?).ok()?;
        if !crate::secrets::constant_time_eq(&sig, &signature(key, room_id, user, expires)) {
            return None;
        }
        let expires_at = DateTime::from_timestamp(expires, 0)?;
        (now < expires_at).then_some(Admission {
            room_id,
            user,
            expires_at,
        })
    }
}

/// The admission of a fan whose turn came: until their admission lapses.
pub fn admission_of(room: &Room, user: Uuid, entry: &Entry) -> Option<Admission> {
    let admitted_at = entry.admitted_at?;
    let expires_at = admitted_at + Duration::seconds(i64::from(room.admission_seconds));
    (entry.left_at.is_none() && Utc::now() < expires_at).then_some(Admission {
        room_id: room.id,
        user,
        expires_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Room {
        let now = Utc::now();
        Room {
            id: 7,
            fixture_id: Some(FixtureId(1)),
            season_ticket_id: None,
            prequeue_opens_at: now - Duration::hours(1),
            opens_at: now - Duration::minutes(1),
            admit_per_minute: 120,
            max_shopping: 100,
            admission_seconds: 600,
            paused: false,
            closed_at: None,
            admitted: 10,
            placed: 50,
            shuffled_at: Some(now),
            admit_clock: Some(now),
        }
    }

    #[test]
    fn an_admission_is_bound_to_its_fan_its_key_and_its_time() {
        let user = Uuid::now_v7();
        let now = Utc::now();
        let a = Admission {
            room_id: 7,
            user,
            expires_at: now + Duration::minutes(5),
        };
        let token = a.token(b"key");
        let back = Admission::verify(b"key", &token, user, now).expect("valid");
        assert_eq!((back.room_id, back.user), (7, user));
        assert_eq!(back.expires_at.timestamp(), a.expires_at.timestamp());
        assert!(Admission::verify(b"other key", &token, user, now).is_none());
        assert!(Admission::verify(b"key", &token, Uuid::now_v7(), now).is_none());
        assert!(Admission::verify(b"key", &token, user, now + Duration::minutes(6)).is_none());
        // Another room, a later expiry, a cut signature: forged.
        let forged = token.replacen("7.", "8.", 1);
        assert!(Admission::verify(b"key", &forged, user, now).is_none());
        let (head, sig) = token.rsplit_once('.').unwrap();
        let (room, _) = head.split_once('.').unwrap();
        let later = format!("{room}.{}.{sig}", (now + Duration::days(1)).timestamp());
        assert!(Admission::verify(b"key", &later, user, now).is_none());
        assert!(Admission::verify(b"key", &token[..token.len() - 2], user, now).is_none());
        assert!(Admission::verify(b"key", "", user, now).is_none());
        assert!(Admission::verify(b"key", "7.x.y", user, now).is_none());
    }

    #[test]
    fn a_fans_standing_follows_from_the_counters() {
        let r = room();
        let now = Utc::now();
        let s = standing(&r, Some(40), now);
        assert_eq!((s.ahead, s.turn), (Some(29), false));
        // 30 places to go at 120 a minute: 15 s.
        assert_eq!(s.estimated_wait_seconds, Some(15));
        let s = standing(&r, Some(10), now);
        assert_eq!(
            (s.ahead, s.turn, s.estimated_wait_seconds),
            (Some(0), true, None)
        );
        let s = standing(&r, None, now);
        assert_eq!((s.position, s.ahead, s.turn), (None, None, false));
    }

    #[test]
    fn a_room_guards_holds_from_its_prequeue_until_it_is_closed() {
        let mut r = room();
        let now = Utc::now();
        assert_eq!(r.state(now), RoomState::Open);
        assert!(r.guards(now));
        r.paused = true;
        assert_eq!(r.state(now), RoomState::Paused);
        assert!(r.guards(now));
        assert_eq!(r.state(now - Duration::minutes(30)), RoomState::Prequeue);
        assert_eq!(r.state(now - Duration::hours(2)), RoomState::Scheduled);
        assert!(!r.guards(now - Duration::hours(2)));
        r.closed_at = Some(now);
        assert!(!r.guards(now));
    }

    #[test]
    fn settings_out_of_bounds_are_named() {
        let now = Utc::now();
        let s = RoomSettings {
            prequeue_opens_at: now,
            opens_at: now - Duration::minutes(1),
            admit_per_minute: 0,
            max_shopping: 1,
            admission_seconds: 30,
        };
        let names: Vec<_> = s.problems().into_iter().map(|(f, _)| f).collect();
        assert_eq!(
            names,
            ["prequeue_opens_at", "admit_per_minute", "admission_seconds"]
        );
    }
}
