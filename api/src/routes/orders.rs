//! Checkout for fans: a hold becomes an order, holders are named and checked, the payment is
//! created and confirmed (the spec's create-payment-intent, confirm-payment-intent and
//! confirm-payment-intent-free), the payment provider's webhook, the wallet with its PDF
//! tickets, and notifications. See docs/api/checkout.md.

use crate::{
    auth::{CurrentUser, Session},
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    state::AppState,
};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use domain::ids::{FixtureId, OrderId, ReductionId};
use domain::money::Cents;
use domain::preemption::rights;
use domain::{
    fixtures,
    orders::{
        self, HolderInput, NamedLine, NamingRefusal, Order, OrderState, PaymentOutcome,
        PaymentStatus,
    },
};
use integrations::{
    documents,
    payments::{PaymentsError, WebhookEvent},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use utoipa::IntoParams;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::{
    checkout,
    eligibility::{self, CheckError},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_order))
        .routes(routes!(list_orders))
        .routes(routes!(get_order, cancel_order))
        .routes(routes!(name_holders))
        .routes(routes!(verify_holders))
        .routes(routes!(create_payment))
        .routes(routes!(confirm_payment))
        .routes(routes!(confirm_free))
        .routes(routes!(wallet))
        .routes(routes!(send_all_tickets))
        .routes(routes!(ticket_pdf))
        .routes(routes!(notifications))
        .routes(routes!(read_notifications))
}

/// The webhook lives outside the CSRF check (the provider signs it instead).
pub fn webhook_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payment_webhook))
}

/// The caller's orders, newest first.
#[derive(Serialize, ToSchema)]
struct OrderList {
    items: Vec<Order>,
}

/// What the payment form needs: the intent and where to confirm it.
#[derive(Serialize, ToSchema)]
pub(crate) struct PaymentView {
    payment_intent_id: String,
    client_secret: String,
    amount_cents: Cents,
    currency: &'static str,
    publishable_key: String,
    /// `stripe`, or `simulator` in development and tests.
    provider: &'static str,
    /// The simulator's address (development and tests only).
    simulator_url: Option<String>,
}

impl PaymentView {
    pub(crate) fn new(state: &AppState, intent_id: String, secret: String, amount: Cents) -> Self {
        let payments = &state.config.payments;
        PaymentView {
            payment_intent_id: intent_id,
            client_secret: secret,
            amount_cents: amount,
            currency: "eur",
            publishable_key: payments.publishable_key.clone(),
            provider: if payments.simulated {
                "simulator"
            } else {
                "stripe"
            },
            simulator_url: payments
                .simulated
                .then(|| payments.api_url.trim_end_matches('/').to_owned()),
        }
    }
}

/// A payment's outcome (the spec's codes) and the order as it now is.
#[derive(Serialize, ToSchema)]
struct OutcomeView {
    /// `paymentProcessedSuccess`, `paymentAlreadyProcessed` or `unknownOrNoDocument`.
    outcome: &'static str,
    order: Option<Order>,
}

/// The caller's titles, soonest match first.
#[derive(Serialize, ToSchema)]
struct Wallet {
    items: Vec<orders::WalletTicket>,
    /// Match tickets passed on to the caller from season seats (one match each; they cannot
    /// be passed on again).
    received_matches: Vec<domain::transfers::ReceivedSeasonMatch>,
}

/// The caller's latest notifications, newest first.
#[derive(Serialize, ToSchema)]
struct Notifications {
    items: Vec<orders::Notification>,
    unread: usize,
}

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

fn order_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "order_not_found", "No such order")
}

pub(crate) fn not_pending() -> ApiError {
    conflict(
        "order_not_pending",
        "This order can no longer be changed or paid",
    )
}

fn parse_id(raw: &str) -> ApiResult<OrderId> {
    Uuid::parse_str(raw)
        .map(OrderId)
        .map_err(|_| order_not_found())
}

