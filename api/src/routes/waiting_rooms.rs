//! The waiting room, for fans (issue 19): whether an on-sale has one, joining it (again: the
//! same place), where they stand, live over server-sent events fed by the process's one
//! listener, and leaving when done. When their turn comes they receive an admission: a
//! signed, expiring token the hold paths ask for while the room guards the on-sale.

use crate::{
    auth::{ClientIp, CurrentUser, Session},
    error::{ApiError, ApiResult},
    extract::Path,
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use chrono::{DateTime, Utc};
use domain::ids::{FixtureId, SeasonTicketId};
use domain::waiting_room::{
    self as rooms, Admission, Entry, JoinRefusal, Room, RoomState, RoomTarget, Standing,
};
use futures::Stream;
use secrecy::ExposeSecret;
use serde::Serialize;
use std::{convert::Infallible, sync::Arc, time::Duration};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(fixture_room))
        .routes(routes!(season_room))
        .routes(routes!(join))
        .routes(routes!(me, leave))
        .routes(routes!(events))
}

/// Joins one address may make in a minute (fans behind one network share an address).
const JOINS_PER_ADDRESS: i32 = 120;

/// A room as fans see it.
#[derive(Serialize, ToSchema)]
pub struct RoomInfo {
    id: i64,
    state: RoomState,
    prequeue_opens_at: DateTime<Utc>,
    opens_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
pub struct OnSaleRoom {
    /// The on-sale's room, or `null` when it has none (anyone may hold seats).
    room: Option<RoomInfo>,
}

fn info(room: &Room) -> RoomInfo {
    RoomInfo {
        id: room.id,
        state: room.state(Utc::now()),
        prequeue_opens_at: room.prequeue_opens_at,
        opens_at: room.opens_at,
    }
}

fn on_sale_room(state: &AppState, target: RoomTarget) -> Response {
    let room = state
        .rooms
        .of_target(target)
        .filter(|r| r.state(Utc::now()) != RoomState::Closed);
    axum::Json(OnSaleRoom {
        room: room.as_deref().map(info),
    })
    .into_response()
}

/// `GET /api/fixtures/{id}/waiting-room`: the match's room, if it has one open or coming.
#[utoipa::path(get, path = "/fixtures/{id}/waiting-room", tag = "waiting-room",
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = OnSaleRoom),
))]
async fn fixture_room(State(state): State<AppState>, Path(id): Path<FixtureId>) -> Response {
    on_sale_room(&state, RoomTarget::Fixture(id))
}

/// `GET /api/season-tickets/{id}/waiting-room`: the season ticket's room, if any.
#[utoipa::path(get, path = "/season-tickets/{id}/waiting-room", tag = "waiting-room",
    params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = OnSaleRoom),
))]
async fn season_room(State(state): State<AppState>, Path(id): Path<SeasonTicketId>) -> Response {
    on_sale_room(&state, RoomTarget::Season(id))
}

/// An admission: what the hold paths ask for in the `X-Admission` header.
#[derive(Serialize, ToSchema)]
pub struct AdmissionView {
    token: String,
    expires_at: DateTime<Utc>,
}

/// Where the fan stands, and their admission once their turn came.
#[derive(Serialize, ToSchema)]
pub struct FanStanding {
    room_id: i64,
    #[serde(flatten)]
    standing: Standing,
    admission: Option<AdmissionView>,
}

fn admission_view(state: &AppState, a: &Admission) -> AdmissionView {
    AdmissionView {
        token: a.token(state.config.auth.secret.expose_secret().as_bytes()),
        expires_at: a.expires_at,
    }
}

/// The fan's standing from the room's counters (from memory when this process has them) and
/// their entry.
fn fan_standing(state: &AppState, room: &Room, user: uuid::Uuid, entry: &Entry) -> FanStanding {
    let standing = rooms::standing(room, entry.position, Utc::now());
    let admission = if standing.turn {
        rooms::admission_of(room, user, entry).map(|a| admission_view(state, &a))
    } else {
        None
    };
    FanStanding {
        room_id: room.id,
        standing,
        admission,
    }
}

fn room_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "room_not_found",
        "No such waiting room",
    )
}

/// `POST /api/waiting-rooms/{id}/join`: takes a place (the same one when joined already).
#[utoipa::path(post, path = "/waiting-rooms/{id}/join", tag = "waiting-room", security(("session" = [])),
    params(("id" = i64, Path, description = "The room")), responses(
    (status = 200, body = FanStanding),
    (status = 404, body = crate::openapi::ErrorBody, description = "`room_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`room_not_open_yet` (`errors.prequeue_opens_at`), `room_closed`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: too many joins from one address"),
))]
#[tracing::instrument(skip_all, fields(room = id))]
async fn join(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    ClientIp(address): ClientIp,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    if let Some(ip) = address {
        let bucket = format!("room-join:ip:{ip}");
        if !domain::rate_limit::hit(
            &mut conn,
            &bucket,
            Duration::from_secs(60),
            JOINS_PER_ADDRESS,
        )
        .await?
        {
            return Err(ApiError::rate_limited());
        }
    }
    let draw = rooms::draw();
    let (room, entry) = match rooms::join(&mut conn, id, session.user.user_id, draw).await? {
        Ok(joined) => joined,
        Err(JoinRefusal::NotFound) => return Err(room_not_found()),
        Err(JoinRefusal::Closed) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "room_closed",
                "The waiting room is closed",
            ));
        }
        Err(JoinRefusal::NotYet) => {
            let room = rooms::get(&mut conn, id)
                .await?
                .ok_or_else(room_not_found)?;
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "room_not_open_yet",
                "The waiting room has not opened yet",
            )
            .with_detail(
                "prequeue_opens_at",
                serde_json::json!(room.prequeue_opens_at),
            ));
        }
    };
    let room = state.rooms.get(id).unwrap_or_else(|| Arc::new(room));
    Ok(axum::Json(fan_standing(&state, &room, session.user.user_id, &entry)).into_response())
}

