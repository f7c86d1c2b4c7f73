//! Apple's web service for passes (`webServiceURL` in every `.pkpass` we hand out): a phone
//! registers a pass for updates with its push token; when the pass's title changes (passed on,
//! refunded, cancelled) the worker's `UpdatePass` pushes to it; the phone asks which of its
//! passes changed and fetches them again, void or up to date.
//!
//! Apple's routes and answers, under `/api/passkit/v1`. Each pass's calls carry
//! `Authorization: ApplePass {token}`, the pass's own token (a keyed hash of its serial), so
//! a device can register for, or fetch, only a pass it was given. Outside the CSRF layer: the
//! calls come from the phone's wallet, with no session.

use crate::{
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use domain::{pass_links, wallet_passes};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// The web service's routes, with their paths in full (merged outside `/api`'s layers).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register, unregister))
        .routes(routes!(updated_passes))
        .routes(routes!(latest_pass))
        .routes(routes!(log))
}

fn unauthorized() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "pass_unauthorized",
        "This pass's token does not match",
    )
}

fn no_pass() -> ApiError {
    ApiError::not_found("No such pass")
}

/// The caller holds the pass `serial` of our pass type: its `ApplePass` token matches.
fn authorized(
    state: &AppState,
    headers: &HeaderMap,
    pass_type: &str,
    serial: &str,
) -> ApiResult<()> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("ApplePass "))
        .ok_or_else(unauthorized)?;
    let secret = state.config.auth.secret.expose_secret().as_bytes();
    if !pass_links::web_service_token_holds(secret, serial, token.trim()) {
        return Err(unauthorized());
    }
    if pass_type != state.passes.pass_type_id() {
        return Err(no_pass());
    }
    Ok(())
}

/// A device's push token for a pass.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PassRegistration {
    /// APNs's token of the device.
    push_token: String,
}

fn checked_id(value: &str, what: &'static str) -> ApiResult<()> {
    if value.is_empty() || value.len() > 200 || value.chars().any(|c| c.is_control()) {
        return Err(ApiError::bad_request(
            "invalid_identifier",
            format!("Invalid {what}"),
        ));
    }
    Ok(())
}

/// `POST /api/passkit/v1/devices/{device}/registrations/{pass_type}/{serial}`: the device
/// asks for the pass's updates.
#[utoipa::path(post, path = "/api/passkit/v1/devices/{device}/registrations/{pass_type}/{serial}",
    tag = "passes", security(("apple_pass" = [])),
    params(
        ("device" = String, Path, description = "The device library identifier"),
        ("pass_type" = String, Path, description = "The pass type identifier"),
        ("serial" = String, Path, description = "The pass's serial number (its title's fiscal seal)"),
    ),
    request_body = PassRegistration,
    responses(
        (status = 201, description = "Registered"),
        (status = 200, description = "Already registered"),
        (status = 401, body = crate::openapi::ErrorBody, description = "`pass_unauthorized`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`: not a pass of ours"),
    ))]
async fn register(
    State(state): State<AppState>,
    Path((device, pass_type, serial)): Path<(String, String, String)>,
    headers: HeaderMap,
    Json(body): Json<PassRegistration>,
) -> ApiResult<StatusCode> {
    authorized(&state, &headers, &pass_type, &serial)?;
    checked_id(&device, "device")?;
    checked_id(&body.push_token, "push token")?;
    let mut tx = state.pool.begin().await?;
    if wallet_passes::get(&mut tx, &serial).await?.is_none() {
        return Err(no_pass());
    }
    let r = wallet_passes::register(&mut tx, &device, &serial, &body.push_token).await?;
    tx.commit().await?;
    Ok(match r {
        wallet_passes::Registration::Created => StatusCode::CREATED,
        wallet_passes::Registration::Existing => StatusCode::OK,
    })
}

/// `DELETE /api/passkit/v1/devices/{device}/registrations/{pass_type}/{serial}`: the pass
/// was removed from the device.
#[utoipa::path(delete, path = "/api/passkit/v1/devices/{device}/registrations/{pass_type}/{serial}",
    tag = "passes", security(("apple_pass" = [])),
    params(
        ("device" = String, Path, description = "The device library identifier"),
        ("pass_type" = String, Path, description = "The pass type identifier"),
        ("serial" = String, Path, description = "The pass's serial number"),
    ),
    responses(
        (status = 200, description = "Unregistered (or was not registered)"),
        (status = 401, body = crate::openapi::ErrorBody, description = "`pass_unauthorized`"),
    ))]
