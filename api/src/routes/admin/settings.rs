//! `/api/admin/settings`: the club's settings (the spec's configuration document, staff page
//! `/admin/config`). Staff read them; admins change them (audited, announced to every api
//! process at once, read by the worker where it uses them).

use crate::{
    auth::AdminUser,
    error::{ApiError, ApiResult},
    extract::Json,
    state::AppState,
};
use axum::extract::State;
use domain::settings::{self, Settings};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(get_settings, put_settings))
}

/// `GET /api/admin/settings`: the club's settings as they are.
#[utoipa::path(get, path = "/settings", tag = "admin", responses(
    (status = 200, body = Settings),
))]
async fn get_settings(State(state): State<AppState>) -> ApiResult<axum::Json<Settings>> {
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(settings::load(&mut conn).await?))
}

/// `PUT /api/admin/settings`: replaces the settings (every field); admins only. Takes effect
/// at once in every process, without a restart; the audit log has what changed
/// (`settings.changed`).
#[utoipa::path(put, path = "/settings", tag = "admin", request_body = Settings, responses(
    (status = 200, body = Settings),
    (status = 403, body = crate::openapi::ErrorBody, description = "`forbidden`: admins only"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names each field `out_of_range` (the ids 1 to 999,999, `points_per_euro` 1 to 100,000)"),
))]
#[tracing::instrument(skip_all)]
async fn put_settings(
    State(state): State<AppState>,
    AdminUser(session): AdminUser,
    Json(new): Json<Settings>,
) -> ApiResult<axum::Json<Settings>> {
    let problems = new.problems();
    if !problems.is_empty() {
        return Err(ApiError::validation(problems));
    }
    let mut tx = state.pool.begin().await?;
    settings::save(&mut tx, session.user.user_id, &new).await?;
    tx.commit().await?;
    // This process at once; the others when the notification reaches them.
    state.settings.forget();
    Ok(axum::Json(new))
}
