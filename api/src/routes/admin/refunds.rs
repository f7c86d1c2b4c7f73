//! Staff refund issued tickets: some or all of an order's (`/api/admin/orders/{id}/refunds`),
//! or every ticket of a postponed or cancelled match (`/api/admin/fixtures/{id}/refunds`), each
//! by a job that cancels the titles, pays back through the provider once, frees the seats and
//! tells the buyer. Audited.

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
use domain::ids::{FixtureId, OrderId};
use domain::orders::{
    self, FixtureRefundProgress, RefundRequestFilter, RefundRequestView, TicketRefund,
    TicketRefundRefusal,
};
use domain::{audit, fixtures};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::refunds::{RefundFixture, start_ticket_refund};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(order_refunds, refund_tickets))
        .routes(routes!(fixture_refunds, refund_fixture))
        .routes(routes!(list_refund_requests))
        .routes(routes!(get_refund_request))
        .routes(routes!(approve_refund_request))
        .routes(routes!(decline_refund_request))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RefundRequest {
    /// The order lines to refund; every line still live when absent or empty.
    #[serde(default)]
    line_ids: Vec<i64>,
    /// Why (kept in the audit trail and told to the buyer): 1-500 characters.
    reason: String,
}

fn reason_of(raw: &str) -> ApiResult<String> {
    let reason = raw.trim();
    if reason.is_empty() || reason.chars().count() > 500 {
        return Err(ApiError::validation(
            [("reason".to_owned(), "1 to 500 characters".to_owned())].into(),
        ));
    }
    Ok(reason.to_owned())
}

fn order_id(raw: &str) -> ApiResult<OrderId> {
    Uuid::parse_str(raw)
        .map(OrderId)
        .map_err(|_| ApiError::not_found("No such order"))
}

/// `GET /api/admin/orders/{id}/refunds`: the order's refunds of tickets, oldest first.
#[utoipa::path(get, path = "/orders/{id}/refunds", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = Vec<TicketRefund>),
))]
async fn order_refunds(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = order_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(orders::ticket_refunds(&mut conn, id).await?).into_response())
}

/// `POST /api/admin/orders/{id}/refunds` `{line_ids?, reason}`: refunds some or all of an
/// issued order's tickets (titles cancelled, their price back to the card, seats freed), by a
/// job. A line is refunded once, however often this is asked.
#[utoipa::path(post, path = "/orders/{id}/refunds", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")),
    request_body = RefundRequest, responses(
    (status = 202, body = TicketRefund, description = "Under way"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_issued`, `nothing_to_refund`, `lines_not_refundable` (`errors.line_ids`), `transfer_in_progress` (`errors.line_ids`)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors.reason`"),
))]
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn refund_tickets(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<RefundRequest>,
) -> ApiResult<Response> {
    let id = order_id(&id)?;
    let reason = reason_of(&req.reason)?;
    let lines = (!req.line_ids.is_empty()).then_some(req.line_ids.as_slice());
    let mut tx = state.pool.begin().await?;
    let exists = sqlx::query_scalar!(
        r#"select exists (select 1 from ticket_order where order_id = $1) as "x!""#,
        id.0
    )
    .fetch_one(&mut *tx)
    .await?;
    if !exists {
        return Err(ApiError::not_found("No such order"));
    }
    let refund = start_ticket_refund(&mut tx, id, lines, &reason, Some(staff.user.user_id))
        .await?
        .map_err(refused)?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "order.tickets_refunded",
        "order",
        &id.to_string(),
        json!({"refund_id": refund.id, "line_ids": refund.line_ids, "amount_cents": refund.amount_cents, "reason": reason}),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, axum::Json(refund)).into_response())
}

