//! One's supporter cards (spec: the profile's supporter_card list, tessera-tifoso,
//! autorizzazione-verificatesseratifoso): list, add after the ticketing system confirmed the
//! card, remove.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use chrono::NaiveDate;
use domain::cards::{self, CardQuery, VerifiedCard};
use integrations::ticketing::TicketingError;
use serde::Deserialize;
use std::{collections::BTreeMap, time::Duration};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_cards, add))
        .routes(routes!(remove))
}

/// Card checks one account may make in [`CHECK_WINDOW`] (a birth date is not guessed by
/// trying them all).
const CHECKS_PER_WINDOW: i32 = 10;
const CHECK_WINDOW: Duration = Duration::from_secs(15 * 60);

/// `GET /api/me/supporter-cards`: one's cards, oldest first.
#[utoipa::path(get, path = "/me/supporter-cards", tag = "account", security(("session" = [])), responses((status = 200, body = Vec<domain::cards::SupporterCard>)))]
async fn my_cards(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let (mut list, _) = cards::list(
        &mut conn,
        &CardQuery {
            user_id: Some(session.user.user_id),
            limit: cards::MAX_CARDS_PER_ACCOUNT,
            ..Default::default()
        },
    )
    .await?;
    list.reverse();
    Ok(axum::Json(list).into_response())
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default, deny_unknown_fields)]
struct NewCard {
    card_number: String,
    /// The holder's birth date as on the card, yyyy-mm-dd.
    birth_date: String,
}

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message).with_field("card_number", code)
}

fn not_found_card() -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "card_not_found",
        "No supporter card has this number and holder's birth date",
    )
    .with_field("card_number", "card_not_found")
}

/// `POST /api/me/supporter-cards` `{card_number, birth_date}`: asks the ticketing system for
/// the card and adds it when the birth date is its holder's and it is registered or issued.
/// 422 `card_not_found` (unknown number or another birth date, told apart from nobody),
/// 422 `card_not_valid` (revoked or expired), 409 `card_already_yours` / `card_taken` /
/// `too_many_cards`, 429 past the checks allowed, 503 when the system does not answer.
#[utoipa::path(post, path = "/me/supporter-cards", tag = "account", security(("session" = [])), request_body = NewCard, responses(
    (status = 201, body = domain::cards::SupporterCard),
    (status = 409, body = crate::openapi::ErrorBody, description = "`card_already_yours`, `card_taken`, `too_many_cards`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`card_not_found`, `card_not_valid`, `validation_failed`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn add(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(new): Json<NewCard>,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let mut errors = BTreeMap::new();
    let number = cards::normalise_number(&new.card_number);
    if number.is_none() {
        let why = if new.card_number.trim().is_empty() {
            "required"
        } else {
            "invalid"
        };
        errors.insert("card_number".to_owned(), why.to_owned());
    }
    let birth_date = NaiveDate::parse_from_str(new.birth_date.trim(), "%Y-%m-%d")
        .ok()
        .filter(|d| *d < chrono::Utc::now().date_naive());
    if birth_date.is_none() {
        let why = if new.birth_date.trim().is_empty() {
            "required"
        } else {
            "invalid"
        };
        errors.insert("birth_date".to_owned(), why.to_owned());
    }
    let (Some(number), Some(birth_date)) = (number, birth_date) else {
        return Err(ApiError::validation(errors));
    };

    // Counted first, and "another account holds it" told only once the birth date proved the
    // card is the fan's: otherwise card numbers could be tried one after another for free.
    let mut conn = state.pool.acquire().await?;
    if !domain::rate_limit::hit(
        &mut conn,
        &format!("cards:user:{user}"),
        CHECK_WINDOW,
        CHECKS_PER_WINDOW,
    )
    .await?
    {
        return Err(ApiError::rate_limited());
    }
    if cards::holder_of(&mut conn, &number).await? == Some(user) {
        return Err(conflict(
            "card_already_yours",
            "The card is already in your account",
        ));
    }
    drop(conn);

    let card = match state.ticketing.card(&number).await {
        Ok(card) => card,
        Err(TicketingError::Refused { status: 404, .. }) => return Err(not_found_card()),
        Err(e) => {
            tracing::warn!(error = %e, "supporter card look-up failed");
            return Err(ApiError::ticketing_unavailable());
        }
    };
    if card.holder.birth_date != birth_date {
        return Err(not_found_card());
    }
    if !matches!(card.state.as_str(), "registered" | "issued") {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "card_not_valid",
            "The card is revoked or expired",
        )
        .with_field("card_number", "card_not_valid"));
    }

    let mut tx = state.pool.begin().await?;
    let added = cards::add(
        &mut tx,
        user,
        &VerifiedCard {
            number: card.number,
            first_name: card.holder.first_name,
            last_name: card.holder.last_name,
            birth_date: card.holder.birth_date,
            state: card.state,
            expires_on: card.expires_on,
        },
    )
    .await?;
    domain::audit::record(
        &mut tx,
        Some(user),
        "supporter_card.added",
        "supporter_card",
        &added.id.to_string(),
        serde_json::json!({ "card_number": added.card_number }),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(added)).into_response())
}

/// `DELETE /api/me/supporter-cards/{id}`: 204; 404 when it is not one of one's cards.
#[utoipa::path(delete, path = "/me/supporter-cards/{id}", tag = "account", security(("session" = [])),
    params(("id" = Uuid, Path)), responses(
    (status = 204, description = "Removed"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`: not one of one's cards"),
))]
#[tracing::instrument(skip_all)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let removed = cards::remove(&mut tx, id, Some(session.user.user_id))
        .await?
        .ok_or_else(|| ApiError::not_found("No such supporter card"))?;
    domain::audit::record(
        &mut tx,
        Some(session.user.user_id),
        "supporter_card.removed",
        "supporter_card",
        &id.to_string(),
        serde_json::json!({ "card_number": removed.card_number }),
    )
    .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