async fn unregister(
    State(state): State<AppState>,
    Path((device, pass_type, serial)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> ApiResult<StatusCode> {
    authorized(&state, &headers, &pass_type, &serial)?;
    checked_id(&device, "device")?;
    let mut conn = state.pool.acquire().await?;
    wallet_passes::unregister(&mut conn, &device, &serial).await?;
    Ok(StatusCode::OK)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct UpdatedQuery {
    /// The tag of the last answer (`lastUpdated`); absent: every registered pass.
    passes_updated_since: Option<String>,
}

/// The device's passes that changed since the tag.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdatedPasses {
    serial_numbers: Vec<String>,
    /// The tag to send next time.
    last_updated: String,
}

fn tag(at: DateTime<Utc>) -> String {
    at.timestamp_micros().to_string()
}

/// `GET /api/passkit/v1/devices/{device}/registrations/{pass_type}?passesUpdatedSince=`: the
/// serial numbers of the device's passes that changed since the tag.
#[utoipa::path(get, path = "/api/passkit/v1/devices/{device}/registrations/{pass_type}",
    tag = "passes", security(()),
    params(
        ("device" = String, Path, description = "The device library identifier"),
        ("pass_type" = String, Path, description = "The pass type identifier"),
        UpdatedQuery,
    ),
    responses(
        (status = 200, body = UpdatedPasses),
        (status = 204, description = "None changed"),
    ))]
async fn updated_passes(
    State(state): State<AppState>,
    Path((device, pass_type)): Path<(String, String)>,
    Query(q): Query<UpdatedQuery>,
) -> ApiResult<Response> {
    if pass_type != state.passes.pass_type_id() || checked_id(&device, "device").is_err() {
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    // An unreadable tag is treated as none: the device gets every pass, then a good tag.
    let since = q
        .passes_updated_since
        .as_deref()
        .and_then(|t| t.parse::<i64>().ok())
        .and_then(DateTime::from_timestamp_micros);
    let mut conn = state.pool.acquire().await?;
    let (serials, latest) = wallet_passes::updated_since(&mut conn, &device, since).await?;
    Ok(match latest {
        Some(latest) if !serials.is_empty() => axum::Json(UpdatedPasses {
            serial_numbers: serials,
            last_updated: tag(latest),
        })
        .into_response(),
        _ => StatusCode::NO_CONTENT.into_response(),
    })
}

/// `GET /api/passkit/v1/passes/{pass_type}/{serial}`: the pass as it is now (void once its
/// title was passed on or cancelled).
#[utoipa::path(get, path = "/api/passkit/v1/passes/{pass_type}/{serial}",
    tag = "passes", security(("apple_pass" = [])),
    params(
        ("pass_type" = String, Path, description = "The pass type identifier"),
        ("serial" = String, Path, description = "The pass's serial number"),
    ),
    responses(
        (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass, with `Last-Modified`"),
        (status = 304, description = "Not modified since `If-Modified-Since`"),
        (status = 401, body = crate::openapi::ErrorBody, description = "`pass_unauthorized`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    ))]
async fn latest_pass(
    State(state): State<AppState>,
    Path((pass_type, serial)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    authorized(&state, &headers, &pass_type, &serial)?;
    let mut conn = state.pool.acquire().await?;
    let pass = wallet_passes::get(&mut conn, &serial)
        .await?
        .ok_or_else(no_pass)?;
    // HTTP dates are to the second.
    let modified = pass.updated_at.timestamp();
    let since = headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| DateTime::parse_from_rfc2822(v).ok());
    if since.is_some_and(|s| modified <= s.timestamp()) {
        return Ok(StatusCode::NOT_MODIFIED.into_response());
    }
    let ticket = workflows::passes::shows_now(&mut conn, &pass).await?;
    drop(conn);
    let web_service = super::passes::web_service(&state, &serial);
    let last_modified = pass
        .updated_at
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string();
    super::passes::pkpass_response(
        &state,
        ticket,
        &pass.language,
        web_service,
        &serial,
        Some(last_modified),
    )
    .await
}

/// What a device reports of its calls' failures.
#[derive(Deserialize, ToSchema)]
struct PassDeviceLog {
    logs: Vec<String>,
}

/// `POST /api/passkit/v1/log`: a device's messages about failed calls, logged.
#[utoipa::path(post, path = "/api/passkit/v1/log", tag = "passes", security(()),
    request_body = PassDeviceLog,
    responses((status = 200, description = "Logged")))]
async fn log(Json(body): Json<PassDeviceLog>) -> StatusCode {
    for line in body.logs.iter().take(20) {
        let line: String = line.chars().take(500).collect();
        tracing::warn!(message = %line, "Apple Wallet reports");
    }
    StatusCode::OK
}
