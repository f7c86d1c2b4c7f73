//! A fan asks for a refund of their tickets for a cancelled or postponed match (the spec's
//! /rimborso-biglietti-tickets-refund); staff decide in `/api/admin/refund-requests`.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::Json,
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::ids::OrderId;
use domain::orders::{
    self, RefundRequestFilter, RefundRequestRefusal, RefundRequestView, RefundableOrder,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_refund_requests, create_refund_request))
}

/// The caller's refund requests and the orders they may ask one for.
#[derive(Serialize, ToSchema)]
struct MyRefundRequests {
    /// Issued orders for cancelled or postponed matches, with tickets left to refund.
    refundable: Vec<RefundableOrder>,
    /// Requests sent, newest first.
    items: Vec<RefundRequestView>,
}

/// `GET /api/refund-requests`: what the refund page shows.
#[utoipa::path(get, path = "/refund-requests", tag = "orders", security(("session" = [])), responses((status = 200, body = MyRefundRequests)))]
async fn my_refund_requests(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let mut conn = state.pool.acquire().await?;
    let refundable = orders::refundable_orders(&mut conn, user).await?;
    let filter = RefundRequestFilter {
        user: Some(user),
        ..Default::default()
    };
    let (items, _) = orders::refund_requests(&mut conn, &filter, 0, 100).await?;
    Ok(axum::Json(MyRefundRequests { refundable, items }).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewRefundRequest {
    #[schema(value_type = String, format = Uuid)]
    order_id: Uuid,
    /// The fan's words (up to 1000 characters).
    #[serde(default)]
    reason: String,
}

/// `POST /api/refund-requests` `{order_id, reason}`: asks staff for a refund of an order's
/// tickets; the fan gets an e-mail that it was received.
#[utoipa::path(post, path = "/refund-requests", tag = "orders", security(("session" = [])),
    request_body = NewRefundRequest, responses(
    (status = 201, body = RefundRequestView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`refunds_not_open` (the match is neither cancelled nor postponed), `request_pending`, `nothing_to_refund`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors.reason`"),
))]
async fn create_refund_request(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<NewRefundRequest>,
) -> ApiResult<Response> {
    let reason = req.reason.trim();
    if reason.chars().count() > 1000 {
        return Err(ApiError::validation(
            [("reason".to_owned(), "up to 1000 characters".to_owned())].into(),
        ));
    }
    let user = session.user.user_id;
    let order_id = OrderId(req.order_id);
    let mut tx = state.pool.begin().await?;
    let id = match orders::create_refund_request(&mut tx, user, order_id, reason).await? {
        Ok(id) => id,
        Err(refusal) => {
            let conflict = |code, message: &str| ApiError::new(StatusCode::CONFLICT, code, message);
            return Err(match refusal {
                RefundRequestRefusal::NotFound => {
                    ApiError::new(StatusCode::NOT_FOUND, "order_not_found", "No such order")
                }
                RefundRequestRefusal::RefundsNotOpen => conflict(
                    "refunds_not_open",
                    "Refunds are asked for cancelled or postponed matches only",
                ),
                RefundRequestRefusal::Pending => conflict(
                    "request_pending",
                    "A request for this order is waiting already",
                ),
                RefundRequestRefusal::NothingToRefund => conflict(
                    "nothing_to_refund",
                    "No ticket of this order is left to refund",
                ),
            });
        }
    };
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    workflows::refunds::tell_refund_request(&mut tx, &order, "received", None).await?;
    let filter = RefundRequestFilter {
        id: Some(id),
        ..Default::default()
    };
    let (mut views, _) = orders::refund_requests(&mut tx, &filter, 0, 1).await?;
    tx.commit().await?;
    let view = views.pop().ok_or_else(ApiError::internal)?;
    Ok((StatusCode::CREATED, axum::Json(view)).into_response())
}
