//! Staff's view of checkout: issued tickets (spec: /admin/tickets/issuedtickets), failed
//! issues with retry and refund (spec: /admin/tickets/issuefailed), and every order.

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
use domain::{audit, issuance};
use serde_json::{Value, json};
use uuid::Uuid;

pub fn routes(r: super::AdminRoutes) -> super::AdminRoutes {
    r.get("/issued-tickets", list_issued)
        .get("/issued-tickets/{id}", get_issued)
        .get("/failed-issues", list_failed)
        .get("/failed-issues/{id}", get_failed)
        .post("/failed-issues/{id}/retry", retry_failed)
        .post("/failed-issues/{id}/refund", refund_failed)
        .get("/orders", list_orders)
        .get("/orders/{id}", get_order)
}

/// The list filters every checkout list understands.
fn query(params: &ListParams) -> ApiResult<issuance::ListQuery> {
    let bad = |field: &str| {
        ApiError::bad_request("invalid_query", format!("The {field} filter is not valid"))
            .with_field(field, "invalid_filter")
    };
    let fixture_id = match params.filter.get("fixture_id") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(n.as_i64().ok_or_else(|| bad("fixture_id"))?),
        Some(Value::String(s)) if s.is_empty() => None,
        Some(Value::String(s)) => Some(s.parse().map_err(|_| bad("fixture_id"))?),
        Some(_) => return Err(bad("fixture_id")),
    };
    let payment_status = match params.filter.get("payment_status") {
        None | Some(Value::Null) => None,
        Some(v) => match v
            .as_i64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        {
            Some(n @ -1..=1) => Some(n as i16),
            _ => return Err(bad("payment_status")),
        },
    };
    Ok(issuance::ListQuery {
        fixture_id,
        state: params.filter_str("state"),
        payment_status,
        search: params.filter_str("q"),
        sort: params.sort_field.clone(),
        descending: params.descending,
        offset: params.offset,
        limit: params.limit,
    })
}

/// `GET /api/admin/issued-tickets`: filters `fixture_id`, `state`, `q`.
async fn list_issued(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let (items, total) = issuance::issued_tickets(&mut conn, &query(&params)?, None).await?;
    Ok(rest::page("issued-tickets", &params, items, total))
}

/// `GET /api/admin/issued-tickets/{id}`.
async fn get_issued(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let one = issuance::ListQuery {
        limit: 1,
        ..Default::default()
    };
    let (items, _) = issuance::issued_tickets(&mut conn, &one, Some(id)).await?;
    items
        .into_iter()
        .next()
        .map(|t| axum::Json(t).into_response())
        .ok_or_else(|| ApiError::not_found("No such ticket"))
}

async fn order_rows(
    state: &AppState,
    raw: RawListParams,
    resource: &str,
    failed_only: bool,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let (items, total) = issuance::orders(&mut conn, &query(&params)?, failed_only, None).await?;
    Ok(rest::page(resource, &params, items, total))
}

async fn order_row(state: &AppState, id: &str, failed_only: bool) -> ApiResult<issuance::OrderRow> {
    let not_found = || ApiError::not_found("No such order");
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let one = issuance::ListQuery {
        limit: 1,
        ..Default::default()
    };
    let (items, _) = issuance::orders(&mut conn, &one, failed_only, Some(id)).await?;
    items.into_iter().next().ok_or_else(not_found)
}

/// `GET /api/admin/failed-issues`: orders whose issuing gave up; filter `state`.
async fn list_failed(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    order_rows(&state, raw, "failed-issues", true).await
}

/// `GET /api/admin/failed-issues/{id}`.
async fn get_failed(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(axum::Json(order_row(&state, &id, true).await?).into_response())
}

fn not_failed() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "not_failed",
        "This order is not waiting for staff: it was already retried or refunded",
    )
}

/// `POST /api/admin/failed-issues/{id}/retry`: issues what is still missing. Audited.
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn retry_failed(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let row = order_row(&state, &id, true).await?;
    let mut tx = state.pool.begin().await?;
    if !workflows::checkout::retry_issue(&mut tx, row.id).await? {
        return Err(not_failed());
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "order.issue_retried",
        "order",
        &row.id.to_string(),
        json!({"error": row.error, "attempts": row.attempts}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(order_row(&state, &id, true).await?).into_response())
}

/// `POST /api/admin/failed-issues/{id}/refund`: refunds the payment and frees the seats.
/// Audited.
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn refund_failed(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let row = order_row(&state, &id, true).await?;
    if row.state != "failed" {
        return Err(not_failed());
    }
    let mut tx = state.pool.begin().await?;
    if !workflows::checkout::refund(&mut tx, row.id, "issue_failed").await? {
        return Err(not_failed());
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "order.refunded",
        "order",
        &row.id.to_string(),
        json!({"total_cents": row.total_cents, "error": row.error}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(order_row(&state, &id, true).await?).into_response())
}

/// `GET /api/admin/orders`: filters `fixture_id`, `payment_status`, `state`, `q` (e-mail).
async fn list_orders(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    order_rows(&state, raw, "orders", false).await
}

/// `GET /api/admin/orders/{id}`.
async fn get_order(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(axum::Json(order_row(&state, &id, false).await?).into_response())
}