async fn my_entry(state: &AppState, session: &Session, id: i64) -> ApiResult<(Arc<Room>, Entry)> {
    let mut conn = state.pool.acquire().await?;
    let entry = rooms::entry(&mut conn, id, session.user.user_id)
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "not_in_room",
                "You have not joined this waiting room",
            )
        })?;
    let room = match state.rooms.get(id) {
        Some(r) => r,
        None => Arc::new(
            rooms::get(&mut conn, id)
                .await?
                .ok_or_else(room_not_found)?,
        ),
    };
    Ok((room, entry))
}

/// `GET /api/waiting-rooms/{id}/me`: where the fan stands.
#[utoipa::path(get, path = "/waiting-rooms/{id}/me", tag = "waiting-room", security(("session" = [])),
    params(("id" = i64, Path, description = "The room")), responses(
    (status = 200, body = FanStanding),
    (status = 404, body = crate::openapi::ErrorBody, description = "`room_not_found`, `not_in_room`"),
))]
async fn me(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let (room, entry) = my_entry(&state, &session, id).await?;
    Ok(axum::Json(fan_standing(&state, &room, session.user.user_id, &entry)).into_response())
}

/// `DELETE /api/waiting-rooms/{id}/me`: the fan is done shopping; their admission ends and
/// frees its room for the next fan.
#[utoipa::path(delete, path = "/waiting-rooms/{id}/me", tag = "waiting-room", security(("session" = [])),
    params(("id" = i64, Path, description = "The room")), responses(
    (status = 204, description = "Left"),
))]
async fn leave(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    rooms::leave(&mut conn, id, session.user.user_id).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/waiting-rooms/{id}/events`: the fan's standing, live.
#[utoipa::path(get, path = "/waiting-rooms/{id}/events", tag = "waiting-room", security(("session" = [])),
    params(("id" = i64, Path, description = "The room")), responses(
    (status = 200, content_type = "text/event-stream", body = String, description = "Server-sent events `standing` (a FanStanding) whenever it changes; the stream ends when the room closes"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`room_not_found`, `not_in_room`"),
))]
async fn events(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let user = session.user.user_id;
    let (_, mut entry) = my_entry(&state, &session, id).await?;
    let rx = state.rooms.watch(id).ok_or_else(room_not_found)?;
    let mut place = None;
    if entry.position.is_none() {
        // Registered first, then read again: a placement between the two is not missed.
        place = Some(state.rooms.place_of(id, user));
        let (_, again) = my_entry(&state, &session, id).await?;
        entry = again;
        if entry.position.is_some() {
            place = None;
        }
    }
    let stream = Follow {
        state,
        user,
        rx,
        entry,
        place,
        last: None,
        over: false,
    };
    let stream = futures::stream::unfold(stream, |mut f| async move {
        let event = f.next().await?;
        Some((Ok(event), f))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

enum Woke {
    Changed(bool),
    Placed(Option<i64>),
    Stopped,
}

/// One fan's stream: sends their standing when it changes.
struct Follow {
    state: AppState,
    user: uuid::Uuid,
    rx: tokio::sync::watch::Receiver<Arc<Room>>,
    entry: Entry,
    place: Option<tokio::sync::oneshot::Receiver<i64>>,
    last: Option<String>,
    over: bool,
}

impl Follow {
    async fn next(&mut self) -> Option<Event> {
        loop {
            if self.over {
                return None;
            }
            let room = self.rx.borrow_and_update().clone();
            let turn = rooms::standing(&room, self.entry.position, Utc::now()).turn;
            if turn && self.entry.admitted_at.is_none() {
                // The turn came: the entry is read once, for the admission's times.
                if let Ok(mut conn) = self.state.pool.acquire().await
                    && let Ok(Some(e)) = rooms::entry(&mut conn, room.id, self.user).await
                {
                    self.entry = e;
                }
            }
            let out = fan_standing(&self.state, &room, self.user, &self.entry);
            self.over = out.standing.state == RoomState::Closed;
            let data = serde_json::to_string(&out).unwrap_or_default();
            if self.last.as_deref() != Some(data.as_str()) {
                self.last = Some(data.clone());
                return Some(Event::default().event("standing").data(data));
            }
            let woke = {
                let (rx, place, live) = (&mut self.rx, &mut self.place, &self.state.live);
                tokio::select! {
                    changed = rx.changed() => Woke::Changed(changed.is_ok()),
                    position = async {
                        match place.as_mut() {
                            Some(p) => p.await.ok(),
                            None => std::future::pending().await,
                        }
                    } => Woke::Placed(position),
                    _ = live.stopped() => Woke::Stopped,
                }
            };
            match woke {
                Woke::Changed(true) => {}
                Woke::Changed(false) | Woke::Stopped => return None,
                Woke::Placed(position) => {
                    self.place = None;
                    if position.is_some() {
                        self.entry.position = position;
                    }
                }
            }
        }
    }
}
