//! `/api/admin/blacklist`: the club's blacklist (people the club will not sell to): list and
//! search, add, remove; audited. Each change reaches the ticketing system by a job
//! (`workflows::blacklist`), which then refuses to issue those people a title.

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
use domain::blacklist::{self, BlacklistEntry, NewBlacklistEntry, Refusal};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_entries, add_entry))
        .routes(routes!(get_entry))
        .routes(routes!(remove_entry))
}

fn entry_id(value: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(value).map_err(|_| not_found())
}

fn not_found() -> ApiError {
    ApiError::not_found("No such blacklist entry")
}

fn refused(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Invalid(problems) => ApiError::validation(
            problems
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        ),
        Refusal::Already => ApiError::new(
            StatusCode::CONFLICT,
            "already_blacklisted",
            "This person is on the blacklist already",
        ),
        Refusal::Removed => ApiError::new(
            StatusCode::CONFLICT,
            "already_removed",
            "This entry was removed already",
        ),
        Refusal::NotFound => not_found(),
    }
}

/// `GET /api/admin/blacklist`: entries, newest first; `filter` by `q` (a part of the name or
/// fiscal code) and `current` (true: only those in force).
#[utoipa::path(get, path = "/blacklist", tag = "admin", params(RawListParams),
    responses(
        (status = 200, body = Vec<BlacklistEntry>,
         headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
        (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    ))]
async fn list_entries(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let current = match params.filter.get("current") {
        None | Some(serde_json::Value::Null) => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(_) => return Err(rest::bad_filter("current")),
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = blacklist::list(
        &mut conn,
        None,
        params.filter_str("q").as_deref(),
        current,
        params.limit,
        params.offset,
    )
    .await?;
    Ok(rest::page("blacklist", &params, items, total))
}

/// `GET /api/admin/blacklist/{id}`: one entry.
#[utoipa::path(get, path = "/blacklist/{id}", tag = "admin",
    params(("id" = String, Path, description = "The entry (a UUID)")),
    responses(
        (status = 200, body = BlacklistEntry),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    ))]
async fn get_entry(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<BlacklistEntry>> {
    let id = entry_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    blacklist::get(&mut conn, id)
        .await?
        .map(axum::Json)
        .ok_or_else(not_found)
}

/// `POST /api/admin/blacklist`: puts a person on the blacklist; audited, sent to the ticketing
/// system by a job.
#[utoipa::path(post, path = "/blacklist", tag = "admin", request_body = NewBlacklistEntry,
    responses(
        (status = 201, body = BlacklistEntry),
        (status = 409, body = crate::openapi::ErrorBody, description = "`already_blacklisted`"),
        (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `first_name`, `last_name`, `reason` (`required`, `too_long`), `birth_date` (`required`, `in_future`), `fiscal_code` (`invalid_format`, `check_character`)"),
    ))]
async fn add_entry(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(body): Json<NewBlacklistEntry>,
) -> ApiResult<Response> {
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let mut tx = state.pool.begin().await?;
    let entry = blacklist::add(&mut tx, Some(staff.user.user_id), &body, today)
        .await?
        .map_err(refused)?;
    workflows::blacklist::queue_change(&mut tx, entry.id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(entry)).into_response())
}

/// `POST /api/admin/blacklist/{id}/remove`: takes a person off the blacklist; audited, sent to
/// the ticketing system by a job.
#[utoipa::path(post, path = "/blacklist/{id}/remove", tag = "admin",
    params(("id" = String, Path, description = "The entry (a UUID)")),
    responses(
        (status = 200, body = BlacklistEntry),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`already_removed`"),
    ))]
async fn remove_entry(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<BlacklistEntry>> {
    let id = entry_id(&id)?;
    let mut tx = state.pool.begin().await?;
    let entry = blacklist::remove(&mut tx, Some(staff.user.user_id), id)
        .await?
        .map_err(refused)?;
    workflows::blacklist::queue_change(&mut tx, entry.id).await?;
    tx.commit().await?;
    Ok(axum::Json(entry))
}
