//! `/api/admin/waiting-rooms`: staff enable a waiting room for a fixture's or a season
//! ticket's on-sale, change its settings, pause, resume and close it, and watch its live
//! counts (the spec's /admin/queue/{type}).

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use chrono::Utc;
use domain::ids::{FixtureId, SeasonTicketId};
use domain::waiting_room::{
    self as rooms, ChangeRefusal, Room, RoomCounts, RoomSettings, RoomState, RoomTarget,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_rooms, create_room))
        .routes(routes!(get_room, update_room))
        .routes(routes!(pause_room))
        .routes(routes!(resume_room))
        .routes(routes!(close_room))
}

/// A room as staff watch it: its settings, its state now and its live counts.
#[derive(Serialize, ToSchema)]
pub struct WaitingRoomView {
    #[serde(flatten)]
    room: Room,
    /// The fixture's or season ticket's title.
    target_title: String,
    state: RoomState,
    counts: RoomCounts,
}

async fn view(conn: &mut sqlx::PgConnection, room: Room) -> Result<WaitingRoomView, sqlx::Error> {
    let target_title = sqlx::query_scalar!(
        r#"select coalesce((select title from fixture where id = $1),
                           (select name from season_ticket where id = $2), '') as "t!""#,
        room.fixture_id.map(|f| f.0),
        room.season_ticket_id.map(|s| s.0)
    )
    .fetch_one(&mut *conn)
    .await?;
    let counts = rooms::counts(conn, &room).await?;
    Ok(WaitingRoomView {
        state: room.state(Utc::now()),
        room,
        target_title,
        counts,
    })
}

fn not_found() -> ApiError {
    ApiError::not_found("No such waiting room")
}

fn refused(r: ChangeRefusal) -> ApiError {
    match r {
        ChangeRefusal::NotFound => not_found(),
        ChangeRefusal::Closed => ApiError::new(
            StatusCode::CONFLICT,
            "room_closed",
            "This waiting room is closed",
        ),
        ChangeRefusal::AlreadyOpened => ApiError::new(
            StatusCode::CONFLICT,
            "room_opened",
            "The room has opened: its times cannot change",
        ),
    }
}

fn checked(s: &RoomSettings) -> ApiResult<()> {
    let problems = s.problems();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(
            problems
                .into_iter()
                .map(|(f, m)| (f.to_owned(), m.to_owned()))
                .collect(),
        ))
    }
}

/// `GET /api/admin/waiting-rooms`: every room, the latest opening first;
/// `filter={"fixture_id":..}` or `{"season_ticket_id":..}` for one on-sale's.
#[utoipa::path(get, path = "/waiting-rooms", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<WaitingRoomView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_rooms(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let wanted = |key: &str| params.filter.get(key).and_then(|v| v.as_i64());
    let (fixture, season) = (wanted("fixture_id"), wanted("season_ticket_id"));
    let mut conn = state.pool.acquire().await?;
    let all: Vec<Room> = rooms::list(&mut conn)
        .await?
        .into_iter()
        .filter(|r| fixture.is_none_or(|f| r.fixture_id == Some(FixtureId(f))))
        .filter(|r| season.is_none_or(|s| r.season_ticket_id == Some(SeasonTicketId(s))))
        .collect();
    let total = all.len() as i64;
    let mut items = vec![];
    for room in all
        .into_iter()
        .skip(params.offset as usize)
        .take(params.limit as usize)
    {
        items.push(view(&mut conn, room).await?);
    }
    Ok(rest::page("waiting-rooms", &params, items, total))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewRoom {
    fixture_id: Option<i64>,
    season_ticket_id: Option<i64>,
    prequeue_opens_at: chrono::DateTime<Utc>,
    opens_at: chrono::DateTime<Utc>,
    admit_per_minute: i32,
    max_shopping: i32,
    admission_seconds: i32,
}

impl NewRoom {
    fn settings(&self) -> RoomSettings {
        RoomSettings {
            prequeue_opens_at: self.prequeue_opens_at,
            opens_at: self.opens_at,
            admit_per_minute: self.admit_per_minute,
            max_shopping: self.max_shopping,
            admission_seconds: self.admission_seconds,
        }
    }
}

