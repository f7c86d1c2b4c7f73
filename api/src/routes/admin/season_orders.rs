//! Staff's season orders (issue 17): every season order with its progress (the spec's
//! /admin/tickets/seasonissued with `state` issued, /admin/tickets/issuefailedseason with
//! `state` failed), retry and refund of a failed one, and the season backlog: collections
//! still waiting for match titles (/admin/tickets/season_backlog, seat_season_backlog).

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
use domain::ids::{SeasonOrderId, SeasonTicketId};
use domain::{
    audit,
    orders::OrderState,
    season_orders::{self, AdminQuery, BacklogLine, SeasonOrder, SeasonOrderRow},
};
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::{
    box_office::{StaffSeasonLine, StaffSeasonSale, sell_season_at_box_office},
    eligibility::{SeasonSeat, check_season_seats},
};

use super::checkout::{Desk, SaleLine};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_season_orders, sell_season_order))
        .routes(routes!(get_season_order_admin))
        .routes(routes!(retry_season_order))
        .routes(routes!(refund_season_order))
        .routes(routes!(resend_season_order))
        .routes(routes!(list_season_backlog))
}

fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "No such season order")
}

fn parse(id: &str) -> ApiResult<SeasonOrderId> {
    Uuid::parse_str(id)
        .map(SeasonOrderId)
        .map_err(|_| not_found())
}

async fn row(state: &AppState, id: SeasonOrderId) -> ApiResult<SeasonOrderRow> {
    let mut conn = state.pool.acquire().await?;
    let q = AdminQuery {
        limit: 1,
        ..Default::default()
    };
    season_orders::admin_orders(&mut conn, &q, Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(not_found)
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SeasonSaleRequest {
    #[schema(value_type = i64)]
    season_ticket_id: SeasonTicketId,
    buyer_email: String,
    /// cash, pos, bank_transfer or complimentary
    payment_method: String,
    #[serde(default)]
    language: Option<String>,
    lines: Vec<SaleLine>,
}

/// `POST /api/admin/season-orders`: staff sell season seats to a buyer at the box office (the
/// spec's send-admin-season-ticket-purchase-email follows the titles). The ticketing system is
/// asked first what it would refuse (as before a fan pays); the seats are then held in every
/// covered match, named and paid by the method given, and issued like an online season
/// order. Audited.
#[utoipa::path(post, path = "/season-orders", tag = "admin", request_body = SeasonSaleRequest, responses(
    (status = 201, body = SeasonOrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`: no such season ticket"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`buyer_banned`, `holder_ineligible` (`errors.lines.{i}.holder`: season_not_on_sale, match_not_on_sale, banned, has_season_ticket, card_required), `fixture_not_on_sale`, `holder_has_seat`, `seats_unavailable`, `buyer_limit`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn sell_season_order(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<SeasonSaleRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let desk = Desk::parse(
        &mut tx,
        &req.buyer_email,
        &req.payment_method,
        req.language.as_deref(),
        &req.lines,
        true,
    )
    .await?;
    let season = season_orders::season_ref(&mut tx, req.season_ticket_id)
        .await?
        .ok_or_else(|| {
            ApiError::new(StatusCode::NOT_FOUND, "not_found", "No such season ticket")
        })?;
    let buyer = desk.buyer(&mut tx).await?;
    let seats: Vec<SeasonSeat> = desk
        .lines
        .iter()
        .map(|(_, _, holder, collection)| SeasonSeat {
            holder,
            collection: *collection,
        })
        .collect();
    let verdicts = check_season_seats(&state.ticketing, &season, &seats, false)
        .await
        .map_err(|_| ApiError::ticketing_unavailable())?;
    if verdicts.iter().any(Option::is_some) {
        let refused = ApiError::new(
            StatusCode::CONFLICT,
            "holder_ineligible",
            "The ticketing system would refuse a holder: nothing was sold",
        );
        return Err(verdicts
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|reason| (i, reason)))
            .fold(refused, |e, (i, reason)| {
                e.with_field(format!("lines.{i}.holder"), reason)
            }));
    }
    let sale = StaffSeasonSale {
        season_ticket_id: req.season_ticket_id,
        buyer,
        buyer_email: desk.buyer_email.as_str(),
        staff: staff.user.user_id,
        payment_method: desk.payment_method,
        language: desk.language,
        lines: desk
            .lines
            .iter()
            .map(
                |(seat_id, reduction_id, holder, collection)| StaffSeasonLine {
                    seat_id: *seat_id,
                    reduction_id: *reduction_id,
                    holder: holder.clone(),
                    collection: *collection,
                },
            )
            .collect(),
        mass_task: None,
    };
    let order_id = sell_season_at_box_office(&mut tx, &sale).await??;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "season_order.sold_by_staff",
        "season_order",
        &order_id.to_string(),
        json!({"buyer_email": desk.buyer_email.as_str(), "payment_method": req.payment_method,
               "seats": sale.lines.len(), "season_ticket_id": req.season_ticket_id}),
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(row(&state, order_id).await?),
    )
        .into_response())
}

/// `POST /api/admin/season-orders/{id}/resend`: the purchase e-mail again, to the buyer,
/// with every title as it stands now. Audited.
#[utoipa::path(post, path = "/season-orders/{id}/resend", tag = "admin", params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_issued`: its titles are not all issued yet"),
))]
async fn resend_season_order(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = parse(&id)?;
    let mut tx = state.pool.begin().await?;
    let order = season_orders::load(&mut tx, id)
        .await?
        .ok_or_else(not_found)?;
    let secret = state.config.auth.secret.expose_secret().as_bytes();
    if !workflows::season_orders::resend_tickets(
        &mut tx,
        &state.config.public_base_url,
        secret,
        &order,
    )
    .await?
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_issued",
            "Its titles are not all issued yet: nothing to send",
        ));
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "season_order.resent",
        "season_order",
        &id.to_string(),
        json!({"to": order.buyer_email}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(row(&state, id).await?).into_response())
}

