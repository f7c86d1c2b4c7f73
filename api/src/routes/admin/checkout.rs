//! Staff's view of checkout: issued tickets (spec: /admin/tickets/issuedtickets), failed
//! issues with retry and refund (spec: /admin/tickets/issuefailed), and every order.

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
use domain::ids::{FixtureId, ReductionId, SeatId};
use domain::{accounts, audit, email::Email, inventory, issuance, moderation, orders};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::box_office::StaffSale;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_issued))
        .routes(routes!(get_issued))
        .routes(routes!(list_failed))
        .routes(routes!(get_failed))
        .routes(routes!(retry_failed))
        .routes(routes!(refund_failed))
        .routes(routes!(list_orders, create_order))
        .routes(routes!(get_order))
}

/// The list filters every checkout list understands.
fn query(params: &ListParams) -> ApiResult<issuance::ListQuery> {
    let fixture_id = params.filter_i64("fixture_id")?.map(FixtureId);
    let payment_status = match params.filter.get("payment_status") {
        None | Some(Value::Null) => None,
        Some(v) => match v
            .as_i64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        {
            Some(n @ -1..=1) => Some(n as i16),
            _ => return Err(rest::bad_filter("payment_status")),
        },
    };
    let user_id = match params.filter_str("user_id") {
        None => None,
        Some(u) => Some(Uuid::parse_str(&u).map_err(|_| rest::bad_filter("user_id"))?),
    };
    Ok(issuance::ListQuery {
        fixture_id,
        user_id,
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
#[utoipa::path(get, path = "/issued-tickets", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<issuance::IssuedTicket>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `fixture_id`, `state`, `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
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
#[utoipa::path(get, path = "/issued-tickets/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = issuance::IssuedTicket),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
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
#[utoipa::path(get, path = "/failed-issues", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<issuance::OrderRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `fixture_id`, `state`, `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_failed(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    order_rows(&state, raw, "failed-issues", true).await
}

/// `GET /api/admin/failed-issues/{id}`.
#[utoipa::path(get, path = "/failed-issues/{id}", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = issuance::OrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
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
#[utoipa::path(post, path = "/failed-issues/{id}/retry", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = issuance::OrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_failed`, `refused_for_good`: the ticketing system refused for a reason that cannot change"),
))]
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn retry_failed(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let row = order_row(&state, &id, true).await?;
    if let Some(code) = &row.error_code {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "refused_for_good",
            format!(
                "The ticketing system refused this order ({code}): a retry would be refused the same way; refund it"
            ),
        ));
    }
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
#[utoipa::path(post, path = "/failed-issues/{id}/refund", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = issuance::OrderRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_failed`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all, fields(order_id = %id))]
async fn refund_failed(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let row = order_row(&state, &id, true).await?;
    if row.state != orders::OrderState::Failed {
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
#[utoipa::path(get, path = "/orders", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<issuance::OrderRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `fixture_id`, `payment_status`, `state`, `q` (e-mail)"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_orders(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    order_rows(&state, raw, "orders", false).await
}

/// `GET /api/admin/orders/{id}`: the order's page: its row, the payment, each seat with its
/// holder and title, the e-mails sent about it and its audit trail.
#[utoipa::path(get, path = "/orders/{id}", tag = "admin", params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = issuance::OrderDetail),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_order(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("No such order");
    let id = Uuid::parse_str(&id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let detail = issuance::order_detail(&mut conn, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(axum::Json(detail).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct SaleLine {
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    seat_id: Option<SeatId>,
    /// Instead of `seat_id`: the seat's label (`TC-TC1-1-1`).
    #[serde(default)]
    label: Option<String>,
    #[schema(value_type = i32)]
    reduction_id: ReductionId,
    holder: orders::HolderInput,
    /// Season tickets only: one title per covered match instead of a season title.
    #[serde(default)]
    collection: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SaleRequest {
    #[schema(value_type = i64)]
    fixture_id: FixtureId,
    buyer_email: String,
    payment_method: String,
    #[serde(default)]
    language: Option<String>,
    lines: Vec<SaleLine>,
}

/// What every sale at the box office names, checked: the buyer, how they pay, the
/// language, and each line's seat, reduction, holder and form.
pub(super) struct Desk {
    pub buyer_email: Email,
    pub payment_method: orders::PaymentMethod,
    pub language: &'static str,
    /// (seat, reduction, holder, collection)
    pub lines: Vec<(SeatId, ReductionId, orders::HolderDetails, bool)>,
}

impl Desk {
    /// Checks the fields (every problem at once, as `validation_failed`) and finds labelled
    /// seats, on `tx`. `collections`: whether lines may be collections (season tickets).
    pub(super) async fn parse(
        tx: &mut sqlx::PgConnection,
        buyer_email: &str,
        payment_method: &str,
        language: Option<&str>,
        lines: &[SaleLine],
        collections: bool,
    ) -> ApiResult<Desk> {
        let mut errors = BTreeMap::new();
        let buyer_email = Email::parse(buyer_email)
            .map_err(|_| errors.insert("buyer_email".into(), "invalid_email".into()))
            .ok();
        let method = orders::PaymentMethod::at_box_office(payment_method);
        if method.is_none() {
            errors.insert(
                "payment_method".into(),
                "cash, pos, bank_transfer or complimentary".into(),
            );
        }
        let language = match language {
            None | Some("it") => "it",
            Some("en") => "en",
            Some(_) => {
                errors.insert("language".into(), "it or en".into());
                "it"
            }
        };
        if lines.is_empty() {
            errors.insert("lines".into(), "at least one seat".into());
        }
        let today = chrono::Utc::now().date_naive();
        let mut holders = vec![];
        for (i, line) in lines.iter().enumerate() {
            match line.holder.parse(today) {
                Ok(h) => holders.push(h),
                Err(e) => {
                    for (field, message) in e {
                        errors.insert(format!("lines.{i}.{field}"), message);
                    }
                }
            }
            if line.seat_id.is_some() == line.label.is_some() {
                errors.insert(format!("lines.{i}.seat_id"), "a seat id or a label".into());
            }
            if line.collection && !collections {
                errors.insert(
                    format!("lines.{i}.collection"),
                    "only for season tickets".into(),
                );
            }
        }
        let (Some(buyer_email), Some(payment_method), true) =
            (buyer_email, method, errors.is_empty())
        else {
            return Err(ApiError::validation(errors));
        };
        let labels: Vec<String> = lines.iter().filter_map(|l| l.label.clone()).collect();
        let by_label: BTreeMap<String, SeatId> = inventory::seats_by_label(tx, &labels)
            .await?
            .into_iter()
            .map(|(id, label)| (label, id))
            .collect();
        let mut parsed = vec![];
        for (i, (line, holder)) in lines.iter().zip(holders).enumerate() {
            let seat = match (&line.seat_id, &line.label) {
                (Some(id), _) => *id,
                (None, Some(label)) => *by_label.get(label).ok_or_else(|| {
                    ApiError::validation(
                        [(format!("lines.{i}.label"), "unknown seat".to_owned())].into(),
                    )
                })?,
                (None, None) => unreachable!("checked above"),
            };
            parsed.push((seat, line.reduction_id, holder, line.collection));
        }
        Ok(Desk {
            buyer_email,
            payment_method,
            language,
            lines: parsed,
        })
    }

    /// The buyer's account (made for them when they have none); refused when their e-mail
    /// is banned.
    pub(super) async fn buyer(&self, tx: &mut sqlx::PgConnection) -> ApiResult<Uuid> {
        if moderation::is_email_banned(tx, &self.buyer_email).await? {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "buyer_banned",
                "This e-mail is banned: no tickets can be sold to it",
            ));
        }
        let (buyer, _) =
            accounts::create_or_get(tx, &self.buyer_email, None, None, Default::default()).await?;
        Ok(buyer.user_id)
    }
}

/// `POST /api/admin/orders`: staff sell seats to a buyer at the box office (the spec's
/// orders by admin: isOrderByAdmin, buyer_email, payment_method); issued like an online
/// order. Audited.
#[utoipa::path(post, path = "/orders", tag = "admin", request_body = SaleRequest, responses(
    (status = 201, body = issuance::OrderRow),
    (status = 409, body = crate::openapi::ErrorBody, description = "`buyer_banned`, `fixture_not_on_sale`, `holder_has_seat`, `seats_unavailable`, `sector_full`, `buyer_limit`, `no_adjacent_seats`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`, `reduction_not_allowed`"),
))]
#[tracing::instrument(skip_all)]
async fn create_order(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<SaleRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let desk = Desk::parse(
        &mut tx,
        &req.buyer_email,
        &req.payment_method,
        req.language.as_deref(),
        &req.lines,
        false,
    )
    .await?;
    let buyer = desk.buyer(&mut tx).await?;
    let buyer_email = desk.buyer_email.clone();
    let (payment_method, language) = (desk.payment_method, desk.language);
    let lines = desk
        .lines
        .into_iter()
        .map(|(seat, reduction, holder, _)| (seat, reduction, holder))
        .collect();
    let sale = StaffSale {
        fixture_id: req.fixture_id,
        buyer,
        buyer_email: buyer_email.as_str(),
        staff: staff.user.user_id,
        payment_method,
        language,
        lines,
        mass_task: None,
    };
    let order_id = workflows::box_office::sell_at_box_office(&mut tx, &sale).await??;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "order.sold_by_staff",
        "order",
        &order_id.to_string(),
        json!({"buyer_email": buyer_email.as_str(), "payment_method": req.payment_method,
               "seats": sale.lines.len(), "fixture_id": req.fixture_id}),
    )
    .await?;
    tx.commit().await?;
    let row = order_row(&state, &order_id.to_string(), false).await?;
    Ok((StatusCode::CREATED, axum::Json(row)).into_response())
}
