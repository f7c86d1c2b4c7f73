//! Excel exports for staff: asked for here, built by a job, downloaded when done (creating
//! and downloading are audited). Contract: `docs/api/staff-operations.md`.

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
    audit,
    exports::{self, Kind},
    fixtures,
};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use domain::build_state::BuildState;
use workflows::exports::BuildExport;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_exports, create_export))
        .routes(routes!(get_export))
        .routes(routes!(get_file))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ExportRequest {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    fixture_id: Option<FixtureId>,
}

/// `POST /api/admin/exports`: a new export, built by a job. Audited.
#[utoipa::path(post, path = "/exports", tag = "admin", request_body = ExportRequest, responses(
    (status = 201, body = exports::Export),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
#[tracing::instrument(skip_all)]
async fn create_export(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<ExportRequest>,
) -> ApiResult<Response> {
    let invalid = |field: &str, code: &str| {
        ApiError::validation([(field.to_owned(), code.to_owned())].into())
    };
    let kind = Kind::parse(&req.kind).ok_or_else(|| invalid("kind", "invalid"))?;
    let fixture_id = match (kind, req.fixture_id) {
        (Kind::CustomerConsent, _) => None,
        (k, None) if k.needs_fixture() => return Err(invalid("fixture_id", "required")),
        (_, f) => f,
    };
    let mut tx = state.pool.begin().await?;
    if let Some(f) = fixture_id
        && fixtures::find(&mut tx, f).await?.is_none()
    {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "fixture_not_found",
            "No such fixture",
        ));
    }
    let id = exports::create(
        &mut tx,
        kind,
        fixture_id,
        staff.user.user_id,
        state.config.exports_keep,
    )
    .await?;
    workflows::enqueue(&mut tx, &BuildExport { export_id: id }).await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "export.requested",
        "export",
        &id.to_string(),
        json!({"kind": kind.name(), "fixture_id": fixture_id}),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(one(&state, id).await?)).into_response())
}

async fn one(state: &AppState, id: Uuid) -> ApiResult<exports::Export> {
    let mut conn = state.pool.acquire().await?;
    exports::list(&mut conn, &Default::default(), Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such export"))
}

fn export_id(raw: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("No such export"))
}

/// `GET /api/admin/exports`: newest first; filters `kind`, `state`.
#[utoipa::path(get, path = "/exports", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<exports::Export>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `kind`, `state`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_exports(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let q = exports::ExportQuery {
        kind: params.filter_enum("kind")?,
        state: params.filter_enum("state")?,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = exports::list(&mut conn, &q, None).await?;
    Ok(rest::page("exports", &params, items, total))
}

/// `GET /api/admin/exports/{id}`.
#[utoipa::path(get, path = "/exports/{id}", tag = "admin", params(("id" = String, Path, description = "The export (a UUID)")), responses(
    (status = 200, body = exports::Export),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_export(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(axum::Json(one(&state, export_id(&id)?).await?).into_response())
}

/// `GET /api/admin/exports/{id}/file`: the built sheet. Audited.
#[utoipa::path(get, path = "/exports/{id}/file", tag = "admin", params(("id" = String, Path, description = "The export (a UUID)")), responses(
    (status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "The sheet"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`export_not_ready`"),
    (status = 410, body = crate::openapi::ErrorBody, description = "`export_expired`"),
))]
async fn get_file(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = export_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    let Some((name, export_state, content, expired)) = exports::file(&mut conn, id).await? else {
        return Err(ApiError::not_found("No such export"));
    };
    if expired {
        return Err(ApiError::new(
            StatusCode::GONE,
            "export_expired",
            "This export has expired: ask for a new one",
        ));
    }
    let Some(content) = content.filter(|_| export_state == BuildState::Done) else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "export_not_ready",
            "This export is not ready",
        ));
    };
    audit::record(
        &mut conn,
        Some(staff.user.user_id),
        "export.downloaded",
        "export",
        &id.to_string(),
        json!({"file_name": name, "bytes": content.len()}),
    )
    .await?;
    Ok(rest::xlsx(&name, content))
}