async fn owned(state: &AppState, session: &Session, id: &str) -> ApiResult<Order> {
    let id = parse_id(id)?;
    let mut conn = state.pool.acquire().await?;
    orders::load_owned(&mut conn, id, session.user.user_id)
        .await?
        .ok_or_else(order_not_found)
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
struct CreateOrder {
    /// The e-mail's and tickets' language; the account's when absent.
    #[serde(default)]
    language: Option<String>,
}

/// `POST /api/fixtures/{id}/checkout`: the caller's hold becomes a pending order.
#[utoipa::path(post, path = "/fixtures/{id}/checkout", tag = "orders", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")),
    request_body(content = CreateOrder, description = "Optional"),
    responses(
    (status = 201, body = Order, description = "The caller's hold became a pending order"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`nothing_held`; during a pre-emption phase `preemption_phase` (no right shown) and `right_in_use` (another live order for the match carries the right), `one_seat_per_right` (more than one seat held, or one outside the right's sectors)"),
))]
#[tracing::instrument(skip_all, fields(fixture = id.0))]
async fn create_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
    body: Bytes,
) -> ApiResult<Response> {
    // The body is optional: `{"language": "en"}`, or nothing.
    let body: CreateOrder = if body.iter().all(u8::is_ascii_whitespace) {
        CreateOrder::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| {
            ApiError::bad_request("malformed_json", format!("The body is not valid: {e}"))
        })?
    };
    let language = match body.language.as_deref() {
        Some("it") | Some("en") => body.language.clone().unwrap_or_default(),
        None => domain::language::Language::from_code_or_default(&session.user.language)
            .code()
            .to_owned(),
        Some(_) => {
            return Err(ApiError::validation(
                [("language".to_owned(), "it or en".to_owned())].into(),
            ));
        }
    };
    let mut tx = state.pool.begin().await?;
    let terms = fixtures::sale_terms(&mut tx, id)
        .await?
        .filter(|f| f.status < fixtures::SHOWN_BELOW)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "fixture_not_found",
                "No such fixture on sale",
            )
        })?;
    // During a match's pre-emption phase the order carries the fan's right.
    let right = if terms.in_preemption() {
        match rights::current_claim(&mut tx, id, session.user.user_id).await? {
            Some(c) => Some(c),
            None => return Err(super::rights::preemption_phase(&mut tx, id).await?),
        }
    } else {
        None
    };
    let created = orders::create_from_hold(
        &mut tx,
        id,
        session.user.user_id,
        &session.user.email,
        &language,
    )
    .await?;
    let order_id = created?;
    if let Some(right) = &right {
        // One seat per right, in a sector it opens, whatever was held before the right was
        // shown (a hold taken, a right changed, another hold taken).
        let sectors: Vec<String> = sqlx::query_scalar!(
            "select b.sector_code from order_line l join venue_block b on b.id = l.block_id
              where l.order_id = $1",
            order_id.0
        )
        .fetch_all(&mut *tx)
        .await?;
        if sectors.len() != 1 || !sectors.iter().all(|s| right.opens(s)) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "one_seat_per_right",
                "A right buys one seat, in a sector it opens: release the others",
            )
            .with_detail("sectors", serde_json::json!(right.sectors)));
        }
    }
    if let Some(right) = &right
        && !rights::attach(&mut tx, order_id, right).await?
    {
        // Another fan's order for the match carries this right: one of them wins.
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "right_in_use",
            "Another order for this match is using this right",
        ));
    }
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(order)).into_response())
}

/// `GET /api/orders`: the caller's orders, newest first.
#[utoipa::path(get, path = "/orders", tag = "orders", security(("session" = [])), responses((status = 200, body = OrderList)))]
async fn list_orders(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let mut items = vec![];
    for id in orders::ids_of_user(&mut conn, session.user.user_id).await? {
        if let Some(o) = orders::load(&mut conn, id).await? {
            items.push(o);
        }
    }
    Ok(axum::Json(OrderList { items }).into_response())
}

/// `GET /api/orders/{id}`.
#[utoipa::path(get, path = "/orders/{id}", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = Order), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
))]
async fn get_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    Ok(axum::Json(owned(&state, &session, &id).await?).into_response())
}

