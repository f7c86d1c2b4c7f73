//! `/api/me/identity`: the fan's identity (fiscal code, birth, residence, document, phone), and
//! `/api/reference/*`: the places it names, as the ticketing system lists them.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Query},
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use domain::identity::{self, Identity, IdentityInput, reference};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_identity, put_identity))
        .routes(routes!(nations))
        .routes(routes!(provinces))
        .routes(routes!(municipalities))
}

/// `GET /api/me/identity`: the fan's identity and whether the ticketing system knows them.
#[utoipa::path(get, path = "/me/identity", tag = "account", security(("session" = [])), responses(
    (status = 200, body = Identity),
))]
async fn get_identity(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<axum::Json<Identity>> {
    let mut conn = state.pool.acquire().await?;
    identity::get(&mut conn, session.user.user_id)
        .await?
        .map(axum::Json)
        .ok_or_else(crate::auth::unauthenticated)
}

/// `PUT /api/me/identity`: saves the fan's identity once every check holds (the fiscal code's
/// check character, and its fit with the name, birth date, sex and birthplace), then registers
/// the fan as a person in the ticketing system (a job).
#[utoipa::path(put, path = "/me/identity", tag = "account", security(("session" = [])), request_body = IdentityInput, responses(
    (status = 200, body = Identity),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names each field and its problem: `required`, `invalid`, `too_long`, `unknown`, `not_in_province`, `in_future`, `too_old`; `fiscal_code`: `invalid_format`, `check_character`, `last_name_mismatch`, `first_name_mismatch`, `birth_date_mismatch`, `sex_mismatch`, `birthplace_mismatch`, `taken` (the identity of another account)"),
))]
#[tracing::instrument(skip_all)]
async fn put_identity(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(input): Json<IdentityInput>,
) -> ApiResult<axum::Json<Identity>> {
    let user_id = session.user.user_id;
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let mut tx = state.pool.begin().await?;
    let version = match identity::save(&mut tx, user_id, &input, today).await? {
        Ok(version) => version,
        Err(problems) => {
            return Err(ApiError::validation(
                problems
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect(),
            ));
        }
    };
    workflows::identity::queue_registration(&mut tx, user_id, version).await?;
    let saved = identity::get(&mut tx, user_id)
        .await?
        .ok_or_else(crate::auth::unauthenticated)?;
    tx.commit().await?;
    Ok(axum::Json(saved))
}

/// The reference data changes a few times a year: browsers and proxies keep it for an hour.
fn cached<T: serde::Serialize>(body: T) -> Response {
    (
        [(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        )],
        axum::Json(body),
    )
        .into_response()
}

/// `GET /api/reference/nations`: nations by their Italian name, with ISO codes.
#[utoipa::path(get, path = "/reference/nations", tag = "reference", responses(
    (status = 200, body = Vec<reference::Nation>),
))]
async fn nations(State(state): State<AppState>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    Ok(cached(reference::nations(&mut conn).await?))
}

/// `GET /api/reference/provinces`: Italian provinces by name.
#[utoipa::path(get, path = "/reference/provinces", tag = "reference", responses(
    (status = 200, body = Vec<reference::Province>),
))]
async fn provinces(State(state): State<AppState>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    Ok(cached(reference::provinces(&mut conn).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MunicipalityQuery {
    /// The province's two letters (`CO`).
    province: String,
}

/// `GET /api/reference/municipalities?province=CO`: a province's municipalities by name.
#[utoipa::path(get, path = "/reference/municipalities", tag = "reference", params(MunicipalityQuery), responses(
    (status = 200, body = Vec<reference::Municipality>),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: not two letters"),
))]
async fn municipalities(
    State(state): State<AppState>,
    Query(q): Query<MunicipalityQuery>,
) -> ApiResult<Response> {
    let province = q.province.trim().to_ascii_uppercase();
    if province.len() != 2 || !province.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(
            ApiError::bad_request("invalid_query", "province is a province's two letters")
                .with_field("province", "not two letters"),
        );
    }
    let mut conn = state.pool.acquire().await?;
    Ok(cached(
        reference::municipalities(&mut conn, &province).await?,
    ))
}