fn refused(refusal: TicketRefundRefusal) -> ApiError {
    let conflict = |code, message: &str| ApiError::new(StatusCode::CONFLICT, code, message);
    match refusal {
        TicketRefundRefusal::NotIssued => conflict(
            "not_issued",
            "Only an issued order's tickets are refunded here",
        ),
        TicketRefundRefusal::NothingToRefund => {
            conflict("nothing_to_refund", "Every ticket is refunded already")
        }
        TicketRefundRefusal::NotRefundable(lines) => conflict(
            "lines_not_refundable",
            "Some tickets are not this order's or are refunded already",
        )
        .with_detail("line_ids", json!(lines)),
        TicketRefundRefusal::TransferInProgress(lines) => conflict(
            "transfer_in_progress",
            "Some tickets are being passed on to a new holder: try again in a minute",
        )
        .with_detail("line_ids", json!(lines)),
    }
}

/// `GET /api/admin/fixtures/{id}/refunds`: how far the match's bulk refund is (its issued
/// tickets, those a refund was asked for, those refunded): the progress bar.
#[utoipa::path(get, path = "/fixtures/{id}/refunds", tag = "admin", params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = FixtureRefundProgress),
))]
async fn fixture_refunds(
    State(state): State<AppState>,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(orders::fixture_refund_progress(&mut conn, id).await?).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct FixtureRefundRequest {
    /// Why (postponed, cancelled): told to every buyer. 1-500 characters.
    reason: String,
}

/// What `POST /api/admin/fixtures/{id}/refunds` started.
#[derive(Serialize, ToSchema)]
struct FixtureRefundStarted {
    round: Uuid,
    progress: FixtureRefundProgress,
}

/// `POST /api/admin/fixtures/{id}/refunds` `{reason}`: refunds every issued ticket of a
/// postponed or cancelled match, by a job (watch `GET` for its progress). Asking again
/// refunds what is left.
#[utoipa::path(post, path = "/fixtures/{id}/refunds", tag = "admin", params(("id" = i64, Path, description = "The fixture")),
    request_body = FixtureRefundRequest, responses(
    (status = 202, body = FixtureRefundStarted),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors.reason`"),
))]
async fn refund_fixture(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<FixtureId>,
    Json(req): Json<FixtureRefundRequest>,
) -> ApiResult<Response> {
    let reason = reason_of(&req.reason)?;
    let mut tx = state.pool.begin().await?;
    fixtures::find(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such fixture"))?;
    let round = Uuid::now_v7();
    workflows::enqueue(
        &mut tx,
        &RefundFixture {
            fixture_id: id,
            reason: reason.clone(),
            staff: Some(staff.user.user_id),
            round,
        },
    )
    .await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "fixture.refunded",
        "fixture",
        &id.to_string(),
        json!({"round": round, "reason": reason}),
    )
    .await?;
    let progress = orders::fixture_refund_progress(&mut tx, id).await?;
    tx.commit().await?;
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(FixtureRefundStarted { round, progress }),
    )
        .into_response())
}

/// `GET /api/admin/refund-requests`: fans' refund requests, newest first; `filter` by
/// `state` (`pending`, `approved`, `declined`) and `fixture_id`.
#[utoipa::path(get, path = "/refund-requests", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<RefundRequestView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_refund_requests(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let wanted_state = params.filter_str("state");
    if let Some(s) = &wanted_state
        && !["pending", "approved", "declined"].contains(&s.as_str())
    {
        return Err(rest::bad_filter("state"));
    }
    let filter = RefundRequestFilter {
        state: wanted_state,
        fixture: params.filter_i64("fixture_id")?.map(FixtureId),
        ..Default::default()
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) =
        orders::refund_requests(&mut conn, &filter, params.offset, params.limit).await?;
    Ok(rest::page("refund-requests", &params, items, total))
}

fn request_not_found() -> ApiError {
    ApiError::not_found("No such refund request")
}

async fn request_view(conn: &mut sqlx::PgConnection, id: Uuid) -> ApiResult<RefundRequestView> {
    let filter = RefundRequestFilter {
        id: Some(id),
        ..Default::default()
    };
    let (mut views, _) = orders::refund_requests(conn, &filter, 0, 1).await?;
    views.pop().ok_or_else(request_not_found)
}

/// `GET /api/admin/refund-requests/{id}`.
#[utoipa::path(get, path = "/refund-requests/{id}", tag = "admin", params(("id" = String, Path, description = "The request (a UUID)")), responses(
    (status = 200, body = RefundRequestView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_refund_request(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = Uuid::parse_str(&id).map_err(|_| request_not_found())?;
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(request_view(&mut conn, id).await?).into_response())
}

/// Locks a pending request for a decision: its order; 404 when there is no such request,
/// 409 `request_not_pending` when it was decided already.
async fn locked_pending(tx: &mut sqlx::PgConnection, id: Uuid) -> ApiResult<OrderId> {
    match orders::lock_pending_refund_request(&mut *tx, id).await? {
        Some(order_id) => Ok(order_id),
        None => {
            request_view(tx, id).await?;
            Err(ApiError::new(
                StatusCode::CONFLICT,
                "request_not_pending",
                "The request was decided already",
            ))
        }
    }
}

/// `POST /api/admin/refund-requests/{id}/approve`: refunds the order's tickets left (by the
/// refund job) and tells the fan. Audited.
#[utoipa::path(post, path = "/refund-requests/{id}/approve", tag = "admin", params(("id" = String, Path, description = "The request (a UUID)")), responses(
    (status = 200, body = RefundRequestView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`request_not_pending`, `nothing_to_refund`, `transfer_in_progress`"),
))]
async fn approve_refund_request(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = Uuid::parse_str(&id).map_err(|_| request_not_found())?;
    let mut tx = state.pool.begin().await?;
    let order_id = locked_pending(&mut tx, id).await?;
    let refund = start_ticket_refund(
        &mut tx,
        order_id,
        None,
        "refund_request",
        Some(staff.user.user_id),
    )
    .await?
    .map_err(refused)?;
    orders::decide_refund_request(&mut tx, id, staff.user.user_id, Some(refund.id), None).await?;
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    workflows::refunds::tell_refund_request(&mut tx, &order, "approved", None).await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "refund_request.approved",
        "refund_request",
        &id.to_string(),
        json!({"order_id": order_id, "refund_id": refund.id, "amount_cents": refund.amount_cents}),
    )
    .await?;
    let view = request_view(&mut tx, id).await?;
    tx.commit().await?;
    Ok(axum::Json(view).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct DeclineRequest {
    /// Told to the fan (up to 1000 characters).
    #[serde(default)]
    note: String,
}

/// `POST /api/admin/refund-requests/{id}/decline` `{note}`: declines and tells the fan why.
/// Audited.
#[utoipa::path(post, path = "/refund-requests/{id}/decline", tag = "admin", params(("id" = String, Path, description = "The request (a UUID)")),
    request_body = DeclineRequest, responses(
    (status = 200, body = RefundRequestView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`request_not_pending`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors.note`"),
))]
async fn decline_refund_request(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<DeclineRequest>,
) -> ApiResult<Response> {
    let id = Uuid::parse_str(&id).map_err(|_| request_not_found())?;
    let note = req.note.trim();
    if note.chars().count() > 1000 {
        return Err(ApiError::validation(
            [("note".to_owned(), "up to 1000 characters".to_owned())].into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    let order_id = locked_pending(&mut tx, id).await?;
    let note = (!note.is_empty()).then_some(note);
    orders::decide_refund_request(&mut tx, id, staff.user.user_id, None, note).await?;
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    workflows::refunds::tell_refund_request(&mut tx, &order, "declined", note).await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "refund_request.declined",
        "refund_request",
        &id.to_string(),
        json!({"order_id": order_id, "note": note}),
    )
    .await?;
    let view = request_view(&mut tx, id).await?;
    tx.commit().await?;
    Ok(axum::Json(view).into_response())
}
