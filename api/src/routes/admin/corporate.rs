//! Corporate requests and supporter cards for staff (spec: /admin/corporate/company_request,
//! /admin/fidelity_card): lists with search, approving or declining a request, removing a
//! card from an account; every change audited.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use domain::{
    cards::{self, CardQuery},
    corporate::{self, RequestQuery, RequestStatus},
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_requests))
        .routes(routes!(get_request, decide))
        .routes(routes!(list_cards))
        .routes(routes!(get_card, remove_card))
}

/// `GET /api/admin/corporate-requests`: filters `q` (company, VAT number or e-mail,
/// contained) and `status` (0, 1, 2); newest first.
#[utoipa::path(get, path = "/corporate-requests", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<domain::corporate::CorporateRequest>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `q`, `status` (0 received, 1 approved, 2 declined)"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_requests(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let status = match params.filter_i64("status")? {
        None => None,
        Some(s @ 0..=2) => Some(s as i16),
        Some(_) => return Err(rest::bad_filter("status")),
    };
    let query = RequestQuery {
        search: params.filter_str("q"),
        status,
        offset: params.offset,
        limit: params.limit,
        ..Default::default()
    };
    let mut conn = state.pool.acquire().await?;
    let (requests, total) = corporate::list(&mut conn, &query).await?;
    Ok(rest::page("corporate-requests", &params, requests, total))
}

/// `GET /api/admin/corporate-requests/{id}`.
#[utoipa::path(get, path = "/corporate-requests/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 200, body = domain::corporate::CorporateRequest),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_request(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let request = corporate::find(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such corporate request"))?;
    Ok(axum::Json(request).into_response())
}

#[derive(Deserialize, ToSchema)]
struct Decision {
    status: i16,
}

/// `PUT /api/admin/corporate-requests/{id}` `{status: 1 | 2}`: approves or declines a
/// received request, e-mails its author and audits it. 409 `already_decided` when it was
/// (react-admin sends the whole record: other fields are ignored).
#[utoipa::path(put, path = "/corporate-requests/{id}", tag = "admin", params(("id" = Uuid, Path)), request_body = Decision, responses(
    (status = 200, body = domain::corporate::CorporateRequest),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`already_decided`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
#[tracing::instrument(skip_all, fields(request_id = %id))]
async fn decide(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<Uuid>,
    Json(decision): Json<Decision>,
) -> ApiResult<Response> {
    let approve = match RequestStatus::from_i16(decision.status) {
        Some(RequestStatus::Approved) => true,
        Some(RequestStatus::Declined) => false,
        _ => {
            return Err(ApiError::validation(
                [("status".to_owned(), "must be 1 or 2".to_owned())].into(),
            ));
        }
    };
    let mut tx = state.pool.begin().await?;
    let request = corporate::decide(&mut tx, id, approve, staff.user.user_id).await?;
    workflows::corporate::tell_author(&mut tx, &request).await?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        if approve {
            "corporate_request.approved"
        } else {
            "corporate_request.declined"
        },
        "corporate_request",
        &id.to_string(),
        serde_json::json!({ "company_name": request.company_name }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(request).into_response())
}

/// `GET /api/admin/supporter-cards`: filter `q` (card number, holder's name or the account's
/// e-mail, contained) and `user_id`; newest first.
#[utoipa::path(get, path = "/supporter-cards", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<domain::cards::SupporterCard>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `q`, `user_id`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_cards(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let user_id = match params.filter_str("user_id") {
        None => None,
        Some(u) => Some(Uuid::parse_str(&u).map_err(|_| rest::bad_filter("user_id"))?),
    };
    let query = CardQuery {
        search: params.filter_str("q"),
        user_id,
        offset: params.offset,
        limit: params.limit,
        ..Default::default()
    };
    let mut conn = state.pool.acquire().await?;
    let (list, total) = cards::list(&mut conn, &query).await?;
    Ok(rest::page("supporter-cards", &params, list, total))
}

/// `GET /api/admin/supporter-cards/{id}`.
#[utoipa::path(get, path = "/supporter-cards/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 200, body = domain::cards::SupporterCard),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_card(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let card = cards::find(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such supporter card"))?;
    Ok(axum::Json(card).into_response())
}

/// `DELETE /api/admin/supporter-cards/{id}`: takes the card off its account (audited);
/// answers the removed card, as react-admin expects.
#[utoipa::path(delete, path = "/supporter-cards/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 200, body = domain::cards::SupporterCard, description = "The removed card"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
#[tracing::instrument(skip_all, fields(card_id = %id))]
async fn remove_card(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let card = cards::remove(&mut tx, id, None)
        .await?
        .ok_or_else(|| ApiError::not_found("No such supporter card"))?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "supporter_card.removed_by_staff",
        "supporter_card",
        &id.to_string(),
        serde_json::json!({ "card_number": card.card_number, "user_id": card.user_id }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(card).into_response())
}
