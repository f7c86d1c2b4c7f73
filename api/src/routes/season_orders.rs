//! A fan's season purchase (issue 17): the season hold becomes an order, its holders are
//! named (a season title or a collection per seat) and checked with the ticketing system
//! (the spec's /seasonticketvrocheck: abbonamento-isutilizzatore and the person check), the
//! payment created and confirmed (the spec's confirm-payment-intent-season, the same 0 -> 1
//! rule and outcome codes; the provider's webhook settles it too), and the season tickets in
//! the wallet with their PDFs.

use super::orders::{
    ConfirmRequest, NamingWords, PaymentView, intent_of, naming_refused, not_pending,
    parse_holders, succeeded_intent,
};
use crate::{
    auth::{CurrentUser, Session},
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    state::AppState,
};
use axum::{
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use domain::ids::{FixtureId, ReductionId, SeasonOrderId, SeasonTicketId};
use domain::money::Cents;
use domain::{
    orders::{HolderInput, OrderState, PaymentMethod, PaymentOutcome, PaymentStatus},
    season_orders::{self, NamedSeasonLine, SeasonOrder, WalletSeason},
    seasons,
};
use integrations::documents;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::eligibility::{SeasonSeat, check_season_seats};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_season_order))
        .routes(routes!(get_season_order, cancel_season_order))
        .routes(routes!(name_season_holders))
        .routes(routes!(verify_season_holders))
        .routes(routes!(create_season_payment))
        .routes(routes!(confirm_season_payment))
        .routes(routes!(season_wallet))
        .routes(routes!(season_ticket_pdf))
}

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

fn order_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "order_not_found", "No such order")
}

async fn owned(state: &AppState, session: &Session, id: &str) -> ApiResult<SeasonOrder> {
    let id = Uuid::parse_str(id)
        .map(SeasonOrderId)
        .map_err(|_| order_not_found())?;
    let mut conn = state.pool.acquire().await?;
    season_orders::load_owned(&mut conn, id, session.user.user_id)
        .await?
        .ok_or_else(order_not_found)
}

/// `POST /api/season-tickets/{id}/checkout`: the caller's season hold becomes a pending order.
#[utoipa::path(post, path = "/season-tickets/{id}/checkout", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")),
    responses(
    (status = 201, body = SeasonOrder, description = "The caller's season hold became a pending order"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`nothing_held`"),
))]
#[tracing::instrument(skip_all, fields(season = id.0))]
async fn create_season_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    seasons::list(&mut tx, true, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "season_ticket_not_found",
                "No such season ticket on sale",
            )
        })?;
    let language = domain::language::Language::from_code_or_default(&session.user.language)
        .code()
        .to_owned();
    let order_id = season_orders::create_from_hold(
        &mut tx,
        id,
        session.user.user_id,
        &session.user.email,
        &language,
    )
    .await?
    .ok_or_else(|| conflict("nothing_held", "Hold seats for the season first"))?;
    let order = season_orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(order)).into_response())
}

/// `GET /api/season-orders/{id}`: the caller's season order.
#[utoipa::path(get, path = "/season-orders/{id}", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrder), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
))]
async fn get_season_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    Ok(axum::Json(owned(&state, &session, &id).await?).into_response())
}