/// `GET /api/admin/season-orders`: filters `season_ticket_id`, `state` (issued, failed, ...),
/// `q` (the buyer's e-mail); newest first unless sorted ASC.
#[utoipa::path(get, path = "/season-orders", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<SeasonOrderRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `season_ticket_id`, `state`, `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_season_orders(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let q = AdminQuery {
        season_ticket_id: params.filter_i64("season_ticket_id")?.map(SeasonTicketId),
        state: params.filter_enum::<OrderState>("state")?,
        search: params.filter_str("q"),
        descending: params.sort_field.is_none() || params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = season_orders::admin_orders(&mut conn, &q, None).await?;
    Ok(rest::page("season-orders", &params, items, total))
}

/// `GET /api/admin/season-orders/{id}`: the order with its seats, holders and titles.
#[utoipa::path(get, path = "/season-orders/{id}", tag = "admin", params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrder),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_season_order_admin(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = parse(&id)?;
    let mut conn = state.pool.acquire().await?;
    let order = season_orders::load(&mut conn, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(axum::Json(order).into_response())
}

fn not_failed() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "not_failed",
        "This season order is not waiting for staff: it was already retried or refunded",
    )
}

/// `POST /api/admin/season-orders/{id}/retry`: issues what is still missing (a collection
/// goes on from the matches it has). Audited.
#[utoipa::path(post, path = "/season-orders/{id}/retry", tag = "admin", params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_failed`"),
))]
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn retry_season_order(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let current = row(&state, parse(&id)?).await?;
    let mut tx = state.pool.begin().await?;
    if !workflows::season_orders::retry_issue(&mut tx, current.id).await? {
        return Err(not_failed());
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "season_order.issue_retried",
        "season_order",
        &current.id.to_string(),
        json!({"error": current.error, "attempts": current.attempts}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(row(&state, current.id).await?).into_response())
}

/// `POST /api/admin/season-orders/{id}/refund`: refunds a failed season order's payment,
/// cancels what was issued and frees its seats in every covered match. Audited.
#[utoipa::path(post, path = "/season-orders/{id}/refund", tag = "admin", params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_failed`"),
))]
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn refund_season_order(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let current = row(&state, parse(&id)?).await?;
    if current.state != OrderState::Failed {
        return Err(not_failed());
    }
    let mut tx = state.pool.begin().await?;
    if !workflows::season_orders::refund(&mut tx, current.id, "issue_failed").await? {
        return Err(not_failed());
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "season_order.refunded",
        "season_order",
        &current.id.to_string(),
        json!({"total_cents": current.total_cents, "error": current.error}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(row(&state, current.id).await?).into_response())
}

/// `GET /api/admin/season-backlog`: collections still waiting for match titles, oldest
/// payment first, each with its progress; filter `season_ticket_id`. A failed order's line is
/// retried with its order (`POST /season-orders/{id}/retry`).
#[utoipa::path(get, path = "/season-backlog", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<BacklogLine>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `season_ticket_id`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_season_backlog(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let season = params.filter_i64("season_ticket_id")?.map(SeasonTicketId);
    let mut conn = state.pool.acquire().await?;
    let (items, total) =
        season_orders::backlog(&mut conn, season, params.offset, params.limit).await?;
    Ok(rest::page("season-backlog", &params, items, total))
}