/// `DELETE /api/orders/{id}`: cancels a pending order and releases its seats.
#[utoipa::path(delete, path = "/orders/{id}", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 204, description = "Cancelled; its seats released"), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`"),
))]
async fn cancel_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    let mut tx = state.pool.begin().await?;
    if !orders::cancel(&mut tx, &order).await? {
        return Err(not_pending());
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct HolderLineInput {
    id: i64,
    #[schema(value_type = i32)]
    reduction_id: ReductionId,
    holder: HolderInput,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct HoldersRequest {
    lines: Vec<HolderLineInput>,
}

/// `PUT /api/orders/{id}/holders`: names every line's holder and reduction.
#[utoipa::path(put, path = "/orders/{id}/holders", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")),
    request_body = HoldersRequest, responses(
    (status = 200, body = Order), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`, `holder_has_seat` (`errors.line_ids`), `payment_started`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names `lines.{i}.{field}`"),
))]
#[tracing::instrument(skip_all)]
async fn name_holders(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<HoldersRequest>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    let named: Vec<NamedLine> = parse_holders(req.lines.iter().map(|l| &l.holder))?
        .into_iter()
        .zip(&req.lines)
        .map(|(holder, line)| NamedLine {
            line_id: line.id,
            reduction_id: line.reduction_id,
            holder,
        })
        .collect();
    let mut tx = state.pool.begin().await?;
    if let Err(refusal) = orders::name_holders(&mut tx, &order, &named, true).await? {
        let sent: Vec<i64> = req.lines.iter().map(|l| l.id).collect();
        return Err(naming_refused(
            refusal,
            &sent,
            NamingWords {
                not_sold: "not sold online for this sector",
                not_qualifying: "the holder does not qualify for this reduction on the match day",
                has_seat: (
                    "holder_has_seat",
                    "This person already has a seat for this fixture",
                ),
            },
        ));
    }
    let order = orders::load(&mut tx, order.id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok(axum::Json(order).into_response())
}

/// Checks every holder a fan typed; errors keyed `lines.{i}.{field}` (a 422).
pub(crate) fn parse_holders<'a>(
    inputs: impl Iterator<Item = &'a HolderInput>,
) -> ApiResult<Vec<orders::HolderDetails>> {
    let today = chrono::Utc::now().date_naive();
    let mut errors = BTreeMap::new();
    let mut holders = vec![];
    for (i, input) in inputs.enumerate() {
        match input.parse(today) {
            Ok(holder) => holders.push(holder),
            Err(field_errors) => {
                for (field, message) in field_errors {
                    errors.insert(format!("lines.{i}.{field}"), message);
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    Ok(holders)
}

/// How a kind of order words its naming refusals.
pub(crate) struct NamingWords {
    pub(crate) not_sold: &'static str,
    pub(crate) not_qualifying: &'static str,
    /// The code and message of "this person already has a seat".
    pub(crate) has_seat: (&'static str, &'static str),
}

/// A naming refusal as the API answers it; `sent`: the line ids in the order they were sent
/// (a reduction's error names `lines.{i}.reduction_id`).
pub(crate) fn naming_refused(refusal: NamingRefusal, sent: &[i64], words: NamingWords) -> ApiError {
    let reduction_errors = |refused: &[i64], message: &str| {
        ApiError::validation(
            sent.iter()
                .enumerate()
                .filter(|(_, id)| refused.contains(id))
                .map(|(i, _)| (format!("lines.{i}.reduction_id"), message.to_owned()))
                .collect(),
        )
    };
    match refusal {
        NamingRefusal::NotPending => not_pending(),
        NamingRefusal::WrongLines => ApiError::validation(
            [(
                "lines".to_owned(),
                "send every line of the order, once".to_owned(),
            )]
            .into(),
        ),
        NamingRefusal::ReductionNotAllowed(lines) => reduction_errors(&lines, words.not_sold),
        NamingRefusal::HolderNotEligible(lines) => reduction_errors(&lines, words.not_qualifying),
        NamingRefusal::HolderHasSeat(lines) => {
            conflict(words.has_seat.0, words.has_seat.1).with_detail("line_ids", json!(lines))
        }
        NamingRefusal::NotTheRenewedHolder(lines) => conflict(
            "renewal_holder",
            "A renewed season ticket stays with last season's holder",
        )
        .with_detail("line_ids", json!(lines)),
        NamingRefusal::PaymentStarted => conflict(
            "payment_started",
            "The payment has begun: reductions can no longer change",
        ),
    }
}

/// `POST /api/orders/{id}/verify` (the spec's /vrocheck): asks the ticketing system whether
/// each holder may receive a title (not banned, no title yet for the match).
#[utoipa::path(post, path = "/orders/{id}/verify", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = Order, description = "Each line's `eligible` and `ineligible_reason` filled in"), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`holders_missing`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn verify_holders(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    if !order.holders_complete {
        return Err(conflict("holders_missing", "Name every holder first"));
    }
    eligibility::check_and_record(&state.ticketing, &state.pool, &order)
        .await
        .map_err(|e| match e {
            CheckError::Database(e) => e.into(),
            CheckError::Ticketing(_) => ApiError::ticketing_unavailable(),
        })?;
    let mut conn = state.pool.acquire().await?;
    let order = orders::load(&mut conn, order.id)
        .await?
        .ok_or_else(ApiError::internal)?;
    Ok(axum::Json(order).into_response())
}

/// Before a payment is created (or a free order confirmed): the ticketing system is asked
/// whatever it will check at issue, so that no fan pays for a title it will refuse. A 409
/// `holders_ineligible` names each refused line (`errors["lines.{id}"]`: the reason's code;
/// the order, read again, says the same per line). When the ticketing system does not answer,
/// the payment goes ahead: issuing waits for the system to come back, and a refusal then
/// refunds the order by itself.
async fn predict_refusals(state: &AppState, order: &Order) -> ApiResult<()> {
    match eligibility::check_and_record(&state.ticketing, &state.pool, order).await {
        Ok(verdicts) => {
            let refused: Vec<(i64, &str)> = verdicts
                .iter()
                .filter_map(|(line, v)| v.map(|v| (*line, v.code())))
                .collect();
            if refused.is_empty() {
                return Ok(());
            }
            Err(refused.into_iter().fold(
                conflict(
                    "holders_ineligible",
                    "The ticketing system would refuse a ticket of this order: see each holder",
                ),
                |e, (line, code)| e.with_field(format!("lines.{line}"), code),
            ))
        }
        Err(CheckError::Database(e)) => Err(e.into()),
        Err(CheckError::Ticketing(e)) if e.is_retryable() => {
            tracing::warn!(error = %e, order_id = %order.id, "holders not checked: the ticketing system does not answer");
            Ok(())
        }
        Err(CheckError::Ticketing(e)) => {
            tracing::warn!(error = %e, order_id = %order.id, "the ticketing system refused the check");
            Err(conflict(
                "not_on_sale",
                "This match is not on sale in the ticketing system now",
            ))
        }
    }
}

pub(crate) fn payments_unavailable(e: PaymentsError) -> ApiError {
    tracing::warn!(error = %e, "payment provider");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "payments_unavailable",
        "Payments are not available now: try again shortly",
    )
}

/// Checks that a pending order can be paid now.
fn payable(order: &Order) -> ApiResult<()> {
    if order.state != OrderState::Pending || order.payment_status != PaymentStatus::Pending {
        return Err(not_pending());
    }
    if !order.holders_complete {
        return Err(conflict("holders_missing", "Name every holder first"));
    }
    if order.expires_at.is_some_and(|e| e <= chrono::Utc::now()) {
        return Err(conflict(
            "hold_expired",
            "The time to pay for these seats has run out: choose them again",
        ));
    }
    Ok(())
}

/// `POST /api/orders/{id}/payment` (spec: create-payment-intent): the amount is the
/// server's; calling it again returns the same intent.
#[utoipa::path(post, path = "/orders/{id}/payment", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = PaymentView, description = "The same intent on every call"), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`, `holders_missing`, `hold_expired`, `free_order`, `holders_ineligible` (`errors[\"lines.{id}\"]`: the reason), `not_on_sale`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn create_payment(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    payable(&order)?;
    if order.total_cents.is_zero() {
        return Err(conflict(
            "free_order",
            "This order is free: confirm it instead",
        ));
    }
    predict_refusals(&state, &order).await?;
    let (intent_id, secret, fresh) = intent_of(
        &state,
        &order.id.to_string(),
        (&order.payment_intent_id, &order.client_secret),
        order.total_cents,
        &format!("{} ({} seats)", order.fixture.title, order.lines.len()),
    )
    .await?;
    if fresh {
        let mut conn = state.pool.acquire().await?;
        orders::attach_intent(&mut conn, order.id, &intent_id, &secret).await?;
    }
    Ok(axum::Json(PaymentView::new(
        &state,
        intent_id,
        secret,
        order.total_cents,
    ))
    .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConfirmRequest {
    pub(crate) client_secret: String,
}

/// An order's PaymentIntent: the one it has, or a new one for `amount` (keyed by the order, so
/// asking twice makes one). Returns (id, client secret, new: the caller attaches it).
pub(crate) async fn intent_of(
    state: &AppState,
    order_id: &str,
    (id, secret): (&Option<String>, &Option<String>),
    amount: Cents,
    description: &str,
) -> ApiResult<(String, String, bool)> {
    if let (Some(i), Some(s)) = (id, secret) {
        return Ok((i.clone(), s.clone(), false));
    }
    let intent = state
        .payments
        .create_intent(
            order_id,
            amount.0,
            description,
            &format!("{order_id}-intent"),
        )
        .await
        .map_err(payments_unavailable)?;
    let secret = intent
        .client_secret
        .clone()
        .ok_or_else(ApiError::internal)?;
    Ok((intent.id, secret, true))
}

/// The provider's word on an order's intent: the intent when it succeeded; 402
/// `payment_declined` or 409 `payment_pending` (with its `status`) otherwise.
pub(crate) async fn succeeded_intent(
    state: &AppState,
    intent_id: Option<&str>,
) -> ApiResult<integrations::payments::Intent> {
    let intent = state
        .payments
        .intent(intent_id.unwrap_or_default())
        .await
        .map_err(payments_unavailable)?;
    match intent.status.as_str() {
        "succeeded" => Ok(intent),
        "requires_payment_method" | "canceled" => Err(ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            "payment_declined",
            "The payment was declined",
        )
        .with_detail("status", json!(intent.status))),
        _ => Err(
            conflict("payment_pending", "The payment is not complete yet")
                .with_detail("status", json!(intent.status)),
        ),
    }
}

async fn outcome_response(
    state: &AppState,
    order_id: OrderId,
    outcome: PaymentOutcome,
) -> ApiResult<Response> {
    let order = match outcome {
        PaymentOutcome::UnknownOrNoDocument => None,
        _ => {
            let mut conn = state.pool.acquire().await?;
            orders::load(&mut conn, order_id).await?
        }
    };
    Ok(axum::Json(OutcomeView {
        outcome: outcome.code(),
        order,
    })
    .into_response())
}

/// `POST /api/orders/{id}/confirm` (spec: confirm-payment-intent, the fan's return): the
/// provider must say the payment succeeded; then the spec's transition.
#[utoipa::path(post, path = "/orders/{id}/confirm", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")),
    request_body = ConfirmRequest, responses(
    (status = 200, body = OutcomeView),
    (status = 402, body = crate::openapi::ErrorBody, description = "`payment_declined` (`errors.status`)"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`payment_pending` (`errors.status`)"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn confirm_payment(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<ConfirmRequest>,
) -> ApiResult<Response> {
    let Ok(order_id) = Uuid::parse_str(&id).map(OrderId) else {
        return outcome_response(
            &state,
            OrderId(Uuid::nil()),
            PaymentOutcome::UnknownOrNoDocument,
        )
        .await;
    };
    let mut conn = state.pool.acquire().await?;
    let order = orders::load_owned(&mut conn, order_id, session.user.user_id).await?;
    drop(conn);
    let Some(order) = order.filter(|o| o.client_secret.as_deref() == Some(&req.client_secret))
    else {
        return outcome_response(&state, order_id, PaymentOutcome::UnknownOrNoDocument).await;
    };
    if order.payment_status == PaymentStatus::Paid {
        return outcome_response(&state, order_id, PaymentOutcome::AlreadyProcessed).await;
    }
    let intent = succeeded_intent(&state, order.payment_intent_id.as_deref()).await?;
    let mut tx = state.pool.begin().await?;
    let outcome = checkout::settle_payment(
        &mut tx,
        order_id,
        &req.client_secret,
        Cents(intent.amount_cents),
        orders::PaymentMethod::Card,
    )
    .await?;
    tx.commit().await?;
    outcome_response(&state, order_id, outcome).await
}

/// `POST /api/orders/{id}/confirm-free` (spec: confirm-payment-intent-free).
#[utoipa::path(post, path = "/orders/{id}/confirm-free", tag = "orders", security(("session" = [])), params(("id" = String, Path, description = "The order (a UUID)")), responses(
    (status = 200, body = OutcomeView), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_free`, `order_not_pending`, `holders_missing`, `hold_expired`, `holders_ineligible`, `not_on_sale`"),
))]
#[tracing::instrument(skip_all)]
async fn confirm_free(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    if !order.total_cents.is_zero() {
        return Err(conflict("not_free", "This order is not free"));
    }
    if order.payment_status == PaymentStatus::Paid {
        return outcome_response(&state, order.id, PaymentOutcome::AlreadyProcessed).await;
    }
    payable(&order)?;
    predict_refusals(&state, &order).await?;
    let secret = format!("free_{}", order.id);
    let mut tx = state.pool.begin().await?;
    orders::attach_intent(&mut tx, order.id, &secret, &secret).await?;
    let outcome = checkout::settle_payment(
        &mut tx,
        order.id,
        &secret,
        Cents::ZERO,
        orders::PaymentMethod::Free,
    )
    .await?;
    tx.commit().await?;
    outcome_response(&state, order.id, outcome).await
}

/// Answer to the provider.
#[derive(Serialize, ToSchema)]
struct Received {
    received: bool,
}

/// `POST /api/payments/webhook`: the provider's signed events. A succeeded payment takes the
/// same transition as the fan's return; whichever comes first wins. Answers 2xx once the
/// event is handled (or is not ours), so the provider stops redelivering it; an invalid
/// signature is 400 and changes nothing.
#[utoipa::path(post, path = "/api/payments/webhook", tag = "orders", security(()),
    params(("stripe-signature" = String, Header, description = "The provider's signature of the body")),
    request_body(content = Object, description = "The provider's event, as it signs it"),
    responses(
        (status = 200, body = Received, description = "Handled, or not ours: the provider stops redelivering"),
        (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_webhook`: no or a wrong signature; nothing changed"),
))]
#[tracing::instrument(skip_all)]
async fn payment_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let invalid =
        |why: &str| ApiError::bad_request("invalid_webhook", format!("Not a valid webhook: {why}"));
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| invalid("no signature"))?;
    let payload = std::str::from_utf8(&body).map_err(|_| invalid("not UTF-8"))?;
    let event = state
        .payments
        .verify_webhook(payload, signature)
        .map_err(|e| invalid(&e.to_string()))?;
    let WebhookEvent::PaymentSucceeded(intent) = event else {
        return Ok(axum::Json(json!({"received": true})).into_response());
    };
    let (Some(order_id), Some(secret)) = (
        intent
            .order_id
            .as_deref()
            .and_then(|o| Uuid::parse_str(o).ok())
            .map(OrderId),
        intent.client_secret.as_deref(),
    ) else {
        tracing::warn!(intent = %intent.id, "a payment of no order of ours");
        return Ok(axum::Json(json!({"received": true})).into_response());
    };
    if crate::routes::resale::settle_from_webhook(
        &state,
        order_id.0,
        secret,
        Cents(intent.amount_cents),
    )
    .await?
    {
        return Ok(axum::Json(json!({"received": true})).into_response());
    }
    let mut tx = state.pool.begin().await?;
    // The intent's order is a single-match order, a season order or a resale purchase: ids
    // never collide.
    let outcome = if domain::season_orders::exists(&mut tx, order_id.0).await? {
        workflows::season_orders::settle_payment(
            &mut tx,
            domain::ids::SeasonOrderId(order_id.0),
            secret,
            Cents(intent.amount_cents),
            orders::PaymentMethod::Card,
        )
        .await?
    } else {
        checkout::settle_payment(
            &mut tx,
            order_id,
            secret,
            Cents(intent.amount_cents),
            orders::PaymentMethod::Card,
        )
        .await?
    };
    tx.commit().await?;
    if outcome == PaymentOutcome::UnknownOrNoDocument {
        tracing::warn!(order_id = %order_id, intent = %intent.id, "a payment that matches no order");
    }
    Ok(axum::Json(json!({"received": true, "outcome": outcome.code()})).into_response())
}