/// `DELETE /api/season-orders/{id}`: the caller gives up a pending season order; its seats
/// are released in every covered match.
#[utoipa::path(delete, path = "/season-orders/{id}", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonOrder, description = "Cancelled"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`"),
))]
async fn cancel_season_order(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    let mut tx = state.pool.begin().await?;
    if !season_orders::cancel(&mut tx, &order).await? {
        return Err(not_pending());
    }
    if let Some(terms) = seasons::terms(&mut tx, order.season.id).await? {
        seasons::release(&mut tx, &terms, session.user.user_id).await?;
    }
    let order = season_orders::load(&mut tx, order.id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok(axum::Json(order).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SeasonHolderLine {
    id: i64,
    #[schema(value_type = i32)]
    reduction_id: ReductionId,
    /// One ticket per match (the spec's isCollection) instead of one season title.
    #[serde(default)]
    collection: bool,
    holder: HolderInput,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SeasonHoldersRequest {
    lines: Vec<SeasonHolderLine>,
}

/// `PUT /api/season-orders/{id}/holders`: names every seat's holder, reduction and form.
#[utoipa::path(put, path = "/season-orders/{id}/holders", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")),
    request_body = SeasonHoldersRequest, responses(
    (status = 200, body = SeasonOrder), (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`, `holder_has_season_ticket` (`errors.line_ids`), `payment_started`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names `lines.{i}.{field}`"),
))]
#[tracing::instrument(skip_all)]
async fn name_season_holders(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<SeasonHoldersRequest>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    let named: Vec<NamedSeasonLine> = parse_holders(req.lines.iter().map(|l| &l.holder))?
        .into_iter()
        .zip(&req.lines)
        .map(|(holder, line)| NamedSeasonLine {
            line_id: line.id,
            reduction_id: line.reduction_id,
            holder,
            collection: line.collection,
        })
        .collect();
    let mut tx = state.pool.begin().await?;
    if let Err(refusal) = season_orders::name_holders(&mut tx, &order, &named).await? {
        let sent: Vec<i64> = req.lines.iter().map(|l| l.id).collect();
        return Err(naming_refused(
            refusal,
            &sent,
            NamingWords {
                not_sold: "not sold online for this sector this season",
                not_qualifying: "the holder does not qualify for this reduction on the first match's day",
                has_seat: (
                    "holder_has_season_ticket",
                    "This person already has a seat for this season ticket",
                ),
            },
        ));
    }
    let order = season_orders::load(&mut tx, order.id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok(axum::Json(order).into_response())
}

/// One holder as the ticketing system sees them.
#[derive(Serialize, ToSchema)]
struct SeasonLineCheck {
    line_id: i64,
    eligible: bool,
    /// `season_not_on_sale` (the ticketing system sells the season to the public only after
    /// its renewals' window), `match_not_on_sale` (a collection: a covered match not on public
    /// sale yet), `banned`, `has_season_ticket` (a live season ticket of this type already),
    /// or `card_required` (a covered match is high-risk: the supporter card is needed).
    reason: Option<&'static str>,
}

#[derive(Serialize, ToSchema)]
struct SeasonCheck {
    lines: Vec<SeasonLineCheck>,
}

/// Each named holder's verdict (see [`workflows::eligibility::check_season_seats`]).
async fn check_holders(
    state: &AppState,
    order: &SeasonOrder,
) -> Result<Vec<SeasonLineCheck>, integrations::ticketing::TicketingError> {
    let (ids, seats): (Vec<i64>, Vec<SeasonSeat>) = order
        .lines
        .iter()
        .filter_map(|l| {
            let holder = l.holder.as_ref()?;
            Some((
                l.id,
                SeasonSeat {
                    holder,
                    collection: l.collection,
                },
            ))
        })
        .unzip();
    let verdicts =
        check_season_seats(&state.ticketing, &order.season, &seats, order.renewal).await?;
    Ok(ids
        .into_iter()
        .zip(verdicts)
        .map(|(line_id, reason)| SeasonLineCheck {
            line_id,
            eligible: reason.is_none(),
            reason,
        })
        .collect())
}

/// `POST /api/season-orders/{id}/verify` (the spec's /seasonticketvrocheck).
#[utoipa::path(post, path = "/season-orders/{id}/verify", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = SeasonCheck, description = "Each holder's verdict"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`holders_missing`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn verify_season_holders(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    if !order.holders_complete {
        return Err(conflict("holders_missing", "Name every holder first"));
    }
    let lines = check_holders(&state, &order)
        .await
        .map_err(|_| ApiError::ticketing_unavailable())?;
    Ok(axum::Json(SeasonCheck { lines }).into_response())
}

fn payable(order: &SeasonOrder) -> ApiResult<()> {
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

/// `POST /api/season-orders/{id}/payment`: the amount is the server's; calling it again
/// returns the same intent. The holders are checked first, so nobody pays for a season
/// ticket the ticketing system will refuse (when it does not answer, the payment goes ahead
/// and issuing waits for it).
#[utoipa::path(post, path = "/season-orders/{id}/payment", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")), responses(
    (status = 200, body = PaymentView, description = "The same intent on every call"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`order_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`order_not_pending`, `holders_missing`, `hold_expired`, `holders_ineligible` (`errors[\"lines.{id}\"]`: the reason)"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn create_season_payment(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let order = owned(&state, &session, &id).await?;
    payable(&order)?;
    match check_holders(&state, &order).await {
        Ok(checks) => {
            let refused: Vec<&SeasonLineCheck> = checks.iter().filter(|c| !c.eligible).collect();
            if !refused.is_empty() {
                return Err(refused.into_iter().fold(
                    conflict(
                        "holders_ineligible",
                        "The ticketing system would refuse a season ticket of this order: see each holder",
                    ),
                    |e, c| e.with_field(format!("lines.{}", c.line_id), c.reason.unwrap_or("")),
                ));
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, order_id = %order.id, "season holders not checked");
        }
    }
    let (intent_id, secret, fresh) = intent_of(
        &state,
        &order.id.to_string(),
        (&order.payment_intent_id, &order.client_secret),
        order.total_cents,
        &format!("{} ({} seats)", order.season.name, order.lines.len()),
    )
    .await?;
    if fresh {
        let mut conn = state.pool.acquire().await?;
        season_orders::attach_intent(&mut conn, order.id, &intent_id, &secret).await?;
    }
    Ok(axum::Json(PaymentView::new(
        &state,
        intent_id,
        secret,
        order.total_cents,
    ))
    .into_response())
}

/// A payment's outcome (the spec's codes) and the season order as it now is.
#[derive(Serialize, ToSchema)]
struct SeasonOutcomeView {
    /// `paymentProcessedSuccess`, `paymentAlreadyProcessed` or `unknownOrNoDocument`.
    outcome: &'static str,
    order: Option<SeasonOrder>,
}

/// `POST /api/season-orders/{id}/confirm` (spec: confirm-payment-intent-season, the fan's
/// return): the provider must say the payment succeeded; then the spec's transition.
#[utoipa::path(post, path = "/season-orders/{id}/confirm", tag = "seasons", security(("session" = [])),
    params(("id" = String, Path, description = "The season order (a UUID)")),
    request_body = ConfirmRequest, responses(
    (status = 200, body = SeasonOutcomeView),
    (status = 402, body = crate::openapi::ErrorBody, description = "`payment_declined` (`errors.status`)"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`payment_pending` (`errors.status`)"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn confirm_season_payment(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<ConfirmRequest>,
) -> ApiResult<Response> {
    let unknown = || {
        axum::Json(SeasonOutcomeView {
            outcome: PaymentOutcome::UnknownOrNoDocument.code(),
            order: None,
        })
        .into_response()
    };
    let Ok(order_id) = Uuid::parse_str(&id).map(SeasonOrderId) else {
        return Ok(unknown());
    };
    let mut conn = state.pool.acquire().await?;
    let order = season_orders::load_owned(&mut conn, order_id, session.user.user_id).await?;
    drop(conn);
    let Some(order) = order.filter(|o| o.client_secret.as_deref() == Some(&req.client_secret))
    else {
        return Ok(unknown());
    };
    let outcome = if order.payment_status == PaymentStatus::Paid {
        PaymentOutcome::AlreadyProcessed
    } else {
        let intent = succeeded_intent(&state, order.payment_intent_id.as_deref()).await?;
        let mut tx = state.pool.begin().await?;
        let outcome = workflows::season_orders::settle_payment(
            &mut tx,
            order_id,
            &req.client_secret,
            Cents(intent.amount_cents),
            PaymentMethod::Card,
        )
        .await?;
        tx.commit().await?;
        outcome
    };
    let mut conn = state.pool.acquire().await?;
    let order = season_orders::load(&mut conn, order_id).await?;
    Ok(axum::Json(SeasonOutcomeView {
        outcome: outcome.code(),
        order,
    })
    .into_response())
}

/// The caller's season tickets.
#[derive(Serialize, ToSchema)]
struct SeasonWallet {
    items: Vec<WalletSeason>,
}

/// `GET /api/wallet/seasons`: the caller's season tickets with every covered match (the
/// next one first) and each match's state; a collection's as its match titles appear.
#[utoipa::path(get, path = "/wallet/seasons", tag = "seasons", security(("session" = [])),
    responses((status = 200, body = SeasonWallet)))]
async fn season_wallet(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = season_orders::wallet(&mut conn, session.user.user_id).await?;
    Ok(axum::Json(SeasonWallet { items }).into_response())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SeasonPdfQuery {
    /// A collection's match: that match's ticket. Absent: the season title.
    fixture: Option<i64>,
    /// `it` or `en`; the order's language when absent.
    lang: Option<String>,
}

/// `GET /api/wallet/seasons/{line}/pdf`: a season title as a PDF (holder, seat, gate, every
/// match with its date, seal, QR), or one match's ticket of a collection (`?fixture=`).
#[utoipa::path(get, path = "/wallet/seasons/{line}/pdf", tag = "seasons", security(("session" = [])),
    params(("line" = i64, Path, description = "The season seat (an order line)"), SeasonPdfQuery), responses(
    (status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The title as a PDF"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn season_ticket_pdf(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(line_id): Path<i64>,
    Query(q): Query<SeasonPdfQuery>,
) -> ApiResult<Response> {
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "ticket_not_found", "No such ticket");
    let mut conn = state.pool.acquire().await?;
    let order_id = season_orders::owned_line(&mut conn, session.user.user_id, line_id)
        .await?
        .ok_or_else(not_found)?;
    let order = season_orders::load(&mut conn, order_id)
        .await?
        .ok_or_else(not_found)?;
    let line = order
        .lines
        .iter()
        .find(|l| l.id == line_id)
        .ok_or_else(not_found)?;
    let lang = documents::Lang::parse(q.lang.as_deref().unwrap_or(&order.language));
    let (pdf, seal) = match q.fixture {
        None => {
            let title = line.title.as_ref().ok_or_else(not_found)?;
            let doc = workflows::season_orders::season_document(
                &order,
                line,
                &title.seal,
                &title.barcode,
            );
            let pdf = workflows::runtime::off_runtime(move || documents::season_pdf(&doc, lang));
            (pdf.await, title.seal.clone())
        }
        Some(fixture) => {
            let t = line
                .match_titles
                .iter()
                .find(|t| t.fixture_id == FixtureId(fixture))
                .ok_or_else(not_found)?;
            let doc = workflows::season_orders::match_document(
                &order,
                line,
                t.fixture_id,
                &t.seal,
                &t.barcode,
            )
            .ok_or_else(not_found)?;
            let pdf = workflows::runtime::off_runtime(move || documents::ticket_pdf(&doc, lang));
            (pdf.await, t.seal.clone())
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"abbonamento-{seal}.pdf\""),
            ),
        ],
        pdf,
    )
        .into_response())
}
