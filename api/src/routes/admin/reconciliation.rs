//! The tickets mismatch report for staff (spec: /admin/reports/tickets_mismatch_report): run
//! one for a fixture, read its divergences, reconcile each (audited). Contract:
//! `docs/api/staff-operations.md`.

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
use domain::ids::FixtureId;
use domain::{
    audit, fixtures,
    reconciliation::{self, Kind, TakeRefusal},
};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::reconciliation::{CancelStrayTitle, RunMismatchReport};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_reports, create_report))
        .routes(routes!(get_report))
        .routes(routes!(list_mismatches))
        .routes(routes!(get_mismatch))
        .routes(routes!(reconcile))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReportRequest {
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    fixture_id: Option<FixtureId>,
}

/// `POST /api/admin/mismatch-reports`: compares a fixture's titles, by a job. Audited.
#[utoipa::path(post, path = "/mismatch-reports", tag = "admin", request_body = ReportRequest, responses(
    (status = 201, body = reconciliation::Report),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
#[tracing::instrument(skip_all)]
async fn create_report(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<ReportRequest>,
) -> ApiResult<Response> {
    let Some(fixture_id) = req.fixture_id else {
        return Err(ApiError::validation(
            [("fixture_id".to_owned(), "required".to_owned())].into(),
        ));
    };
    let mut tx = state.pool.begin().await?;
    if fixtures::find(&mut tx, fixture_id).await?.is_none() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "fixture_not_found",
            "No such fixture",
        ));
    }
    let id = reconciliation::create_report(&mut tx, fixture_id, staff.user.user_id).await?;
    workflows::enqueue(&mut tx, &RunMismatchReport { report_id: id }).await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "mismatch_report.requested",
        "mismatch_report",
        &id.to_string(),
        json!({"fixture_id": fixture_id}),
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(one_report(&state, id).await?),
    )
        .into_response())
}

async fn one_report(state: &AppState, id: Uuid) -> ApiResult<reconciliation::Report> {
    let mut conn = state.pool.acquire().await?;
    reconciliation::reports(&mut conn, None, Some(id), 0, 1)
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such report"))
}

/// `GET /api/admin/mismatch-reports`: newest first; filter `fixture_id`.
#[utoipa::path(get, path = "/mismatch-reports", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<reconciliation::Report>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `fixture_id`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_reports(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let fixture = params.filter_i64("fixture_id")?.map(FixtureId);
    let mut conn = state.pool.acquire().await?;
    let (items, total) =
        reconciliation::reports(&mut conn, fixture, None, params.offset, params.limit).await?;
    Ok(rest::page("mismatch-reports", &params, items, total))
}

/// `GET /api/admin/mismatch-reports/{id}`.
#[utoipa::path(get, path = "/mismatch-reports/{id}", tag = "admin", params(("id" = String, Path, description = "The report (a UUID)")), responses(
    (status = 200, body = reconciliation::Report),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_report(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::not_found("No such report"))?;
    Ok(axum::Json(one_report(&state, id).await?).into_response())
}

/// `GET /api/admin/mismatches`: filters `report_id`, `resolved`.
#[utoipa::path(get, path = "/mismatches", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<reconciliation::Mismatch>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `report_id`, `resolved`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_mismatches(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let report = match params.filter_str("report_id") {
        None => None,
        Some(r) => Some(Uuid::parse_str(&r).map_err(|_| rest::bad_filter("report_id"))?),
    };
    let resolved = match params.filter.get("resolved") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(Value::String(s)) if s == "true" || s == "false" => Some(s == "true"),
        Some(_) => return Err(rest::bad_filter("resolved")),
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = reconciliation::mismatches(
        &mut conn,
        report,
        resolved,
        None,
        params.offset,
        params.limit,
    )
    .await?;
    Ok(rest::page("mismatches", &params, items, total))
}

async fn one_mismatch(state: &AppState, id: i64) -> ApiResult<reconciliation::Mismatch> {
    let mut conn = state.pool.acquire().await?;
    reconciliation::mismatches(&mut conn, None, None, Some(id), 0, 1)
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such mismatch"))
}

/// `GET /api/admin/mismatches/{id}`.
#[utoipa::path(get, path = "/mismatches/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = reconciliation::Mismatch),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_mismatch(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    Ok(axum::Json(one_mismatch(&state, id).await?).into_response())
}

fn already_resolved() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "already_resolved",
        "This divergence is already reconciled",
    )
}

/// `POST /api/admin/mismatches/{id}/reconcile`: ours agrees with the ticketing system (a
/// stray title there is cancelled there, by a job: 202). Audited.
#[utoipa::path(post, path = "/mismatches/{id}/reconcile", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = reconciliation::Mismatch, description = "Resolved"),
    (status = 202, body = reconciliation::Mismatch, description = "A stray title there is being cancelled by a job"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`already_resolved`, `seat_conflict`, `holder_conflict`"),
))]
#[tracing::instrument(skip_all, fields(mismatch_id = id))]
async fn reconcile(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let m = one_mismatch(&state, id).await?;
    let mut tx = state.pool.begin().await?;
    match reconciliation::lock(&mut tx, id).await? {
        None => return Err(ApiError::not_found("No such mismatch")),
        Some(Some(_)) => return Err(already_resolved()),
        Some(None) => {}
    }
    let kind = m.kind;
    let staff_id = staff.user.user_id;
    let status = match kind {
        Kind::UnknownHere => {
            if !reconciliation::request_resolution(&mut tx, id, staff_id, "cancel_requested")
                .await?
            {
                return Err(already_resolved());
            }
            workflows::enqueue(&mut tx, &CancelStrayTitle { mismatch_id: id }).await?;
            StatusCode::ACCEPTED
        }
        Kind::CancelledThere | Kind::MissingThere => {
            reconciliation::cancel_ours(&mut tx, m.title_id).await?;
            reconciliation::mark_resolved(&mut tx, id, Some(staff_id), "ours cancelled").await?;
            StatusCode::OK
        }
        Kind::DifferentHolder => {
            let holder = m.there_holder.clone().unwrap_or_default();
            let text = |k: &str| holder[k].as_str().unwrap_or_default().to_owned();
            let birth = chrono::NaiveDate::parse_from_str(&text("birth_date"), "%Y-%m-%d")
                .map_err(|_| ApiError::internal())?;
            reconciliation::take_their_holder(
                &mut tx,
                m.title_id,
                &text("first_name"),
                &text("last_name"),
                birth,
            )
            .await?
            .map_err(ApiError::from)?;
            reconciliation::mark_resolved(&mut tx, id, Some(staff_id), "ours took their holder")
                .await?;
            StatusCode::OK
        }
        Kind::DifferentSeat => {
            let seat = m
                .there_seat
                .ok_or_else(|| ApiError::from(TakeRefusal::SeatConflict))?;
            reconciliation::take_their_seat(&mut tx, m.title_id, seat)
                .await?
                .map_err(ApiError::from)?;
            reconciliation::mark_resolved(&mut tx, id, Some(staff_id), "ours took their seat")
                .await?;
            StatusCode::OK
        }
    };
    audit::record(
        &mut tx,
        Some(staff_id),
        "mismatch.reconciled",
        "mismatch",
        &id.to_string(),
        json!({"kind": m.kind, "title_id": m.title_id, "here": m.here, "there": m.there}),
    )
    .await?;
    tx.commit().await?;
    Ok((status, axum::Json(one_mismatch(&state, id).await?)).into_response())
}