/// `POST /api/admin/waiting-rooms`: a room for one on-sale.
#[utoipa::path(post, path = "/waiting-rooms", tag = "admin", request_body = NewRoom, responses(
    (status = 201, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`room_exists`: the on-sale has a room"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
async fn create_room(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<NewRoom>,
) -> ApiResult<Response> {
    let target = match (req.fixture_id, req.season_ticket_id) {
        (Some(f), None) => RoomTarget::Fixture(FixtureId(f)),
        (None, Some(s)) => RoomTarget::Season(SeasonTicketId(s)),
        _ => {
            return Err(ApiError::validation(
                [(
                    "fixture_id".to_owned(),
                    "a fixture or a season ticket".to_owned(),
                )]
                .into(),
            ));
        }
    };
    let settings = req.settings();
    checked(&settings)?;
    let mut tx = state.pool.begin().await?;
    let exists = match target {
        RoomTarget::Fixture(f) => {
            sqlx::query_scalar!("select 1 as one from fixture where id = $1", f.0)
                .fetch_optional(&mut *tx)
                .await?
        }
        RoomTarget::Season(s) => {
            sqlx::query_scalar!("select 1 as one from season_ticket where id = $1", s.0)
                .fetch_optional(&mut *tx)
                .await?
        }
    };
    if exists.is_none() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "target_not_found",
            "No such fixture or season ticket",
        ));
    }
    let room = rooms::create(&mut tx, target, &settings)
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "room_exists",
                "This on-sale has a waiting room already",
            )
        })?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "waiting_room.create",
        "waiting_room",
        &room.id.to_string(),
        json!({"fixture_id": req.fixture_id, "season_ticket_id": req.season_ticket_id}),
    )
    .await?;
    let v = view(&mut tx, room).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(v)).into_response())
}

/// `GET /api/admin/waiting-rooms/{id}`: the room and its live counts.
#[utoipa::path(get, path = "/waiting-rooms/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_room(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let room = rooms::get(&mut conn, id).await?.ok_or_else(not_found)?;
    Ok(axum::Json(view(&mut conn, room).await?).into_response())
}

/// `PUT /api/admin/waiting-rooms/{id}`: new settings; the times only until it opened.
#[utoipa::path(put, path = "/waiting-rooms/{id}", tag = "admin", params(("id" = i64, Path)), request_body = RoomSettings, responses(
    (status = 200, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`room_closed`, `room_opened` (the times changed after the opening)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
async fn update_room(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<RoomSettings>,
) -> ApiResult<Response> {
    checked(&req)?;
    change(&state, &staff, id, "waiting_room.update", async |tx| {
        rooms::update(tx, id, &req).await
    })
    .await
}

/// Runs a change of a room in a transaction, audited; answers the room as it is after it.
async fn change(
    state: &AppState,
    staff: &crate::auth::Session,
    id: i64,
    action: &str,
    f: impl AsyncFnOnce(&mut sqlx::PgConnection) -> Result<Result<Room, ChangeRefusal>, sqlx::Error>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let room = f(&mut tx).await?.map_err(refused)?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        action,
        "waiting_room",
        &id.to_string(),
        json!({}),
    )
    .await?;
    let v = view(&mut tx, room).await?;
    tx.commit().await?;
    Ok(axum::Json(v).into_response())
}

/// `POST /api/admin/waiting-rooms/{id}/pause`: fans keep their places; nobody is admitted.
#[utoipa::path(post, path = "/waiting-rooms/{id}/pause", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`room_closed`"),
))]
async fn pause_room(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    change(&state, &staff, id, "waiting_room.pause", async |tx| {
        rooms::set_paused(tx, id, true).await
    })
    .await
}

/// `POST /api/admin/waiting-rooms/{id}/resume`: admissions go on at the room's rate.
#[utoipa::path(post, path = "/waiting-rooms/{id}/resume", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`room_closed`"),
))]
async fn resume_room(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    change(&state, &staff, id, "waiting_room.resume", async |tx| {
        rooms::set_paused(tx, id, false).await
    })
    .await
}

/// `POST /api/admin/waiting-rooms/{id}/close`: the room is over; holding needs no admission.
#[utoipa::path(post, path = "/waiting-rooms/{id}/close", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = WaitingRoomView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn close_room(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    change(&state, &staff, id, "waiting_room.close", async |tx| {
        rooms::close(tx, id).await
    })
    .await
}
