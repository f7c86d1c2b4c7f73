//! Staff's season tickets (issue 17, `/admin/seasontickets`): the list with each one's matches
//! and prices, and putting one on or off sale (its matches' seats are then copied by a job
//! each, so season seats can be held). Imported with the fixtures (`POST /fixtures/import`).

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
use domain::ids::SeasonTicketId;
use domain::{audit, seasons};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use workflows::onsale::LoadInventory;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_seasons))
        .routes(routes!(get_season, update_season))
        .routes(routes!(season_sectors))
}

/// `GET /api/admin/season-tickets`: every season ticket, the soonest first.
#[utoipa::path(get, path = "/season-tickets", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<seasons::SeasonTicket>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_seasons(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let items = seasons::list(&mut conn, false, None).await?;
    Ok(rest::whole("season-tickets", &params, items))
}

/// `GET /api/admin/season-tickets/{id}`.
#[utoipa::path(get, path = "/season-tickets/{id}", tag = "admin", params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = seasons::SeasonTicket),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_season(
    State(state): State<AppState>,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    Ok(axum::Json(one_season(&state, id).await?).into_response())
}

#[derive(Deserialize, ToSchema)]
struct SeasonChange {
    /// 0 scheduled, 1 on sale, 2 off sale; unchanged when absent.
    status: Option<i16>,
    /// How many of its matches a holder may pass on (the spec's season transfer limit), 0 to
    /// 100; unchanged when absent.
    transfer_limit: Option<i32>,
    /// What the club keeps from each match seat its holders resell, in cents (0 to 100000);
    /// unchanged when absent.
    resale_fee_cents: Option<i64>,
}

/// `PUT /api/admin/season-tickets/{id}` `{status?, transfer_limit?, resale_fee_cents?}`: on
/// sale (1) copies the seats of every covered match not yet copied, by a job each; off sale
/// (2); refused once its first match has started. The transfer limit is how many matches a
/// holder may pass on; the resale fee what the club keeps from each resale. Audited.
#[utoipa::path(put, path = "/season-tickets/{id}", tag = "admin", params(("id" = i64, Path, description = "The season ticket")), request_body = SeasonChange, responses(
    (status = 200, body = seasons::SeasonTicket),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`season_started`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: a status from 0 to 2, a transfer limit from 0 to 100, a resale fee from 0 to 100000 cents"),
))]
async fn update_season(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<SeasonTicketId>,
    Json(change): Json<SeasonChange>,
) -> ApiResult<Response> {
    let mut errors = std::collections::BTreeMap::new();
    if change.status.is_some_and(|s| !(0..=2).contains(&s)) {
        errors.insert("status".to_owned(), "0 to 2".to_owned());
    }
    if change
        .transfer_limit
        .is_some_and(|l| !(0..=100).contains(&l))
    {
        errors.insert("transfer_limit".to_owned(), "0 to 100".to_owned());
    }
    if change
        .resale_fee_cents
        .is_some_and(|f| !(0..=100_000).contains(&f))
    {
        errors.insert("resale_fee_cents".to_owned(), "0 to 100000".to_owned());
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let mut tx = state.pool.begin().await?;
    if let Some(limit) = change.transfer_limit {
        if !seasons::set_transfer_limit(&mut tx, id, limit).await? {
            return Err(ApiError::not_found("No such season ticket"));
        }
        audit::record(
            &mut tx,
            Some(staff.user.user_id),
            "season_ticket.transfer_limit_changed",
            "season_ticket",
            &id.to_string(),
            json!({"transfer_limit": limit}),
        )
        .await?;
    }
    if let Some(fee) = change.resale_fee_cents {
        if !seasons::set_resale_fee(&mut tx, id, domain::money::Cents(fee)).await? {
            return Err(ApiError::not_found("No such season ticket"));
        }
        audit::record(
            &mut tx,
            Some(staff.user.user_id),
            "season_ticket.resale_fee_changed",
            "season_ticket",
            &id.to_string(),
            json!({"resale_fee_cents": fee}),
        )
        .await?;
    }
    let Some(status) = change.status else {
        tx.commit().await?;
        return Ok(axum::Json(one_season(&state, id).await?).into_response());
    };
    let to_load = match seasons::set_status(&mut tx, id, status).await? {
        Ok(fixtures) => fixtures,
        Err(seasons::StatusRefusal::NotFound) => {
            return Err(ApiError::not_found("No such season ticket"));
        }
        Err(seasons::StatusRefusal::Started) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "season_started",
                "Its first match has started: the campaign is over",
            ));
        }
    };
    for fixture_id in &to_load {
        workflows::enqueue(
            &mut tx,
            &LoadInventory {
                fixture_id: *fixture_id,
            },
        )
        .await?;
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "season_ticket.status_changed",
        "season_ticket",
        &id.to_string(),
        json!({"status": status, "matches_to_load": to_load.len()}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(one_season(&state, id).await?).into_response())
}

/// `GET /api/admin/season-tickets/{id}/sectors`: per sector, the season seats sold, held and
/// free in every covered match (the campaign's counts).
#[utoipa::path(get, path = "/season-tickets/{id}/sectors", tag = "admin", params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = Vec<seasons::SectorCount>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn season_sectors(
    State(state): State<AppState>,
    Path(id): Path<SeasonTicketId>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let terms = seasons::terms(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such season ticket"))?;
    let counts = seasons::sector_counts(&mut conn, &terms).await?;
    Ok(rest::whole("season-sectors", &params, counts))
}

/// One season ticket as staff see it, or 404.
async fn one_season(state: &AppState, id: SeasonTicketId) -> ApiResult<seasons::SeasonTicket> {
    let mut conn = state.pool.acquire().await?;
    seasons::list(&mut conn, false, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such season ticket"))
}
