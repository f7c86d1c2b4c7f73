//! `/api/admin/resales`: staff see every season seat offered for resale (status, code, match,
//! seat, price, fee, payout) and cancel an offer still on sale.

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
use domain::ids::{FixtureId, ResaleId};
use domain::resale::{self, Offer, ResaleState};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_resales))
        .routes(routes!(get_resale))
        .routes(routes!(cancel_resale))
        .routes(routes!(record_payout))
}

/// `GET /api/admin/resales`: offers, newest first; `filter` by `state` (`listed`, `sold`,
/// `completed`, `failed`, `withdrawn`, `expired`, `cancelled`) and `fixture_id`.
#[utoipa::path(get, path = "/resales", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<Offer>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_resales(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let state_filter = params.filter_enum::<ResaleState>("state")?;
    let fixture = params.filter_i64("fixture_id")?.map(FixtureId);
    let mut conn = state.pool.acquire().await?;
    let (items, total) = resale::list(
        &mut conn,
        state_filter,
        fixture,
        params.limit,
        params.offset,
    )
    .await?;
    Ok(rest::page("resales", &params, items, total))
}

fn parse(id: &str) -> ApiResult<ResaleId> {
    Uuid::parse_str(id)
        .map(ResaleId)
        .map_err(|_| ApiError::not_found("No such offer"))
}

/// `GET /api/admin/resales/{id}`: one offer.
#[utoipa::path(get, path = "/resales/{id}", tag = "admin",
    params(("id" = String, Path, description = "The offer (a UUID)")), responses(
    (status = 200, body = Offer),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_resale(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse(&id)?;
    let mut conn = state.pool.acquire().await?;
    let offer = resale::load(&mut conn, id, None)
        .await?
        .ok_or_else(|| ApiError::not_found("No such offer"))?;
    Ok(axum::Json(offer).into_response())
}

/// What staff do to an offer.
enum Action {
    Cancel,
    RecordPayout,
}

/// Does `action` to offer `id` in one transaction (the domain's conditional update, audited
/// there), answering with the offer as it now is, 404 when missing, 409 when it does not apply.
async fn act(state: &AppState, staff: Uuid, id: &str, action: Action) -> ApiResult<Response> {
    let id = parse(id)?;
    let mut tx = state.pool.begin().await?;
    if resale::load(&mut tx, id, None).await?.is_none() {
        return Err(ApiError::not_found("No such offer"));
    }
    let done = match action {
        Action::Cancel => resale::cancel(&mut tx, id, staff).await?,
        Action::RecordPayout => resale::mark_paid_by_staff(&mut tx, id, staff).await?,
    };
    if !done {
        let (code, message) = match action {
            Action::Cancel => ("offer_closed", "This offer is no longer on sale"),
            Action::RecordPayout => ("no_manual_payout", "This offer owes no payout by hand"),
        };
        return Err(ApiError::new(StatusCode::CONFLICT, code, message));
    }
    let offer = resale::load(&mut tx, id, None)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok(axum::Json(offer).into_response())
}

/// `POST /api/admin/resales/{id}/cancel`: takes a listed offer off the seat map (a buyer's
/// payment that lands afterwards is paid back); audited.
#[utoipa::path(post, path = "/resales/{id}/cancel", tag = "admin",
    params(("id" = String, Path, description = "The offer (a UUID)")), responses(
    (status = 200, body = Offer),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`offer_closed`: not listed"),
))]
async fn cancel_resale(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    act(&state, staff.user.user_id, &id, Action::Cancel).await
}

/// `POST /api/admin/resales/{id}/payout`: staff record that they paid the seller of a
/// completed offer back by hand (their season ticket was not paid by card); audited.
#[utoipa::path(post, path = "/resales/{id}/payout", tag = "admin",
    params(("id" = String, Path, description = "The offer (a UUID)")), responses(
    (status = 200, body = Offer),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`no_manual_payout`: not completed, paid back by card, or recorded before"),
))]
async fn record_payout(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    act(&state, staff.user.user_id, &id, Action::RecordPayout).await
}
