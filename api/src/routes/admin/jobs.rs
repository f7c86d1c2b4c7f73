//! The Jobs area: every durable job by queue and state, with retry and discard (both
//! audited). The live job board (apalis-board) is linked from `GET /api/admin/system`.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Path, Query},
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::{audit, jobs};
use serde_json::json;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_queues))
        .routes(routes!(list_jobs))
        .routes(routes!(get_job))
        .routes(routes!(retry_job))
        .routes(routes!(discard_job))
}

/// `GET /api/admin/job-queues`: jobs per queue and state.
#[utoipa::path(get, path = "/job-queues", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<jobs::QueueCounts>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_queues(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let all = jobs::queues(&mut conn).await?;
    let total = all.len() as i64;
    let page: Vec<_> = all
        .into_iter()
        .skip(params.offset as usize)
        .take(params.limit as usize)
        .collect();
    Ok(rest::page("job-queues", &params, page, total))
}

const STATUSES: [&str; 5] = ["pending", "running", "done", "retrying", "dead"];

/// `GET /api/admin/jobs`: filters `queue`, `status`.
#[utoipa::path(get, path = "/jobs", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<jobs::JobRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `queue`, `status`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_jobs(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let status = params.filter_str("status");
    if let Some(s) = &status
        && !STATUSES.contains(&s.as_str())
    {
        return Err(rest::bad_filter("status"));
    }
    let q = jobs::JobQuery {
        queue: params.filter_str("queue"),
        status,
        sort: params.sort_field.clone(),
        ascending: params.sort_field.is_some() && !params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = jobs::list(&mut conn, &q, None).await?;
    Ok(rest::page("jobs", &params, items, total))
}

async fn one(state: &AppState, id: &str) -> ApiResult<jobs::JobRow> {
    let mut conn = state.pool.acquire().await?;
    jobs::list(&mut conn, &Default::default(), Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such job"))
}

/// `GET /api/admin/jobs/{id}`.
#[utoipa::path(get, path = "/jobs/{id}", tag = "admin", params(("id" = String, Path)), responses(
    (status = 200, body = jobs::JobRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_job(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(axum::Json(one(&state, &id).await?).into_response())
}

/// `POST /api/admin/jobs/{id}/retry`: a dead or retrying job runs again now. Audited.
#[utoipa::path(post, path = "/jobs/{id}/retry", tag = "admin", params(("id" = String, Path)), responses(
    (status = 200, body = jobs::JobRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`job_not_retryable`"),
))]
#[tracing::instrument(skip_all, fields(job_id = %id))]
async fn retry_job(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let before = one(&state, &id).await?;
    let mut tx = state.pool.begin().await?;
    if !workflows::staff::retry_job(&mut tx, &id).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "job_not_retryable",
            "Only a dead or retrying job can be retried",
        ));
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "job.retried",
        "job",
        &id,
        json!({"queue": before.queue, "status": before.status, "attempts": before.attempts,
               "last_error": before.last_error}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(one(&state, &id).await?).into_response())
}

/// `POST /api/admin/jobs/{id}/discard`: a waiting or retrying job will not run. Audited.
#[utoipa::path(post, path = "/jobs/{id}/discard", tag = "admin", params(("id" = String, Path)), responses(
    (status = 200, body = jobs::JobRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`job_not_discardable`"),
))]
#[tracing::instrument(skip_all, fields(job_id = %id))]
async fn discard_job(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let before = one(&state, &id).await?;
    let mut tx = state.pool.begin().await?;
    if !workflows::staff::discard_job(&mut tx, &id).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "job_not_discardable",
            "Only a waiting or retrying job can be discarded",
        ));
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "job.discarded",
        "job",
        &id,
        json!({"queue": before.queue, "status": before.status, "attempts": before.attempts}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(one(&state, &id).await?).into_response())
}