/// What `POST /api/wallet/send` queued.
#[derive(Serialize, ToSchema)]
struct SendAllQueued {
    /// Orders whose e-mail is sent again: matches ahead, and season tickets.
    orders: usize,
}

/// How often a fan may have their tickets sent again.
const SEND_ALL_WINDOW: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// `POST /api/wallet/send` (spec: send-all-tickets): every ticket of the caller's for a match
/// ahead, and their season tickets, e-mailed again (one e-mail per order, by a job).
#[utoipa::path(post, path = "/wallet/send", tag = "orders", security(("session" = [])), responses(
    (status = 202, body = SendAllQueued, description = "Queued"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`no_tickets`: nothing issued for a match ahead"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: once in ten minutes"),
))]
async fn send_all_tickets(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let round = Uuid::now_v7();
    let mut tx = state.pool.begin().await?;
    let (matches, seasons) = orders::to_send_again(&mut tx, user, round).await?;
    let count = matches.len() + seasons.len();
    if count == 0 {
        return Err(conflict(
            "no_tickets",
            "You have no tickets for a match ahead",
        ));
    }
    if !domain::rate_limit::hit(&mut tx, &format!("send_all:{user}"), SEND_ALL_WINDOW, 1).await? {
        return Err(ApiError::rate_limited());
    }
    workflows::enqueue(
        &mut tx,
        &workflows::tickets::SendAllTickets {
            user_id: user,
            round,
        },
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(SendAllQueued { orders: count }),
    )
        .into_response())
}

/// `GET /api/wallet`: the caller's titles.
#[utoipa::path(get, path = "/wallet", tag = "orders", security(("session" = [])), responses((status = 200, body = Wallet)))]
async fn wallet(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = orders::wallet(&mut conn, session.user.user_id, None).await?;
    let received_matches =
        domain::transfers::received_season_matches(&mut conn, Some(session.user.user_id), None)
            .await?;
    Ok(axum::Json(Wallet {
        items,
        received_matches,
    })
    .into_response())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PdfQuery {
    /// `it` or `en`; the order's language when absent.
    lang: Option<String>,
}

/// `GET /api/wallet/{id}/pdf?lang=it|en` (spec: download-single-ticket).
#[utoipa::path(get, path = "/wallet/{id}/pdf", tag = "orders", security(("session" = [])),
    params(("id" = i64, Path, description = "The ticket (an order line)"), PdfQuery), responses(
    (status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The ticket as a PDF"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn ticket_pdf(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<PdfQuery>,
) -> ApiResult<Response> {
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "ticket_not_found", "No such ticket");
    let mut conn = state.pool.acquire().await?;
    let ticket = orders::wallet(&mut conn, session.user.user_id, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    let order = orders::load(&mut conn, ticket.order_id)
        .await?
        .ok_or_else(not_found)?;
    let line = order
        .lines
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(not_found)?;
    let (Some(title), Some(holder)) = (&line.title, &line.holder) else {
        return Err(not_found());
    };
    let lang = documents::Lang::parse(q.lang.as_deref().unwrap_or(&order.language));
    let doc = workflows::tickets::ticket_document(&order, line, title, holder);
    let pdf = workflows::runtime::off_runtime(move || documents::ticket_pdf(&doc, lang)).await;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"biglietto-{}.pdf\"", title.seal),
            ),
        ],
        pdf,
    )
        .into_response())
}

/// `GET /api/notifications`.
#[utoipa::path(get, path = "/notifications", tag = "orders", security(("session" = [])), responses((status = 200, body = Notifications)))]
async fn notifications(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = orders::notifications(&mut conn, session.user.user_id).await?;
    let unread = items.iter().filter(|n| !n.read).count();
    Ok(axum::Json(Notifications { items, unread }).into_response())
}

/// `POST /api/notifications/read`: marks them all read.
#[utoipa::path(post, path = "/notifications/read", tag = "orders", security(("session" = [])), responses((status = 204, description = "All marked read")))]
async fn read_notifications(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    orders::mark_notifications_read(&mut conn, session.user.user_id).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
